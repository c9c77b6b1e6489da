// modes: main-actor
// Must compile with main-actor default isolation, with no isolation
// annotation: a view model's Command calls an app service (main-actor
// state, like everything in such a module), and the view model handles the
// results and `executing` in its own callbacks. (Rejected, "call to main
// actor-isolated instance method 'login' in a synchronous nonisolated
// context", when the execution closure was a plain @Sendable closure.)
import LazySeqSignals

final class LoginService {
  var attempts = 0
  func login(_ name: String) -> Signal<Bool> {
    attempts += 1
    return .just(!name.isEmpty)
  }
}

final class LoginViewModel {
  private let service = LoginService()
  var loggedIn = false
  var busy = false
  var failure: (any Error)?
  var subscriptions: [any Disposable] = []
  let login: Command<String, Bool>
  // A lazy property's initializer is nonisolated in Swift 6.3 (even
  // `Task { … }` does not inherit the actor there): mark the closure.
  lazy var retry = Command<String, Bool> { @MainActor [service] in service.login($0) }

  init() {
    login = Command { [service] in service.login($0) }
  }

  func bindState() {
    subscriptions.append(login.executing.subscribe(next: { [weak self] in self?.busy = $0 }))
    subscriptions.append(login.errors.subscribe(next: { [weak self] in self?.failure = $0 }))
  }

  func submit(_ name: String) {
    login.execute(name).subscribe(next: { [weak self] in self?.loggedIn = $0 })
  }
}

let model = LoginViewModel()
model.bindState()
model.submit("ada")
