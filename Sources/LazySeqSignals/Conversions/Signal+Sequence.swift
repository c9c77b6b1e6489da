// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// Signal → sequence (RAC `-sequence`, memoized, walked in linear time, errors
// kept and thrown: deliberate differences 6 and 7 in "Coming from ReactiveCocoa").

internal import Dispatch
public import LazySeq
public import Synchronization

extension Signal where Value: Sendable {
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
  ///   on a signal that never sends or terminates, that is forever. It
  ///   waits as ``first(timeout:)`` does without a timeout: on the main
  ///   thread outside a main-queue block it runs the main queue while it
  ///   waits; where its thread holds the main queue (inside a main-queue
  ///   block, or in main-actor code after a top-level `await` on Linux) it
  ///   runs the library's main-queue work itself, so a signal delivered
  ///   with `deliver(on: .main)` still arrives everywhere. There, once
  ///   nothing has happened for 10 seconds (no value, no main-queue work of
  ///   the library), the element ends the sequence with
  ///   `SignalError.blockingWaitOnMainQueue` (`Seq.failure`): what it waits
  ///   for is taken to be stuck behind it on the main queue; loop over
  ///   `signal.values` with `for try await` there. Don't evaluate it on any
  ///   other thread that the signal needs in order to send.
  /// - Complexity: O(1) per value, without locks: the signal appends each
  ///   value to a buffer that the sequence reads (one atomic store and one
  ///   atomic load per value); a semaphore is used only when the sequence
  ///   waits for a value not sent yet.
  @inlinable
  public var sequence: Seq<Value> {
    // Ownership, without a cycle: the sequence owns the reader, which owns
    // the inbox and the subscription (disposed when the reader is released);
    // the subscription's sink owns only the inbox.
    let inbox = Operators.SignalInbox<Value>()
    let reader = Operators.SignalReader(inbox, subscription: Lifetime())
    attach(Sink(next: { inbox.push($0) }, end: { inbox.finish($0) }), reader.subscription)
    return Self.sequence { try reader.next() }
  }

  /// The memoized sequence of what `next` produces (one call per element).
  @usableFromInline
  static func sequence(_ next: @escaping @Sendable () throws -> Value?) -> Seq<Value> {
    Seq.failable(next)
  }
}

extension Operators {
  /// One chunk of a ``SignalInbox``: values written by the signal (the
  /// *sender*), read by the sequence (the *reader*).
  ///
  /// `state` packs the number of values written with two flags; it is the
  /// publication point, like a memo segment's (see "The memory-ordering
  /// rule" in LazySeq's Locking.swift): the sender initializes a value,
  /// then stores the new count; the reader loads the state with acquire
  /// ordering and may then read every value below the count. `isLinked`
  /// says the chunk is full and `next` is set; `isEnded` says the signal
  /// ended after the last value (its ``SignalInbox/end`` is set).
  // @unchecked: the values below the published count are never written
  // again; `next` is written once, before `isLinked` is published.
  @usableFromInline
  final class InboxChunk<Value>: @unchecked Sendable {
    // The state word of a memo segment (LazySeq's `ChunkState`).
    @inlinable static var maximumCapacity: Int { ChunkState.maximumCapacity }

    @usableFromInline let base: UnsafeMutablePointer<Value>
    @usableFromInline let capacity: Int
    @usableFromInline let state = Atomic<ChunkState>(.empty)
    @usableFromInline @exclusivity(unchecked) var next: InboxChunk<Value>?

    @usableFromInline
    init(capacity: Int) {
      base = .allocate(capacity: capacity)
      self.capacity = capacity
    }

    deinit {
      base.deinitialize(count: state.load(ordering: .acquiring).count)
      base.deallocate()
    }
  }

  /// What a signal sent that the signal-backed sequence has not read yet:
  /// a chain of chunks written by the sender (serially: the signal's gate
  /// orders its events) and read by the reader, without locks.
  ///
  /// Waiting: a reader that finds nothing new sets `sleeping`, then looks
  /// again, then waits on the semaphore; a sender stores the new state,
  /// then looks at `sleeping`, and signals if it takes the flag. Both sides
  /// store then load, sequentially consistent, so at least one sees the
  /// other (no lost wake-up), and the semaphore is touched only when the
  /// reader really waits.
  // @unchecked: `tail`, `count` and `end` are only touched by the sender
  // (the reader reads `end` after acquiring the `isEnded` that publishes it).
  @usableFromInline
  final class SignalInbox<Value>: @unchecked Sendable {
    /// The chunk being written, and how many values it holds (sender only).
    /// The inbox holds no other chunk: the reader holds the one it reads,
    /// which holds the chain to `tail`, so read chunks are freed as the
    /// reader moves on.
    @usableFromInline @exclusivity(unchecked) var tail: InboxChunk<Value>
    @usableFromInline @exclusivity(unchecked) var count = 0
    /// How the signal ended; written once, before `isEnded` is published.
    @usableFromInline @exclusivity(unchecked) var end: Completion?
    @usableFromInline let sleeping = Atomic<Bool>(false)
    private let semaphore = BlockingWait()

    @usableFromInline
    init() {
      tail = InboxChunk(capacity: 16)
    }

    /// Appends one value (sender).
    @inlinable
    func push(_ value: Value) {
      // Unretained: `tail` keeps the chunk alive, and only this (serial)
      // sender replaces it.
      unowned(unsafe) let chunk = tail
      guard _fastPath(count < chunk.capacity) else { return link(value) }
      (chunk.base + count).initialize(to: value)
      count &+= 1
      chunk.state.store(ChunkState(count: count), ordering: .sequentiallyConsistent)
      if sleeping.load(ordering: .sequentiallyConsistent) { wakeReader() }
    }

    /// Appends `value` to a new chunk, then marks the full one linked.
    @inlinable @inline(never)
    func link(_ value: Value) {
      let full = tail
      let next = InboxChunk<Value>(
        capacity: Swift.min(full.capacity * 2, InboxChunk<Value>.maximumCapacity))
      next.base.initialize(to: value)
      next.state.store(ChunkState(count: 1), ordering: .relaxed)
      full.next = next
      tail = next
      count = 1
      full.state.store(
        ChunkState(count: full.capacity).linked,
        ordering: .sequentiallyConsistent)
      if sleeping.load(ordering: .sequentiallyConsistent) { wakeReader() }
    }

    /// Records the end (sender, once).
    @usableFromInline
    func finish(_ completion: Completion) {
      end = completion
      tail.state.store(
        ChunkState(count: count).ended,
        ordering: .sequentiallyConsistent)
      if sleeping.load(ordering: .sequentiallyConsistent) { wakeReader() }
    }

    /// Wakes the reader if it is (about to be) waiting (sender).
    @usableFromInline
    func wakeReader() {
      if sleeping.exchange(false, ordering: .sequentiallyConsistent) { semaphore.signal() }
    }

    /// Waits until `chunk`'s state differs from `seen` (reader); returns
    /// the new state.
    ///
    /// - Throws: ``SignalError/blockingWaitOnMainQueue`` if the thread
    ///   holds the main queue and nothing happened for
    ///   ``BlockingWait/stallLimit`` (``BlockingWait``).
    @usableFromInline
    func wait(on chunk: InboxChunk<Value>, seen: ChunkState) throws(SignalError) -> ChunkState {
      sleeping.store(true, ordering: .sequentiallyConsistent)
      let now = chunk.state.load(ordering: .sequentiallyConsistent)
      if now != seen {
        // Something arrived meanwhile. If a sender took the flag, it
        // signals: take that signal, so the semaphore stays balanced.
        if !sleeping.exchange(false, ordering: .sequentiallyConsistent) {
          semaphore.waitForCommittedSignal()
        }
        return now
      }
      // A sender that stores after our load sees the flag and signals. On
      // the main thread, the main queue runs meanwhile; holding the main
      // queue, the library's main-queue work does.
      if semaphore.wait(until: nil, givingUpAfterStall: true) == .stalled {
        // Giving up. A sender that took the flag meanwhile signals at
        // once: take that signal, so the semaphore stays balanced.
        if !sleeping.exchange(false, ordering: .sequentiallyConsistent) {
          semaphore.waitForCommittedSignal()
        }
        let now = chunk.state.load(ordering: .acquiring)
        if now != seen { return now }
        throw .blockingWaitOnMainQueue
      }
      return chunk.state.load(ordering: .acquiring)
    }
  }

  /// The producer of the signal-backed sequence: reads the inbox's chunks
  /// in order. Called only by the thread holding the sequence's memo claim,
  /// one call at a time (the claim orders them), so its position needs no
  /// lock.
  // @unchecked: `chunk`, `index` and `limit` are only touched by the memo's
  // producer, one thread at a time.
  @usableFromInline
  final class SignalReader<Value>: @unchecked Sendable {
    @usableFromInline let inbox: SignalInbox<Value>
    @usableFromInline let subscription: Lifetime
    /// The chunk being read, the next index in it, and how many of its
    /// values are known to be published.
    @usableFromInline @exclusivity(unchecked) var chunk: InboxChunk<Value>
    @usableFromInline @exclusivity(unchecked) var index = 0
    @usableFromInline @exclusivity(unchecked) var limit = 0

    @usableFromInline
    init(_ inbox: SignalInbox<Value>, subscription: Lifetime) {
      self.inbox = inbox
      self.subscription = subscription
      // Before the subscription starts: nothing is sending yet.
      chunk = inbox.tail
    }

    /// Nobody can read further: stop the subscription.
    deinit { subscription.dispose() }

    /// The next value, `nil` at completion; throws the signal's error.
    @inlinable
    func next() throws -> Value? {
      if _fastPath(index < limit) {
        unowned(unsafe) let current = chunk
        defer { index &+= 1 }
        return (current.base + index).pointee
      }
      return try advance()
    }

    /// Past the known values: loads the chunk's state, follows a link, or
    /// waits.
    @inlinable
    func advance() throws -> Value? {
      var state = chunk.state.load(ordering: .acquiring)
      while true {
        let published = state.count
        if index < published {
          limit = published
          defer { index &+= 1 }
          return (chunk.base + index).pointee
        }
        if state.isLinked {
          chunk = chunk.next.unsafelyUnwrapped
          index = 0
          limit = 0
          state = chunk.state.load(ordering: .acquiring)
          continue
        }
        if state.isEnded {
          if case .failed(let error) = inbox.end.unsafelyUnwrapped { throw error }
          return nil
        }
        state = try inbox.wait(on: chunk, seen: state)
      }
    }
  }
}
