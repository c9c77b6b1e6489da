// Must compile: `Seq.Shared { … }` builds the shared pipeline in a closure
// that belongs to no actor, so its closure literals need no `@Sendable`
// even where code is main-actor isolated (the `@MainActor` function, and
// every declaration under main-actor default isolation); the shared value
// is then walked by 4 threads at once. A trailing closure picks this
// initializer, not `init(_: sending Seq)`.
import Dispatch
import LazySeq

func sumFromFourThreads() {
  let squares = Seq.Shared { Seq(0..<1_000).map { $0 * $0 } }
  let group = DispatchGroup()
  for _ in 0..<4 {
    DispatchQueue.global().async(group: group) { print(squares.reduce(0, +)) }
  }
  group.wait()
}

@MainActor
func sumOnMainActorFromFourThreads() {
  let evens = Seq.Shared { Seq.iterate(0) { $0 + 2 }.map { $0 / 2 }.take(100) }
  let group = DispatchGroup()
  for _ in 0..<4 {
    DispatchQueue.global().async(group: group) { print(evens.reduce(0, +)) }
  }
  group.wait()
}
