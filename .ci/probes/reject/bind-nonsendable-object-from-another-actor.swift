// Must not compile: an actor binds a signal to an object that is not
// Sendable. The binding sets a non-Sendable object's property only on the
// main actor, called from there; a Sendable object and key path may be
// bound from any actor (values are then set on that actor).
import LazySeqSignals

nonisolated final class Label {
  var text = ""
}

actor Presenter {
  let label = Label()

  func show(_ names: Signal<String>) {
    names.bind(to: label, \.text)  // rejected: Label is not Sendable, and this is not the main actor
  }
}
