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
  @inlinable
  public var sequence: Seq<Value> {
    let buffer = Operators.SignalBuffer<Value>()
    // Weak: the sequence (through its producer) owns the buffer, and the
    // buffer owns the subscription, which it disposes when released.
    let subscription = subscribe(
      next: { [weak buffer] in buffer?.push(.next($0)) },
      error: { [weak buffer] in buffer?.push(.error($0)) },
      completed: { [weak buffer] in buffer?.push(.completed) })
    buffer.subscription = subscription
    return Self.sequence {
      switch buffer.pop() {
      case .next(let value): return value
      case .error(let error): throw error
      case .completed: return nil
      }
    }
  }

  /// The memoized sequence of what `next` produces (one call per element).
  @usableFromInline
  static func sequence(_ next: @escaping () throws -> Value?) -> Seq<Value> {
    Seq.failable(next)
  }
}

extension Operators {
  /// The events a signal sent and the sequence has not consumed yet.
  ///
  /// `push` may come from any thread; `pop` blocks until an event is there.
  /// Each memo element is forced under the sequence's own lock, so `pop` is
  /// never called concurrently. Both are specialized in the client; the
  /// lock and the semaphore are reached through non-generic calls.
  // @unchecked: `events`, `head` and `waiting` are only touched under `lock`;
  // `subscription` is set once right after subscribing, before any `pop`.
  @usableFromInline
  final class SignalBuffer<Value>: @unchecked Sendable {
    @usableFromInline let lock = WaitableLock()
    @usableFromInline @exclusivity(unchecked) var events: [Event<Value>] = []
    @usableFromInline @exclusivity(unchecked) var head = 0
    /// The reader is blocked (or about to block) on the lock's semaphore.
    @usableFromInline @exclusivity(unchecked) var waiting = false
    /// Disposed when the buffer is released (nobody can read further).
    @usableFromInline nonisolated(unsafe) var subscription: (any Disposable)?

    @usableFromInline
    init() {}

    deinit { subscription?.dispose() }

    @inlinable
    func push(_ event: Event<Value>) {
      var wake = false
      lock.withLock {
        events.append(event)
        wake = waiting
        waiting = false
      }
      // The semaphore is used only when the reader waits, not per value.
      if wake { lock.signal() }
    }

    @inlinable
    func pop() -> Event<Value> {
      while true {
        if let event = take() { return event }
        lock.wait()
      }
    }

    @inlinable
    func take() -> Event<Value>? {
      var event: Event<Value>?
      lock.withLock {
        guard head < events.count else {
          waiting = true
          return
        }
        let next = events[head]
        head += 1
        if head >= 1024 && head * 2 >= events.count {
          events.removeFirst(head)
          head = 0
        }
        if next.isTerminal {
          events = []
          head = 0
        }
        event = next
      }
      return event
    }
  }
}
