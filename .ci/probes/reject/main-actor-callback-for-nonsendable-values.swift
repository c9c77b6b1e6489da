// Must not compile: a callback written on the main actor receiving values
// of a non-Sendable class. The value stays reachable from the thread that
// sent it (here a detached task keeps mutating it), so handing it to
// main-actor state would race; callbacks for non-Sendable values are plain
// `@Sendable` ones (a `Subscriber`), which run on the sending thread.
// The class is `nonisolated`: with main-actor default isolation an
// unannotated class is main-actor isolated, and so Sendable.
import LazySeqSignals

nonisolated final class Box {
  var count = 0
}

@MainActor enum Store {
  static var kept: Box?
}

@MainActor func demo() async {
  let subject = Subject<Box>()
  subject.signal.subscribe(next: { @MainActor box in Store.kept = box })  // rejected: Box is not Sendable
  let box = Box()
  subject.sendNext(box)
  Task.detached {
    for _ in 0..<200_000 { box.count += 1 }
    _ = subject
  }
}
