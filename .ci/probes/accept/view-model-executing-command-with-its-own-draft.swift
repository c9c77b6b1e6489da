// Must compile in every mode: a main-actor view model executes its
// main-actor Command with input it owns and keeps using (`self.draft`, of
// a type that is not Sendable). The command's work was written on the main
// actor, where execute(_:isolation:) is called, so the input never leaves
// the main actor: it needs no `sending`.
import LazySeqSignals

nonisolated final class Attachment {
  var name = ""
}

nonisolated struct Draft {
  var title = ""
  var attachments: [Attachment] = []
}

@MainActor final class Outbox {
  var sent: [String] = []

  func send(_ draft: Draft) -> Signal<Int> {
    sent.append(draft.title)
    return .just(sent.count)
  }
}

@MainActor final class ComposeViewModel {
  var draft = Draft()
  var sentCount = 0
  private let outbox = Outbox()
  let send: Command<Draft, Int>
  private var subscription: (any Disposable)?

  init() {
    send = Command { [outbox] draft in outbox.send(draft) }
  }

  func submit() {
    subscription = send.execute(draft).subscribe(next: { [weak self] in self?.sentCount = $0 })
    draft.attachments.append(Attachment())  // still the model's draft
  }
}

@MainActor func run() {
  let model = ComposeViewModel()
  model.draft.title = "Lunch?"
  model.submit()
}
