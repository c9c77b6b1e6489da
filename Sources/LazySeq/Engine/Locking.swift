// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// All locking used by LazySeq lives in this file, and so does the rule that
// the lock-free parts follow.
//
// ## The memory-ordering rule
//
// Every lazily evaluated value is computed by exactly one thread and then
// *published*; everyone else only reads what was published. Three storages
// do this, each with one atomic word as its publication point:
//
// - a memo segment's `state` (count of elements, `endedBit`, `linkedBit`,
//   `claimedBit`; Storage.swift),
// - a dynamic node's `done` (`headDone`, `tailDone`),
// - a deferred sequence's `isResolved`.
//
// The rule, for all three:
//
// 1. **Publish with release.** The producing thread first writes the value
//    (an element into the segment's buffer, the next segment into `next`,
//    `headValue`, `tailValue`, `resolved`, a failable memo's `failure`),
//    and only then stores the new word with `.releasing`.
// 2. **Read with acquire.** A reader loads the word with `.acquiring` and
//    may then read, without any lock, every value the word says is
//    published: the elements below the count, `next` once `linkedBit` is
//    set, the node's head or tail once its bit is set. Release/acquire on
//    the same word makes the writes of rule 1 happen-before those reads.
// 3. **Claim with an acquiring compare-and-swap (memos).** To produce the
//    element at count *c*, a thread changes the last segment's `state` from
//    the value it saw, `c`, to `c | claimedBit` in one compare-and-swap with
//    acquire ordering. Success makes it the only producer, and, because the
//    value it replaced was written by the previous producer's releasing
//    store, everything that producer did (including the producer closure's
//    own captured state, such as the position of its source walker) happens
//    before this production: the producer closure runs as if under a lock,
//    on whichever thread wins. The releasing store of rule 1 (new count, or
//    `linkedBit`, or `endedBit`, each without `claimedBit`) releases the
//    claim. A thread that loses the race waits for that store
//    (`_ForcingClaim.wait`): it re-reads the word with acquire ordering,
//    spinning, then yielding, then sleeping; no thread is ever woken by
//    another, so there is no kernel hand-off per element, and the readers of
//    published elements never touch the claim at all.
// 4. **Nodes and deferred sequences** compute under a `_ForcingLock` (a
//    `Mutex`), and still publish by rule 1 and re-check by rule 2 inside
//    the lock. The re-check's acquire matters: a contended Linux `Mutex`
//    hands over through a priority-inheritance futex that ThreadSanitizer
//    cannot see, so the atomics alone must carry every happens-before edge.
//
// Why it is enough: each value is written once, before the release that
// publishes it, and never again (a segment's buffer below its count, a
// node's values once their bits are set); so a reader that acquired the
// word sees the final value and needs no lock, and `claimedBit` (or the
// lock) makes the writer unique. The words are only ever read with acquire
// ordering, except the relaxed re-entrancy `owner` fields below, which each
// thread compares only with its own identity (or its own stack).
//
// Invariant I1 (what makes `Seq.Shared` sound; Docs/Contracts.md): every
// closure stored in the storages reachable from one `Seq` runs only while
// that sequence's forcing claim is held; no operator forces two storages of
// one region on two threads at once. A producer reads its sources through
// walkers, so their closures run inside its claim; a node's tail waits for
// its head, so a chain of nodes is forced in order; the sides of a
// partition force their common source under one lock. An operator that
// forced one of its sources outside its own claim (on another thread, say)
// would break it. `SharedConcurrencyTests` checks it.
//
// Re-entrancy: a producer that demands, directly or through other
// sequences, the very element it is producing would wait for itself
// forever. The claim's holder records an address on its own stack (a store,
// no call); a thread whose claim fails and keeps failing past the spinning
// phase looks up its stack's bounds, and if the holder's address lies within
// them, the holder is itself: it stops with a precise precondition message
// instead of deadlocking. The thread identity is thus computed only when a
// claim waits, never on the claim's fast path. (Dynamic nodes and deferred
// sequences, under a `_ForcingLock`, record the thread identity itself.)

public import Synchronization

#if canImport(Darwin)
  internal import Darwin
#elseif canImport(Glibc)
  internal import Glibc
#elseif canImport(Musl)
  internal import Musl
#endif

/// A number that identifies the calling thread while it runs, never `0`.
/// Shared with LazySeqSignals (its gates' owner word): one thread identity
/// for the package.
@usableFromInline
package func currentThreadID() -> UInt {
  #if canImport(Darwin)
    return UInt(bitPattern: pthread_self())
  #else
    return UInt(pthread_self())
  #endif
}

/// Whether `address` lies on the calling thread's stack. Slow (it asks the
/// thread library for the bounds): only a waiting claim calls it.
@usableFromInline
internal func _currentStackContains(_ address: UInt) -> Bool {
  #if canImport(Darwin)
    let thread = pthread_self()
    let top = UInt(bitPattern: pthread_get_stackaddr_np(thread))
    let size = UInt(pthread_get_stacksize_np(thread))
    return address <= top && address > top &- size
  #else
    var attributes = pthread_attr_t()
    guard _pthreadGetAttributes(pthread_self(), &attributes) == 0 else { return false }
    defer { pthread_attr_destroy(&attributes) }
    var low: UnsafeMutableRawPointer? = nil
    var size = 0
    guard pthread_attr_getstack(&attributes, &low, &size) == 0 else { return false }
    let bottom = UInt(bitPattern: low)
    return address >= bottom && address < bottom &+ UInt(size)
  #endif
}

#if !canImport(Darwin)
  /// `pthread_getattr_np` (glibc and musl), which the C module does not
  /// export (it needs `_GNU_SOURCE`).
  @_silgen_name("pthread_getattr_np")
  private func _pthreadGetAttributes(
    _ thread: pthread_t, _ attributes: UnsafeMutablePointer<pthread_attr_t>
  ) -> Int32
#endif

/// Stops the program with the message LazySeq uses for a re-entrant force.
@usableFromInline
internal func _reentrantForce(_ what: StaticString) -> Never {
  preconditionFailure(
    """
    LazySeq: re-entrant evaluation of \(what). A closure evaluating an element \
    of a sequence demanded that same element (directly or through another \
    sequence built from it). This would never terminate; restructure the \
    definition so each element depends only on earlier ones.
    """)
}

/// A mutex that remembers its owner so that re-entrant use fails loudly.
///
/// Held only while a value is being computed (the slow path). The owner field
/// is written only by the thread holding the mutex, so a thread that reads its
/// own identity there knows it is re-entering.
@usableFromInline
internal struct _ForcingLock: ~Copyable, Sendable {
  @usableFromInline internal let mutex = Mutex<Void>(())
  @usableFromInline internal let owner = Atomic<UInt>(0)

  @inlinable
  internal init() {}

  /// Runs `body` with the lock held; `what` names the storage in the
  /// re-entrancy message.
  @inlinable
  internal func withLock<R>(_ what: StaticString, _ body: () -> R) -> R {
    let me = currentThreadID()
    if owner.load(ordering: .relaxed) == me { _reentrantForce(what) }
    _countSynchronisingOperation()  // LAZYSEQ_INVARIANTS only
    return mutex.withLock { _ in
      owner.store(me, ordering: .relaxed)
      defer { owner.store(0, ordering: .relaxed) }
      return body()
    }
  }
}

/// The owner record of a memo's claim (see "The memory-ordering rule",
/// point 3): the claim itself is the segment's `claimedBit`; this records
/// an address on the holder's stack, for the re-entrancy check, and
/// implements the wait of a thread that lost the claim.
@usableFromInline
internal struct _ForcingClaim: ~Copyable, Sendable {
  /// An address on the holder's stack, or 0. Written only by the holder
  /// (after its claim succeeds, and back to 0 before its publishing store),
  /// so a thread finds an address of its own stack here only while it
  /// holds the claim.
  @usableFromInline internal let owner = Atomic<UInt>(0)

  @inlinable
  internal init() {}

  /// Records the calling thread as the holder; call right after claiming.
  /// A store of a stack address: no call, no thread identity.
  @inlinable @inline(__always)
  internal func enter() {
    var marker: UInt8 = 0
    _withUnprotectedUnsafeMutablePointer(to: &marker) {
      owner.store(UInt(bitPattern: $0), ordering: .relaxed)
    }
  }

  /// Clears the holder; call right before the publishing store.
  @inlinable @inline(__always)
  internal func leave() { owner.store(0, ordering: .relaxed) }

  /// Waits until `state` differs from `claimed` (a value with the claim bit
  /// set, seen by a failed claim) and returns the new value, loaded with
  /// acquire ordering. Stops the program if the caller is the holder (a
  /// re-entrant force, which would otherwise wait for itself forever),
  /// which it checks once the spinning phase is over.
  ///
  /// Spins first (a production usually takes nanoseconds), then yields the
  /// processor, then sleeps with a doubling pause of up to a millisecond
  /// (a long production: a slow closure or a blocking source). Nobody
  /// wakes a waiter, so a producer never pays for one.
  @usableFromInline
  internal func wait(
    _ state: borrowing Atomic<Int>, while claimed: Int, _ what: StaticString
  ) -> Int {
    var round = 0
    var pause: UInt32 = 1
    while true {
      let current = state.load(ordering: .acquiring)
      if current != claimed { return current }
      round += 1
      if round <= 256 { continue }
      if round == 257 {
        let holder = owner.load(ordering: .relaxed)
        if holder != 0 && _currentStackContains(holder) { _reentrantForce(what) }
      }
      if round <= 320 {
        sched_yield()
        continue
      }
      usleep(pause)
      pause = Swift.min(pause * 2, 1_000)
    }
  }
}
