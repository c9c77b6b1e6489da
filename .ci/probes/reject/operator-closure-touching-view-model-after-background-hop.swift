// Must not compile, in every client mode: a @MainActor view model's state
// touched in an *operator* closure (map) after deliver(on:) a background
// queue. Operator closures are @Sendable and run where the signal delivers;
// only terminal callbacks run on the actor they were written on.
import LazySeqSignals

@MainActor
final class Counter {
  var seen = 0

  func follow(_ names: Signal<String>) {
    names.deliver(on: QueueScheduler(label: "work"))
      .map { [weak self] name in
        self?.seen += 1  // rejected: main-actor property mutated from a @Sendable closure
        return name
      }
      .subscribe()
  }
}
