// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// Internal consistency checks of the storage, compiled in only with
// `-Xswiftc -DLAZYSEQ_INVARIANTS` (as swift-collections does under its
// `COLLECTIONS_INTERNAL_CHECKS` flag). Without the flag every check is an
// empty inlined function: no cost. CI runs the LazySeq tests with the flag
// (`.ci/run`, scratch path `.build-invariants`).
//
// Checked, where storage is mutated (a memo's production, the creation of
// memos and complete segments) and on the sequences operators return:
// - segment counts: the published count never exceeds the capacity; a
//   complete segment holds exactly its capacity;
// - flags: only `isEnded` and `isLinked` are used; a segment is never
//   both ended and linked; a linked segment is full and has a successor;
// - frontier ownership: every segment of a memo refers to the same
//   frontier (a successor is never a first segment); a complete segment has
//   none; a frontier produces only into the last segment of its memo.

#if LAZYSEQ_INVARIANTS
  // The platform's C library (thread-specific keys), which
  // Foundation re-exports.
  internal import Foundation
#endif

// Also counted, with the flag: the synchronising operations (atomic
// read-modify-writes, including failed compare-and-swaps, and lock
// acquisitions) each thread performs, so that a test can bound them per
// element of a shared walk (`SynchronisingOperationsConcurrencyTests`).
// Reference counting is not counted.

#if LAZYSEQ_INVARIANTS
  /// The key of each thread's count of synchronising operations.
  private let _synchronisingOperationsKey: pthread_key_t = {
    var key = pthread_key_t()
    precondition(pthread_key_create(&key, nil) == 0, "LazySeq invariant: no thread-specific key")
    return key
  }()

  /// The calling thread's counts (its synchronising operations, then its
  /// parks and its wakes, see `_countPark`), allocated on first use (and
  /// kept for the thread's life: an invariants build only).
  @usableFromInline
  internal func _synchronisingOperationsSlot() -> UnsafeMutablePointer<Int> {
    if let slot = pthread_getspecific(_synchronisingOperationsKey) {
      return slot.assumingMemoryBound(to: Int.self)
    }
    let slot = UnsafeMutablePointer<Int>.allocate(capacity: 3)
    slot.initialize(repeating: 0, count: 3)
    pthread_setspecific(_synchronisingOperationsKey, slot)
    return slot
  }
#endif

/// Counts one synchronising operation of the calling thread (an atomic
/// read-modify-write or a lock acquisition); nothing without the flag.
@inlinable @inline(__always)
internal func _countSynchronisingOperation() {
  #if LAZYSEQ_INVARIANTS
    _synchronisingOperationsSlot().pointee &+= 1
  #endif
}

/// Counts the calling thread parking on a memo (`_Frontier._park`);
/// nothing without the flag.
@inlinable @inline(__always)
internal func _countPark() {
  #if LAZYSEQ_INVARIANTS
    _synchronisingOperationsSlot()[1] &+= 1
  #endif
}

/// Counts the calling thread, a claim's holder, waking the threads parked
/// on its memo (`_Frontier._wakeParked`); nothing without the flag.
@inlinable @inline(__always)
internal func _countWake() {
  #if LAZYSEQ_INVARIANTS
    _synchronisingOperationsSlot()[2] &+= 1
  #endif
}

/// How many times so far the calling thread parked on a memo, and how many
/// times it woke the threads parked on one; `nil` when they are not counted
/// (built without `LAZYSEQ_INVARIANTS`).
package func parkingOnThisThread() -> (parks: Int, wakes: Int)? {
  #if LAZYSEQ_INVARIANTS
    let slot = _synchronisingOperationsSlot()
    return (slot[1], slot[2])
  #else
    return nil
  #endif
}

extension Seq.Shared {
  /// Whether a thread has parked (or is about to) waiting for the thread
  /// that produces this sequence's elements, and was not woken yet. For
  /// tests: a parked thread can be seen from another.
  package var hasParkedThread: Bool {
    guard let storage = seq._storage, storage._kind == .segment,
      let frontier = unsafeDowncast(storage, to: _Segment<Element>.self).frontier
    else { return false }
    return frontier.mode.load(ordering: .relaxed) & _Frontier<Element>.parkedBit != 0
  }
}

/// The synchronising operations the calling thread has performed so far, or
/// `nil` when they are not counted (built without `LAZYSEQ_INVARIANTS`).
package func synchronisingOperationsOnThisThread() -> Int? {
  #if LAZYSEQ_INVARIANTS
    return _synchronisingOperationsSlot().pointee
  #else
    return nil
  #endif
}

extension _Segment {
  /// Checks this segment's count, flags and links (see the file comment).
  @inlinable @inline(__always)
  internal func _checkInvariants() {
    #if LAZYSEQ_INVARIANTS
      _checkInvariantsNow()
    #endif
  }

  @usableFromInline
  internal func _checkInvariantsNow() {
    let state = loadState()
    let count = state.count
    let ended = state.isEnded
    let linked = state.isLinked
    // A first segment without its buffer yet: nothing is published, and
    // its capacity may be changing under the producer (see `base`).
    if count == 0 && state.isOpen && isFirst && frontier != nil { return }
    precondition(capacity > 0, "LazySeq invariant: a segment has capacity \(capacity)")
    precondition(
      count >= 0 && count <= capacity,
      "LazySeq invariant: a segment counts \(count) elements for a capacity of \(capacity)")
    precondition(!(ended && linked), "LazySeq invariant: a segment is both ended and linked")
    if linked {
      precondition(
        count == capacity, "LazySeq invariant: a linked segment is not full (\(count)/\(capacity))")
      guard let next else { preconditionFailure("LazySeq invariant: a linked segment has no successor") }
      precondition(!next.isFirst, "LazySeq invariant: a successor segment is marked first")
      precondition(
        next.frontier === frontier, "LazySeq invariant: two segments of one memo have different frontiers")
    }
    if adopted != nil {
      precondition(
        ended && count == capacity && frontier == nil,
        "LazySeq invariant: a segment over an array is not complete")
    }
  }
}

extension _Frontier {
  /// Checks that this frontier is about to produce into the last segment of
  /// its own memo, whose state is still `seen`.
  @inlinable @inline(__always)
  internal func _checkInvariants(producingInto segment: _Segment<Element>, seen: ChunkState) {
    #if LAZYSEQ_INVARIANTS
      _checkInvariantsNow(producingInto: segment, seen: seen)
    #endif
  }

  @usableFromInline
  internal func _checkInvariantsNow(producingInto segment: _Segment<Element>, seen: ChunkState) {
    precondition(
      segment.frontier === self, "LazySeq invariant: a frontier produces into a segment it does not own")
    precondition(
      segment.loadState() == seen,
      "LazySeq invariant: the claim's holder produces at a state another thread has changed")
    segment._checkInvariants()
    if let next = segment.next {
      precondition(
        segment.loadState().isLinked,
        "LazySeq invariant: a segment has a successor but is not marked linked")
      next._checkInvariants()
    }
    if let parts = concatParts {
      precondition(!parts.isEmpty, "LazySeq invariant: a concatenation with no parts")
    }
  }
}

extension Seq {
  /// Checks the storage this sequence starts on (and, for a memo, the
  /// segments already evaluated after it, up to a bound).
  @inlinable @inline(__always)
  internal func _checkInvariants() {
    #if LAZYSEQ_INVARIANTS
      _checkInvariantsNow()
    #endif
  }

  @usableFromInline
  internal func _checkInvariantsNow() {
    guard let storage = _storage else { return }
    if storage._kind == .segment {
      var segment: _Segment<Element>? = unsafeDowncast(storage, to: _Segment<Element>.self)
      var checked = 0
      while let current = segment, checked < 64 {
        current._checkInvariants()
        guard current.loadState().isLinked else { break }
        segment = current.next
        checked += 1
      }
    }
    switch storage._kind {
    case .node:
      precondition(_index == 0 || _index == 1, "LazySeq invariant: a dynamic node at position \(_index)")
    case .deferred:
      precondition(_index == 0, "LazySeq invariant: a deferred sequence at position \(_index)")
    case .segment, .cursor:
      break
    }
  }
}
