// Must compile: a fresh Seq, whose map closure captures a fresh non-Sendable
// object, moved to one detached task. Nothing else can reach the sequence or
// the object, so the whole region may be sent.
import LazySeq

final class Counter {
  var calls = 0
}

func walkInBackground() async {
  let counter = Counter()
  let doubled = Seq(1...1_000).map { n in
    counter.calls += 1
    return n * 2
  }
  let total = await Task.detached { doubled.reduce(0, +) }.value
  print(total)
}
