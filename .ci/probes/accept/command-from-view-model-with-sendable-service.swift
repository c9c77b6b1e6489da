// Must compile: a @MainActor view model makes a Command over a Sendable
// service and shows its results through deliverOnMainThread().
import LazySeqSignals

final class LoginService: Sendable {
  func login(_ name: String) -> Signal<Bool> { .just(!name.isEmpty) }
}

@MainActor
final class LoginViewModel {
  var loggedIn = false
  let login: Command<String, Bool>

  init(service: LoginService) {
    login = Command { [service] input in service.login(input) }
  }

  func submit(_ name: String) {
    login.execute(name).deliverOnMainThread().subscribe(next: { [weak self] ok in self?.loggedIn = ok })
  }
}
