// Must compile: a @MainActor view model updates its own state from a signal
// after deliverOnMainThread(), whose subscribe takes @MainActor closures.
import LazySeqSignals

@MainActor
final class ViewModel {
  var text = ""
  private var subscription: (any Disposable)?

  func bind(to names: Signal<String>) {
    subscription = names.deliverOnMainThread().subscribe(next: { [weak self] name in
      self?.text = name
    })
  }
}
