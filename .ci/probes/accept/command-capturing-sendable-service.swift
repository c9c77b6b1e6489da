// Must compile: a Command whose execute closure captures a Sendable service.
// modes: default
// Fails with main-actor default isolation until terminal callbacks take the caller's isolation.
import LazySeqSignals

final class LoginService: Sendable {
  func login(_ name: String) -> Signal<Bool> { .just(!name.isEmpty) }
}

let service = LoginService()
let login = Command { [service] (input: String) in service.login(input) }
login.execute("ada").subscribe(next: { print($0) })
