// Must not compile: dropLast over two merged subjects of a non-Sendable
// class, each fed from its own task. dropLast keeps the last value it
// received and sends it when the next one arrives, so task 1's box would be
// delivered on task 2's thread while task 1 still mutates it. A Signal is
// Sendable whatever its values, so the operators that keep a value (dropLast,
// takeLast, collect, windows, distinctUntilChanged, bind, …) require
// Value: Sendable. The same pipeline through operators that keep nothing
// compiles (accept/nonsendable-values-through-stateless-operators.swift).
// The class is `nonisolated`: with main-actor default isolation an
// unannotated class is main-actor isolated, and so Sendable.
import LazySeqSignals

nonisolated final class Box {
  var count = 0
}

nonisolated func race() {
  let a = Subject<Box>()
  let b = Subject<Box>()
  _ = Signal.merge(a.signal, b.signal).dropLast(1)  // rejected: dropLast requires Box: Sendable
    .subscribe(Subscriber(next: { box in _ = box.count }))
  Task.detached {
    let box = Box()
    a.sendNext(box)
    for _ in 0..<100_000 { box.count += 1 }
  }
  Task.detached {
    let box = Box()
    b.sendNext(box)
    for _ in 0..<100_000 { box.count += 1 }
  }
}
