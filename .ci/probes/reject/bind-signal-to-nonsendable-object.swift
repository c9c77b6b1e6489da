// Must not compile: Signal.bind(to:_:) onto a non-Sendable object. The
// binding sets the property on whatever thread sends, so the root must be
// Sendable; UI objects are bound after deliverOnMainThread() (see
// accept/bind-main-thread-signal-to-main-actor-object.swift).
import LazySeqSignals

final class Label {
  var text = ""
}

func show(_ names: Signal<String>, in label: Label) {
  names.bind(to: label, \.text)  // rejected: Label is not Sendable
}
