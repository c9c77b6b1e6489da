// Must not compile: a @MainActor view model that sets its own property in a
// subscribe closure after deliver(on:) a background queue. The closure runs
// on that queue, off the main actor (the classic Swift 6 crash of RxSwift and
// Combine code). With deliverOnMainThread() instead of deliver(on:) it
// compiles: see accept/main-actor-view-model-with-deliver-on-main-thread.swift.
import LazySeqSignals

@MainActor
final class ViewModel {
  var text = ""

  func bind(to names: Signal<String>) {
    names.deliver(on: QueueScheduler(label: "work")).subscribe(next: { [weak self] name in
      self?.text = name  // rejected: main-actor property set from a @Sendable closure
    })
  }
}
