// Must compile: a Command whose execute closure captures a Sendable service.
import LazySeqSignals

final class LoginService: Sendable {
  func login(_ name: String) -> Signal<Bool> { .just(!name.isEmpty) }
}

let service = LoginService()
let login = Command { [service] (input: String) in service.login(input) }
login.execute("ada").subscribe(next: { print($0) })
