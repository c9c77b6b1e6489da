// Must not compile: a main-actor view model executes its main-actor
// Command with a draft (not Sendable), then hands the same draft to a
// detached task. The work ran on the main actor with the draft and may
// have kept it there (as main-actor state); the compiler counts the draft
// as the main actor's from the execute call on, so no other task may take
// it. Without the last line it compiles.
import LazySeqSignals

nonisolated final class Draft {
  var title = ""
}

@MainActor final class Outbox {
  var kept: [Draft] = []

  func send(_ draft: Draft) -> Signal<Int> {
    kept.append(draft)
    return .just(kept.count)
  }
}

@MainActor final class ComposeViewModel {
  private let outbox = Outbox()
  let send: Command<Draft, Int>

  init() {
    send = Command { [outbox] draft in outbox.send(draft) }
  }

  func submit() {
    let draft = Draft()
    send.execute(draft)
    Task.detached { draft.title = "changed" }  // rejected: the draft belongs to the main actor now
  }
}
