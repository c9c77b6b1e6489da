// Must compile: binding a signal to a @MainActor object's property after
// deliverOnMainThread().
import LazySeqSignals

@MainActor
final class Label {
  var text = ""
}

@MainActor
func show(_ names: Signal<String>, in label: Label) {
  names.deliverOnMainThread().bind(to: label, \.text)
}
