// Must not compile: a MutableProperty whose value is a non-Sendable class,
// mutated from several tasks. A property is Sendable only when its value is:
// the tasks would all change the one shared instance at the same time and
// lose updates. With a Sendable value (see
// accept/property-of-int-modified-from-tasks.swift) the same code compiles.
import LazySeqSignals

final class Counter {
  var count = 0
}

func countFromTasks() async {
  let property = MutableProperty(Counter())
  await withTaskGroup(of: Void.self) { group in
    for _ in 0..<8 {
      group.addTask { property.value.count += 1 }  // rejected: the property is not Sendable
    }
  }
}
