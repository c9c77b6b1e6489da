// Must not compile: a map closure that owns a non-Sendable counter, its
// signal subscribed from many tasks. Every subscription runs the same closure
// object, so the subscriptions would increment one counter concurrently.
// Operator closures are @Sendable; with a Sendable counter (an actor, a
// Mutex, a MutableProperty<Int>) it compiles.
import LazySeqSignals

final class Counter {
  var count = 0
}

func countFromTasks(_ numbers: Signal<Int>) async {
  let counter = Counter()
  let counted = numbers.map { n in
    counter.count += 1  // rejected: non-Sendable capture in a @Sendable closure
    return n
  }
  await withTaskGroup(of: Void.self) { group in
    for _ in 0..<8 {
      group.addTask { _ = counted.subscribe(next: { _ in }) }
    }
  }
}
