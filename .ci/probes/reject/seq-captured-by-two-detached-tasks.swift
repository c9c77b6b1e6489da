// Must not compile: one plain Seq captured by two detached tasks. The tasks
// would force the same memo and run its closures concurrently. Sending it to
// one task compiles; two tasks need Seq.Shared.
import LazySeq

func walkFromTwoTasks() {
  let squares = Seq(1...1_000).map { $0 * $0 }
  Task.detached { print(squares.array.count) }
  Task.detached { print(squares.array.count) }  // rejected: `squares` already went to the first task
}
