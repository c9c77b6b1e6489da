// Must compile: a MutableProperty<Int> modified from several tasks. A
// property of a Sendable value is Sendable, and modify(_:) is atomic.
import LazySeqSignals

func countFromTasks() async -> Int {
  let property = MutableProperty(0)
  await withTaskGroup(of: Void.self) { group in
    for _ in 0..<8 {
      group.addTask { property.modify { $0 += 1 } }
    }
  }
  return property.value
}
