// modes: default
// Must not compile in nonisolated code: a Command whose execute closure
// captures a non-Sendable object. execute(_:) may be called from any thread,
// and a nonisolated closure runs on the calling one, so it may capture only
// Sendable values. With a Sendable service (see
// accept/command-capturing-sendable-service.swift) it compiles; written on
// the main actor it runs there and may call main-actor services (see
// accept/app-command-calling-main-actor-service.swift).
import LazySeqSignals

final class LoginService {
  var attempts = 0

  func login(_ name: String) -> Signal<Bool> {
    attempts += 1
    return .just(!name.isEmpty)
  }
}

func makeLogin(_ service: LoginService) -> Command<String, Bool> {
  Command { input in service.login(input) }  // rejected: non-Sendable capture in a @Sendable closure
}
