// modes: main-actor
// Must compile with main-actor default isolation, with no isolation
// annotation: a view model's signal bound into a view's property. The view
// and its key path are main-actor state (neither is Sendable to a
// background thread); bind(to:_:) called there sets the property on the
// main actor. (Rejected, "ReferenceWritableKeyPath<LoginView, Bool> does
// not conform to the 'Sendable' protocol", when bind(to:_:) took only
// Sendable roots and key paths.)
import LazySeqSignals

final class LoginView {
  var buttonEnabled = false
  var title = ""
}

final class LoginViewModel {
  let name = MutableProperty("")
  var valid: Signal<Bool> { name.signal.map { !$0.isEmpty } }
}

let view = LoginView()
let model = LoginViewModel()
model.valid.bind(to: view, \.buttonEnabled)
model.name.signal.map { "Hello, \($0)" }.bind(to: view, \.title)
model.name.value = "Ada"
