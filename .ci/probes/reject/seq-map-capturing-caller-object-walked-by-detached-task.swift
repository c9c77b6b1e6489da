// Must not compile: a Seq whose map closure captures a non-Sendable object
// that the caller still holds, walked by a detached task. The sequence and
// everything its closures capture form one region; sending it to the task
// would let the task and the caller touch `counter` at the same time.
// Created inside the function instead (a fresh object nobody else holds),
// the same code compiles: see accept/seq-moved-to-detached-task.swift.
import LazySeq

final class Counter {
  var calls = 0
}

func walkInBackground(counting counter: Counter) {
  let doubled = Seq(1...1_000).map { n in
    counter.calls += 1
    return n * 2
  }
  Task.detached { print(doubled.array.count) }  // rejected: sends the caller's `counter` with the sequence
}
