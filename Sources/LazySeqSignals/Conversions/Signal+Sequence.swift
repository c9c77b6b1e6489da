// Signal → sequence (RAC `-sequence`, with the fixes listed in API.md:
// memoized, linear, errors kept).

internal import Dispatch
public import LazySeq

extension Signal {
  /// The signal-backed sequence: a `Seq` of the values this signal sends.
  ///
  /// Reading this property subscribes to the signal once, at once, and
  /// buffers what arrives. Each element of the sequence is then the next
  /// buffered value; evaluating it (`head`, `tail.head`, iterating) blocks
  /// the calling thread until that value, or the end, is known. The sequence
  /// is memoized: walking it again gives the same values without
  /// resubscribing, and walking costs linear time. The signal may send from
  /// any thread.
  ///
  /// If the signal sends an error, the sequence ends there and the error is
  /// kept: read it with `Seq.failure`, or use `Seq.checkedArray()`, which
  /// throws it.
  ///
  /// ```swift
  /// let subject = ReplaySubject<Int>()
  /// let values = subject.signal.sequence
  /// subject.sendNext(1); subject.sendNext(2); subject.sendCompleted()
  /// print(values.array)   // [1, 2]
  /// ```
  ///
  /// - Important: Evaluating an element blocks until the signal sends it;
  ///   on a signal that never sends or terminates, that is forever. Don't
  ///   evaluate it on the thread the signal needs in order to send (for
  ///   example the main queue, for a signal delivered on
  ///   `QueueScheduler.main`).
  public var sequence: Seq<Value> {
    let buffer = Operators.SignalBuffer<Value>()
    // Weak: the sequence (through its producer) owns the buffer, and the
    // buffer owns the subscription, which it disposes when released.
    let subscription = subscribe(
      next: { [weak buffer] in buffer?.push(.next($0)) },
      error: { [weak buffer] in buffer?.push(.error($0)) },
      completed: { [weak buffer] in buffer?.push(.completed) })
    buffer.subscription = subscription
    return Seq.failable {
      switch buffer.pop() {
      case .next(let value): return value
      case .error(let error): throw error
      case .completed: return nil
      }
    }
  }
}

extension Operators {
  /// The events a signal sent and the sequence has not consumed yet.
  ///
  /// `push` may come from any thread; `pop` blocks until an event is there.
  /// Each memo element is forced under the sequence's own lock, so `pop` is
  /// never called concurrently.
  final class SignalBuffer<Value>: @unchecked Sendable {
    private struct State {
      var events: [Event<Value>] = []
      var head = 0
      /// The reader is blocked (or about to block) on `available`.
      var waiting = false
    }

    private let state = Locked(State())
    private let available = DispatchSemaphore(value: 0)
    /// Disposed when the buffer is released (nobody can read further).
    // @unchecked: set once right after subscribing, before any `pop`.
    nonisolated(unsafe) var subscription: (any Disposable)?

    deinit { subscription?.dispose() }

    func push(_ event: Event<Value>) {
      let wake = state.withLock { state -> Bool in
        state.events.append(event)
        defer { state.waiting = false }
        return state.waiting
      }
      // The semaphore is used only when the reader waits, not per value.
      if wake { available.signal() }
    }

    func pop() -> Event<Value> {
      while true {
        if let event = take() { return event }
        available.wait()
      }
    }

    private func take() -> Event<Value>? {
      state.withLock { state -> Event<Value>? in
        guard state.head < state.events.count else {
          state.waiting = true
          return nil
        }
        let event = state.events[state.head]
        state.head += 1
        if state.head >= 1024 && state.head * 2 >= state.events.count {
          state.events.removeFirst(state.head)
          state.head = 0
        }
        if event.isTerminal { state.events = [] }
        return event
      }
    }
  }
}
