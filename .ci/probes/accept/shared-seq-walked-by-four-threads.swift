// Must compile: a Seq.Shared walked by 4 threads at once. The sequence moves
// into the shared value (`sending`), which is Sendable and computes each
// element once whoever walks it. Built in a nonisolated function (said
// explicitly, for main-actor default isolation): in @MainActor code the
// closure literal would make the sequence main-actor isolated (see
// shared-seq-built-in-main-actor-code.swift and
// shared-seq-built-in-closure-walked-by-four-threads.swift).
import Dispatch
import LazySeq

nonisolated func sumFromFourThreads() {
  let doubled = Seq.Shared(Seq(0..<1_000).map { $0 * 2 })
  DispatchQueue.concurrentPerform(iterations: 4) { _ in
    print(doubled.reduce(0, +))
  }
}
