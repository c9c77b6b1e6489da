// Must compile: two subjects of a non-Sendable class, each fed from its own
// task, merged and passed through operators that keep no value (map, filter,
// compactMap, take, enumerated, flatMap, materialize), to a nonisolated
// Subscriber that mutates each value. Each value is delivered on the thread
// that sent it, during that send, and nothing keeps it afterwards, so no
// value reaches another thread: these operators stay available for values
// of any type. An operator that keeps a value requires Sendable values
// (reject/merged-nonsendable-values-kept-by-drop-last.swift).
// The class is `nonisolated`: with main-actor default isolation an
// unannotated class is main-actor isolated, and so Sendable.
import LazySeqSignals

nonisolated final class Box {
  var count = 0
}

nonisolated func feed() -> any Disposable {
  let a = Subject<Box>()
  let b = Subject<Box>()
  let subscription = Signal.merge(a.signal, b.signal)
    .map { box in box }
    .filter { $0.count >= 0 }
    .compactMap { Optional($0) }
    .take(4)
    .enumerated()
    .flatMap { pair in Signal.just(pair.offset).materialize() }
    .subscribe(Subscriber(next: { event in print(event) }))
  let boxes = Signal.merge(a.signal, b.signal).take(2)
    .subscribe(Subscriber(next: { box in box.count += 1 }))
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
  return CompoundDisposable([subscription, boxes])
}
