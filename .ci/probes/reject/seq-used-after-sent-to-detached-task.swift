// Must not compile: a Seq sent to a detached task and then walked here too.
// A Seq is not Sendable (its operator closures are plain closures and its
// memo is filled by whoever walks it), so it may move to another task but
// not be used by two at once. Without the last line it compiles; to walk one
// sequence from several tasks, share it with Seq.Shared.
import LazySeq

func walkTwice() {
  let squares = Seq(1...1_000).map { $0 * $0 }
  Task.detached { print(squares.array.count) }
  print(squares.head ?? 0)  // rejected: `squares` was sent to the task above
}
