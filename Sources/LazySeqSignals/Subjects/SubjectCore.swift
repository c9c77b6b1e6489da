/// The shared engine of ``Subject``, ``ReplaySubject`` and
/// ``BehaviorSubject``: a subscriber list, an optional replay buffer and the
/// terminal event, all updated serially.
///
/// Sends and new subscriptions go through one ``Serializer``, so a new
/// subscriber receives the replayed values, then live values, with nothing
/// lost or reordered in between, and every subscriber sees the same order.
// @unchecked: mutable state lives in `state`; delivery order is enforced by
// `serializer`.
final class SubjectCore<Value>: @unchecked Sendable {
  enum Message {
    case event(Event<Value>)
    case attach(Subscriber<Value>)
  }

  private struct State {
    var subscribers: [(id: Int, subscriber: Subscriber<Value>)] = []
    var nextID = 0
    var buffer: [Value] = []
    var terminal: Event<Value>?
  }

  private let capacity: Int
  private let state: Locked<State>
  private let serializer = Serializer<Message>()

  init(capacity: Int, initial: [Value] = []) {
    precondition(capacity >= 0, "ReplaySubject: the capacity must not be negative, got \(capacity)")
    self.capacity = capacity
    self.state = Locked(State(buffer: Array(initial.suffix(capacity))))
  }

  func send(_ event: Event<Value>) {
    serializer.perform(.event(event)) { self.process($0) }
  }

  var signal: Signal<Value> {
    Signal { subscriber in
      self.serializer.perform(.attach(subscriber)) { self.process($0) }
      return nil
    }
  }

  private func process(_ message: Message) {
    switch message {
    case .event(.next(let value)):
      let targets = state.withLock { state -> [(id: Int, subscriber: Subscriber<Value>)] in
        guard state.terminal == nil else { return [] }
        if capacity > 0 {
          state.buffer.append(value)
          if state.buffer.count > capacity { state.buffer.removeFirst(state.buffer.count - capacity) }
        }
        return state.subscribers
      }
      for target in targets { target.subscriber.sendNext(value) }
    case .event(let terminal):
      let targets = state.withLock { state -> [(id: Int, subscriber: Subscriber<Value>)] in
        guard state.terminal == nil else { return [] }
        state.terminal = terminal
        defer { state.subscribers = [] }
        return state.subscribers
      }
      for target in targets { target.subscriber.send(terminal) }
    case .attach(let subscriber):
      attach(subscriber)
    }
  }

  private func attach(_ subscriber: Subscriber<Value>) {
    let (replay, terminal) = state.withLock { state in (state.buffer, state.terminal) }
    for value in replay {
      if subscriber.isDisposed { return }
      subscriber.sendNext(value)
    }
    if let terminal {
      subscriber.send(terminal)
      return
    }
    let id = state.withLock { state -> Int in
      let id = state.nextID
      state.nextID += 1
      state.subscribers.append((id, subscriber))
      return id
    }
    subscriber.disposables.add(
      AnyDisposable { [weak self] in
        guard let self else { return }
        let removed = self.state.withLock { state -> Subscriber<Value>? in
          guard let index = state.subscribers.lastIndex(where: { $0.id == id }) else { return nil }
          return state.subscribers.remove(at: index).subscriber
        }
        withExtendedLifetime(removed) {}
      })
  }
}
