// Must compile in every mode: a main-actor view model binds signals into
// its own main-actor view from main-actor code, with no annotation on the
// calls. The view is Sendable (it is main-actor isolated); its properties
// are main-actor state, so bind(to:_:) sets them on the main actor. The
// status line is a nonisolated Sendable object, and its key path is
// Sendable too: bound from main-actor code, it is set on the main actor as
// well, since the binding takes the caller's isolation.
import LazySeqSignals
import Synchronization

@MainActor final class ComposeView {
  var sendEnabled = false
  var title = ""
}

nonisolated final class StatusLine: Sendable {
  private let stored = Mutex("")
  var text: String {
    get { stored.withLock { $0 } }
    set { stored.withLock { $0 = newValue } }
  }
}

@MainActor final class ComposeViewModel {
  let view = ComposeView()
  let status = StatusLine()
  let subject = MutableProperty("")
  private var bindings: [any Disposable] = []

  func start() {
    bindings.append(subject.signal.map { !$0.isEmpty }.bind(to: view, \.sendEnabled))
    bindings.append(subject.signal.map { "New message: \($0)" }.bind(to: view, \.title))
    bindings.append(subject.signal.map { "\($0.count) characters" }.bind(to: status, \.text))
    bindings.append(subject.signal.bind(to: self, \.lastSubject))
  }

  var lastSubject = ""
}

@MainActor func run() {
  let model = ComposeViewModel()
  model.start()
  model.subject.value = "Lunch"
}
