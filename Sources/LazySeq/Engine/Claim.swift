// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// A memo's claim: which thread produces its elements (Locking.swift,
// rule 3). The claim is held across elements, so that a walk that keeps
// producing synchronises once per claim, not once per element.

public import Synchronization

/// One thread's record in a memo's claim: the thread, and whether it is
/// producing an element right now.
///
/// Only that thread writes `producing`; the record lives as long as the
/// memo's frontier (in its list of records), so another thread may read it
/// at any time.
@usableFromInline
internal final class _ClaimRecord {
  /// The thread (`currentThreadID()`) this record belongs to.
  @usableFromInline internal let thread: UInt
  /// 1 while the thread produces (or is about to check that it may
  /// produce) an element of the memo, else 0.
  @usableFromInline internal let producing = Atomic<Int>(0)
  /// The record added before this one.
  @usableFromInline internal let next: _ClaimRecord?

  @usableFromInline
  internal init(thread: UInt, next: _ClaimRecord?) {
    self.thread = thread
    self.next = next
  }
}

extension _Frontier {
  /// Produces the element at the `seen` state of `segment` (the memo's last
  /// segment) as the claim's holder whose record is `recordRef`, and
  /// returns the state afterwards; `nil` if another thread took the claim
  /// over (nothing produced).
  ///
  /// The holder marks itself producing, then (after a store-load fence)
  /// checks that it still holds the claim; a thread taking the claim over
  /// replaces the holder, then (after the same fence) reads the mark. Of the
  /// two, at least one sees the other's write (the fences order each
  /// thread's store before its load): either the holder sees it lost the
  /// claim and produces nothing, or the new holder sees the mark and waits
  /// for the production to end. No read-modify-write on the way.
  @inlinable @inline(__always)
  internal func _produce(
    into segment: _Segment<Element>, seen: ChunkState, as recordRef: Unmanaged<_ClaimRecord>
  ) -> ChunkState? {
    recordRef._withUnsafeGuaranteedRef { record in
      // This thread is producing an element of this memo already, and
      // the producer demands the element it is producing.
      if record.producing.load(ordering: .relaxed) != 0 { _reentrantForce("a lazy sequence") }
      guard _enterProduction(recordRef) else { return nil }
      // Still the holder, and nobody else can produce now. Nobody else has
      // since `seen` was loaded either: only this thread makes itself the
      // holder, so it has held the claim since before that load (or took it
      // over, waited for every other production to end, then loaded it), and
      // a thread taking the claim now waits for this production. So the
      // state is `seen` (checked in the invariants build).
      _checkInvariants(producingInto: segment, seen: seen)  // LAZYSEQ_INVARIANTS only
      let published: ChunkState
      let count = seen.count
      // Read after the fence of `_enterProduction`: a thread that parked
      // before it is seen here (see `_park`).
      if _slowPath(mode.load(ordering: .relaxed) != 1) {
        published = _produceSlowly(into: segment, seen: seen)
      } else if _slowPath(count >= segment.capacity) {
        published = _link(after: segment, seen: seen)
      } else if _slowPath(!producer(segment.base + count)) {
        published = _end(segment, seen: seen)
      } else {
        published = ChunkState(count: count &+ 1)
        // Publishes the element (rule 1 of Locking.swift).
        segment.state.store(published, ordering: .releasing)
      }
      // After the publication: a thread taking the claim over waits for
      // this store, then reads the state.
      record.producing.store(0, ordering: .releasing)
      return published
    }
  }

  /// `_produce` when `mode` is not 1: wakes the threads parked on this
  /// memo (they wait for an element published before this production
  /// began), then produces as `_produce` does, evaluating ahead if the
  /// memo does.
  @inlinable @inline(never)
  internal func _produceSlowly(into segment: _Segment<Element>, seen: ChunkState) -> ChunkState {
    let mode = self.mode.load(ordering: .relaxed)
    if mode & _Frontier.parkedBit != 0 { _wakeParked() }
    let count = seen.count
    if count >= segment.capacity { return _link(after: segment, seen: seen) }
    guard producer(segment.base + count) else { return _end(segment, seen: seen) }
    guard mode & ~_Frontier.parkedBit > 1 else {
      let state = ChunkState(count: count &+ 1)
      segment.state.store(state, ordering: .releasing)
      return state
    }
    let state = _produceAhead(into: segment, count: count &+ 1)
    _publish(state, in: segment)
    return state
  }

  /// Parks the calling thread until the claim's holder wakes it (or for at
  /// most `_Frontier.parkingTimeout`), unless the element at `seen` of
  /// `segment` is published meanwhile. Called by a thread waiting for a
  /// holder that is producing, once it has spun and yielded.
  ///
  /// The parked thread sets `parkedBit` (a sequentially consistent
  /// read-modify-write), then looks at the state; the holder publishes,
  /// and at its next production (after its fence) or at the end looks at
  /// the bit. Of the two, at least one sees the other's write, as in
  /// `_produce`: either the thread finds the element and does not wait, or
  /// the holder finds the bit and wakes it. The holder clears the bit and
  /// wakes under the lot's lock, and the thread checks the bit under it
  /// before it waits, so a wake-up cannot fall between the check and the
  /// wait. The timeout covers a holder that publishes and then stops
  /// walking: nobody produces, so nobody looks at the bit.
  @usableFromInline @inline(never)
  internal func _park(on segment: _Segment<Element>, seen: ChunkState) {
    let lot = _lot()
    _countPark()  // LAZYSEQ_INVARIANTS only
    _countSynchronisingOperation()  // LAZYSEQ_INVARIANTS only
    mode.bitwiseOr(_Frontier.parkedBit, ordering: .sequentiallyConsistent)
    lot.park(timeout: _Frontier.parkingTimeout) {
      segment.state.load(ordering: .acquiring) == seen
        && mode.load(ordering: .relaxed) & _Frontier.parkedBit != 0
    }
  }

  /// How long a parked thread sleeps at most, in seconds, before it looks
  /// again (a holder that stopped walking after it published wakes nobody).
  @inlinable internal static var parkingTimeout: Double { 0.001 }

  /// This memo's lot, made on first use.
  @usableFromInline
  internal func _lot() -> _Lot {
    if let lot = lot.load(ordering: .acquiring) { return lot.takeUnretainedValue() }
    let new = Unmanaged.passRetained(_Lot())
    _countSynchronisingOperation()  // LAZYSEQ_INVARIANTS only
    let installed = lot.compareExchange(
      expected: nil, desired: new, successOrdering: .acquiringAndReleasing,
      failureOrdering: .acquiring)
    if installed.exchanged { return new.takeUnretainedValue() }
    new.release()
    return installed.original.unsafelyUnwrapped.takeUnretainedValue()
  }

  /// Wakes every thread parked on this memo. Called by the claim's holder
  /// that found `parkedBit` set after its fence.
  @usableFromInline @inline(never)
  internal func _wakeParked() {
    // Pairs with the parked thread's releasing read-modify-write: its lot
    // is visible.
    atomicMemoryFence(ordering: .acquiring)
    guard let lot = lot.load(ordering: .acquiring)?.takeUnretainedValue() else { return }
    _countWake()  // LAZYSEQ_INVARIANTS only
    lot.wakeAll {
      _countSynchronisingOperation()  // LAZYSEQ_INVARIANTS only
      mode.bitwiseAnd(~_Frontier.parkedBit, ordering: .relaxed)
    }
  }

  /// After the holder published the end (`_publish`): wakes the threads
  /// parked on this memo, if any.
  @usableFromInline @inline(never)
  internal func _wakeAfterEnd() {
    atomicMemoryFence(ordering: .sequentiallyConsistent)
    if mode.load(ordering: .relaxed) & _Frontier.parkedBit != 0 { _wakeParked() }
  }

  /// `force` for a thread that does not hold the claim (or lost it): waits
  /// for the element to be published (and, while the holder keeps
  /// publishing, for a chunk of elements; see `_isChunkReady`), or for the
  /// claim to be free or its holder idle (not producing) for a while, then
  /// takes the claim over (one compare-and-swap) and produces the element
  /// itself.
  @usableFromInline @inline(never)
  internal func _waitOrTakeOver(_ segment: _Segment<Element>, seen: ChunkState, me: UInt) -> ChunkState {
    var mine = _record(of: me)
    if let mine, mine.producing.load(ordering: .relaxed) != 0 {
      _reentrantForce("a lazy sequence")
    }
    var backoff = _Backoff()
    var progress = seen
    while true {
      let state = segment.state.load(ordering: .acquiring)
      if state != seen {
        // Published. While the holder keeps publishing, wait for a chunk
        // of elements instead of chasing each one: every look at the state
        // after the holder wrote it moves a cache line between their cores.
        if state == progress || _isChunkReady(state, since: seen, in: segment) { return state }
        progress = state
        _Backoff.yieldOnce()
        continue
      }
      let current = holder.load(ordering: .acquiring)
      if let current, current._withUnsafeGuaranteedRef({ $0.thread == me }) {
        if let state = _produce(into: segment, seen: seen, as: current) { return state }
        continue
      }
      // A holder that is producing will publish: wait. One that is not may
      // be about to produce (its walk is between two elements, a few
      // nanoseconds away), or may be stopped or descheduled: it is given
      // the spinning phase before the claim is taken from it.
      let busy = current?._withUnsafeGuaranteedRef { $0.producing.load(ordering: .acquiring) } ?? 0
      guard current == nil || (busy == 0 && backoff.hasSpun) else {
        // A holder still producing after the spinning and yielding is
        // slow (a closure that blocks or computes for long): sleep until
        // it publishes.
        if busy != 0 && backoff.hasYielded {
          _park(on: segment, seen: seen)
        } else {
          backoff.pauseOnce()
        }
        continue
      }
      let record = mine ?? _addRecord(for: me)
      mine = record
      _countSynchronisingOperation()  // LAZYSEQ_INVARIANTS only
      let taken = holder.compareExchange(
        expected: current, desired: Unmanaged.passUnretained(record),
        successOrdering: .acquiringAndReleasing, failureOrdering: .relaxed)
      guard taken.exchanged else { continue }
      atomicMemoryFence(ordering: .sequentiallyConsistent)
      // A thread that checked the claim before it changed may still be
      // producing (see `_produce`): the previous holder, or one before it
      // if the claim changed hands more than once meanwhile. Wait for
      // every such production to end.
      _waitForProductions(except: record)
      backoff = _Backoff()
    }
  }

  /// Whether a waiter that found the element at `seen` published in
  /// `state` has a chunk to read: the segment is complete (full, linked to
  /// the next, or ended), or `_Frontier.waitedChunk` elements are new. A
  /// waiter also stops waiting when nothing changed since its last look
  /// (the holder slowed down or stopped), so it never waits for an element
  /// that nobody is producing.
  @inlinable @inline(__always)
  internal func _isChunkReady(_ state: ChunkState, since seen: ChunkState, in segment: _Segment<Element>)
    -> Bool
  {
    let count = state.count
    return !state.isOpen
      || count >= segment.capacity
      || count &- seen.count >= _Frontier.waitedChunk
  }

  /// How many new elements a waiting thread waits for while the holder
  /// keeps publishing (see `_waitOrTakeOver`).
  @inlinable internal static var waitedChunk: Int { 64 }

  /// Waits until no thread but the owner of `mine` is marked producing.
  ///
  /// Called by a thread that has just taken the claim, after the fence: a
  /// thread whose fenced check still found itself holding the claim set its
  /// mark before that check, so the scan sees the mark (or the store that
  /// cleared it), and no thread starts producing afterwards without holding
  /// the claim again.
  @usableFromInline
  internal func _waitForProductions(except mine: _ClaimRecord) {
    var record = records.load(ordering: .acquiring)?.takeUnretainedValue()
    while let current = record {
      if current !== mine {
        var waiting = _Backoff()
        while current.producing.load(ordering: .acquiring) != 0 { waiting.pauseOnce() }
      }
      record = current.next
    }
  }

  /// The calling thread's record in this memo's claim, if it has one.
  @usableFromInline
  internal func _record(of thread: UInt) -> _ClaimRecord? {
    var record = records.load(ordering: .acquiring)?.takeUnretainedValue()
    while let current = record {
      if current.thread == thread { return current }
      record = current.next
    }
    return nil
  }

  /// Adds a record for the calling thread (which has none).
  @usableFromInline
  internal func _addRecord(for thread: UInt) -> _ClaimRecord {
    var head = records.load(ordering: .acquiring)
    while true {
      let record = _ClaimRecord(thread: thread, next: head?.takeUnretainedValue())
      let new = Unmanaged.passRetained(record)
      _countSynchronisingOperation()  // LAZYSEQ_INVARIANTS only
      let pushed = records.compareExchange(
        expected: head, desired: new, successOrdering: .acquiringAndReleasing,
        failureOrdering: .acquiring)
      if pushed.exchanged { return record }
      new.release()
      head = pushed.original
    }
  }

  /// Marks the thread of `recordRef` producing and, after a store-load
  /// fence, checks that it holds the claim; if it does not, clears the mark
  /// and returns `false`. See `_produce` for why the fence makes this
  /// exclusive.
  @inlinable @inline(__always)
  internal func _enterProduction(_ recordRef: Unmanaged<_ClaimRecord>) -> Bool {
    recordRef._withUnsafeGuaranteedRef { record in
      record.producing.store(1, ordering: .relaxed)
      atomicMemoryFence(ordering: .sequentiallyConsistent)
      guard holder.load(ordering: .relaxed)?.toOpaque() == recordRef.toOpaque() else {
        record.producing.store(0, ordering: .releasing)
        return false
      }
      return true
    }
  }

  /// Runs `body` if nothing has been produced into `segment` (the memo's
  /// first) and the calling thread can hold the claim without waiting, then
  /// frees the claim again if it was free; returns `nil` otherwise. For
  /// work that is optional and must never wait (splicing a concatenation's
  /// parts).
  @usableFromInline
  internal func _ifUnstarted<R>(_ segment: _Segment<Element>, _ body: () -> R) -> R? {
    guard segment.state.load(ordering: .acquiring) == .empty else { return nil }
    let me = currentThreadID()
    // Held by another thread: give up before adding a record.
    let current = holder.load(ordering: .acquiring)
    if let current, current._withUnsafeGuaranteedRef({ $0.thread != me }) { return nil }
    let record = current?.takeUnretainedValue() ?? _record(of: me) ?? _addRecord(for: me)
    guard record.producing.load(ordering: .relaxed) == 0 else { return nil }
    let recordRef = Unmanaged.passUnretained(record)
    let wasHeld = current != nil
    if !wasHeld {
      _countSynchronisingOperation()  // LAZYSEQ_INVARIANTS only
      let claimed = holder.compareExchange(
        expected: nil, desired: recordRef,
        successOrdering: .acquiringAndReleasing, failureOrdering: .relaxed)
      guard claimed.exchanged else { return nil }
    }
    guard _enterProduction(recordRef) else { return nil }
    if !wasHeld { _waitForProductions(except: record) }
    let result = segment.state.load(ordering: .acquiring) == .empty ? body() : nil
    record.producing.store(0, ordering: .releasing)
    if !wasHeld {
      // Free the claim again (unless it was taken over meanwhile).
      _countSynchronisingOperation()  // LAZYSEQ_INVARIANTS only
      _ = holder.compareExchange(
        expected: recordRef, desired: nil, successOrdering: .releasing, failureOrdering: .relaxed)
    }
    return result
  }
}
