// modes: default
// Must not compile in nonisolated code: Signal.bind(to:_:) onto a
// non-Sendable object. From nonisolated code the binding sets the property
// on whatever thread sends, so the root must be Sendable. (From main-actor
// code, as in a module with main-actor default isolation, the binding sets
// it on the main actor and takes any root: see
// accept/app-binding-into-a-view.swift.)
import LazySeqSignals

final class Label {
  var text = ""
}

func show(_ names: Signal<String>, in label: Label) {
  names.bind(to: label, \.text)  // rejected: Label is not Sendable
}
