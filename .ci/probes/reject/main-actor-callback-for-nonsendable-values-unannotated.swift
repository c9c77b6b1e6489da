// Must not compile: the same as main-actor-callback-for-nonsendable-values,
// written as main-actor code writes it, without an annotation (the callback
// takes the main actor's isolation from where it is written).
// modes: main-actor
import LazySeqSignals

final class Screen {
  var last: [String: Any] = [:]

  func show(_ updates: Signal<[String: Any]>) {
    updates.subscribe(next: { self.last = $0 })  // rejected: [String: Any] is not Sendable
  }
}
