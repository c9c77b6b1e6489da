// Signal → sequence (RAC `-sequence`, with the fixes listed in API.md:
// memoized, linear, errors kept).

internal import Dispatch
public import LazySeq
public import Synchronization

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
  /// - Complexity: O(1) amortized per value: one short lock to buffer it,
  ///   and one lock per *batch* of buffered values to read them.
  @inlinable
  public var sequence: Seq<Value> {
    // Ownership, without a cycle: the sequence owns the reader, which owns
    // the inbox and the subscription (disposed when the reader is released);
    // the subscription's sink owns only the inbox.
    let inbox = Operators.SignalInbox<Value>()
    let lifetime = Lifetime()
    attach(Sink(next: { inbox.push($0) }, end: { inbox.finish($0) }), lifetime)
    let reader = Operators.SignalReader(inbox, subscription: lifetime)
    return Self.sequence { try reader.next() }
  }

  /// The memoized sequence of what `next` produces (one call per element).
  @usableFromInline
  static func sequence(_ next: @escaping () throws -> Value?) -> Seq<Value> {
    Seq.failable(next)
  }
}

extension Operators {
  /// What a signal sent that the signal-backed sequence has not taken yet:
  /// the values in order, then the end.
  ///
  /// The sink `push`es from whatever thread the signal sends on (serially:
  /// the signal's gate orders its events); the reader `take`s everything
  /// there is in one step, swapping arrays, so the lock is paid once per
  /// value on the sending side and once per batch on the reading side.
  /// The critical sections never call out.
  // @unchecked: `values`, `end` and `waiting` are only touched inside
  // `locked`; `end` is written once, and read outside the lock only after a
  // locked `take` has seen it set.
  @usableFromInline
  final class SignalInbox<Value>: @unchecked Sendable {
    @usableFromInline let mutex = Mutex<Void>(())
    /// Released before each unlock, acquired after each lock: the
    /// happens-before edge ThreadSanitizer misses when a contended Linux
    /// `Mutex` is handed over through the futex (see `Lock`).
    @usableFromInline let fence = Atomic<Int>(0)
    @usableFromInline @exclusivity(unchecked) var values: [Value] = []
    @usableFromInline @exclusivity(unchecked) var end: Completion?
    /// The reader found nothing and waits (or is about to) on `semaphore`.
    @usableFromInline @exclusivity(unchecked) var waiting = false
    private let semaphore = DispatchSemaphore(value: 0)

    @usableFromInline
    init() {}

    /// What `take` found.
    @usableFromInline
    enum Status {
      /// The batch now holds at least one value.
      case values
      /// Nothing buffered and the signal has ended: read `end`.
      case ended
      /// Nothing buffered yet: `wait`, then take again.
      case empty
    }

    @inlinable
    func locked<Result>(_ body: () -> Result) -> Result {
      mutex.withLock { _ in
        _ = fence.load(ordering: .acquiring)
        let result = body()
        fence.store(0, ordering: .releasing)
        return result
      }
    }

    /// Buffers one value (called by the signal, serially).
    @inlinable
    func push(_ value: Value) {
      let wake = locked { () -> Bool in
        values.append(value)
        defer { waiting = false }
        return waiting
      }
      // The semaphore is used only when the reader waits, not per value.
      if wake { wakeReader() }
    }

    /// Records the end (called by the signal, once).
    @usableFromInline
    func finish(_ completion: Completion) {
      let wake = locked { () -> Bool in
        end = completion
        defer { waiting = false }
        return waiting
      }
      if wake { wakeReader() }
    }

    /// Wakes the reader after a take found nothing.
    @usableFromInline
    func wakeReader() { semaphore.signal() }

    /// Moves everything buffered into `batch`, which must be empty (its
    /// capacity is handed back to the inbox, to be filled next).
    @inlinable
    func take(into batch: inout [Value]) -> Status {
      locked { () -> Status in
        if !values.isEmpty {
          swap(&values, &batch)
          return .values
        }
        if end != nil { return .ended }
        waiting = true
        return .empty
      }
    }

    /// Blocks until the signal sends something after an `.empty` take.
    @usableFromInline
    func wait() { semaphore.wait() }
  }

  /// The producer of the signal-backed sequence: hands out the values of
  /// the current batch, and takes the next batch from the inbox when it
  /// runs out. Called only by the thread holding the sequence's memo claim,
  /// one call at a time, so its state needs no lock.
  // @unchecked: `batch` and `index` are only touched by the memo's producer
  // (one thread at a time, ordered by the memo's claim).
  @usableFromInline
  final class SignalReader<Value>: @unchecked Sendable {
    @usableFromInline let inbox: SignalInbox<Value>
    @usableFromInline let subscription: Lifetime
    @usableFromInline @exclusivity(unchecked) var batch: [Value] = []
    @usableFromInline @exclusivity(unchecked) var index = 0

    @usableFromInline
    init(_ inbox: SignalInbox<Value>, subscription: Lifetime) {
      self.inbox = inbox
      self.subscription = subscription
    }

    /// Nobody can read further: stop the subscription.
    deinit { subscription.dispose() }

    /// The next value, `nil` at completion; throws the signal's error.
    @inlinable
    func next() throws -> Value? {
      if _fastPath(index < batch.count) {
        defer { index &+= 1 }
        return batch[index]
      }
      return try refill()
    }

    /// Takes the next batch, waiting for one if needed.
    @inlinable
    func refill() throws -> Value? {
      batch.removeAll(keepingCapacity: batch.capacity <= 4096)
      index = 0
      while true {
        switch inbox.take(into: &batch) {
        case .values:
          index = 1
          return batch[0]
        case .ended:
          batch = []
          if case .failed(let error) = inbox.end.unsafelyUnwrapped { throw error }
          return nil
        case .empty:
          inbox.wait()
        }
      }
    }
  }
}
