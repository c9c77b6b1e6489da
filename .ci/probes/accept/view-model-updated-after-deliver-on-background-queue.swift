// Must compile: a @MainActor view model that sets its own property in a
// subscribe closure after deliver(on:) a background queue. The callback was
// written on the main actor, so it runs there (the classic Swift 6 crash of
// RxSwift and Combine code cannot happen). (Rejected when terminal callbacks
// were plain @Sendable closures.)
import LazySeqSignals

@MainActor
final class ViewModel {
  var text = ""

  func bind(to names: Signal<String>) {
    names.deliver(on: QueueScheduler(label: "work")).subscribe(next: { [weak self] name in
      self?.text = name
    })
  }
}
