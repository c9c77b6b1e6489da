// Must compile: a fresh Seq, whose map closure captures a fresh non-Sendable
// object, moved to one detached task. Nothing else can reach the sequence or
// the object, so the whole region may be sent. The class and the function
// are `nonisolated`: with main-actor default isolation, unannotated, the
// class would be main-actor isolated and the closure with it, and a
// main-actor closure stays on the main actor (for that code,
// shared-seq-built-in-closure-walked-by-four-threads.swift).
import LazySeq

nonisolated final class Counter {
  var calls = 0
}

nonisolated func walkInBackground() async {
  let counter = Counter()
  let doubled = Seq(1...1_000).map { n in
    counter.calls += 1
    return n * 2
  }
  let total = await Task.detached { doubled.reduce(0, +) }.value
  print(total)
}
