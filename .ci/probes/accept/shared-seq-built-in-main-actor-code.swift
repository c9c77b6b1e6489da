// Must compile: @MainActor code shares a sequence by marking its closure
// @Sendable. There a plain closure literal is main-actor isolated, which ties
// the sequence to the main actor; a @Sendable closure keeps it free to move
// into Seq.Shared.
import Dispatch
import LazySeq

@MainActor
func sumFromFourThreads() {
  let doubled = Seq.Shared(Seq(0..<1_000).map { @Sendable in $0 * 2 })
  DispatchQueue.concurrentPerform(iterations: 4) { _ in
    print(doubled.reduce(0, +))
  }
}
