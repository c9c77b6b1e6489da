// modes: main-actor
// Must compile with main-actor default isolation (an Xcode app target), with
// no isolation annotation: a view model subscribes to a signal that sends on
// a background queue and updates itself from its value, error and
// completion callbacks. They were written on the main actor, so they run
// there. (Rejected, "main actor-isolated property 'results' can not be
// mutated from a Sendable closure", when terminal callbacks were plain
// @Sendable closures.)
import LazySeq
import LazySeqSignals

final class SearchModel {
  var results: [String] = []
  var failure: (any Error)?
  var isDone = false
  var subscription: (any Disposable)?

  func start(_ query: Signal<String>) {
    subscription = query.deliver(on: QueueScheduler(label: "search"))
      .map { $0.uppercased() }
      .subscribe(
        next: { [weak self] in self?.results.append($0) },
        error: { [weak self] in self?.failure = $0 },
        completed: { [weak self] in self?.isDone = true })
  }
}

let model = SearchModel()
model.start(Signal(Seq(["a", "b"]), on: QueueScheduler()))
