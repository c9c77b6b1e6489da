// Must not compile: bind over a signal of a non-Sendable class whose binder
// keeps the previous value. The binder lives as long as the subscription and
// runs on whichever thread sends each value, so a value kept from one
// thread's send would be touched during another thread's. bind, whose binder
// may keep state, requires Value: Sendable; flatMap, whose closure keeps
// nothing, takes values of any type
// (accept/nonsendable-values-through-stateless-operators.swift).
// The class is `nonisolated`: with main-actor default isolation an
// unannotated class is main-actor isolated, and so Sendable.
import LazySeqSignals

nonisolated final class Box {
  var count = 0
}

nonisolated func pairs(_ boxes: Signal<Box>) -> Signal<Int> {
  boxes.bind {  // rejected: bind requires Box: Sendable
    var previous: Box?
    return { box, _ in
      defer { previous = box }
      return .just((previous?.count ?? 0) + box.count)
    }
  }
}
