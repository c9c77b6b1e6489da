// modes: main-actor
// Must compile with main-actor default isolation, with no isolation
// annotation: a view model's property fed with `<~` from a signal that
// sends on a background queue, and observed by the view model itself.
import LazySeq
import LazySeqSignals

final class ProfileViewModel {
  let name = MutableProperty("")
  var greeting = ""
  var subscriptions: [any Disposable] = []

  func start(_ names: Signal<String>) {
    subscriptions.append(name <~ names.deliver(on: QueueScheduler(label: "profile")))
    subscriptions.append(name.signal.subscribe(next: { [weak self] in self?.greeting = "Hi \($0)" }))
  }
}

let model = ProfileViewModel()
model.start(Signal(Seq(["Ada", "Grace"])))
