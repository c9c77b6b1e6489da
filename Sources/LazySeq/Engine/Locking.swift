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
// - a memo segment's `state` (count of elements, `isEnded`, `isLinked`;
//   Segment.swift),
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
//    published: the elements below the count, `next` once `isLinked` is
//    set, the node's head or tail once its bit is set. Release/acquire on
//    the same word makes the writes of rule 1 happen-before those reads.
// 3. **Produce under the claim (memos).** One thread at a time holds a
//    memo's claim (its frontier's `holder`, Claim.swift) and only it runs
//    the producer. The holder keeps the claim from element to element: it
//    marks itself producing, checks after a store-load fence that it still
//    holds the claim, produces, publishes by rule 1, and clears the mark
//    with a releasing store, all without a read-modify-write. Another
//    thread that finds no element at the count waits for the publication
//    (while the holder keeps publishing, for a chunk of elements: it looks
//    at the state once per yield, not once per element);
//    it takes the claim (one compare-and-swap with acquire and release
//    ordering) only when the claim is free or its holder has not been
//    producing for the whole spinning phase of its wait, then
//    (after the same fence) waits until no other thread's mark is set: a
//    thread that checked the claim before it changed hands (once or more)
//    may still be producing. The fences order each thread's store before
//    its load in one total order, so of a holder checking and a thread
//    taking the claim at least one sees the other's store: at most one
//    produces; the releasing stores of the state and
//    of the mark, read with acquire by whoever produces next, make
//    everything the previous production wrote (the element, the producer
//    closure's own captured state, such as the position of its source
//    walker) happen before the next production: the producer closure runs
//    as if under a lock, on whichever thread holds the claim. Waiting spins,
//    then yields (`_Backoff`); a thread whose holder is still producing
//    after that parks on the memo's lot (`_Frontier._park`) and the holder
//    wakes it when it starts its next production or publishes the end. The
//    holder finds parked threads in a word it reads once per production
//    anyway (`mode`), so a walk nobody waits behind pays nothing for
//    parking, and the readers of published elements never touch the claim
//    at all.
// 4. **Nodes and deferred sequences** compute under a `_ForcingLock` (a
//    `Mutex`), and still publish by rule 1 and re-check by rule 2 inside
//    the lock. The re-check's acquire matters: a contended Linux `Mutex`
//    hands over through a priority-inheritance futex that ThreadSanitizer
//    cannot see, so the atomics alone must carry every happens-before edge.
//
// Why it is enough: each value is written once, before the release that
// publishes it, and never again (a segment's buffer below its count, a
// node's values once their bits are set); so a reader that acquired the
// word sees the final value and needs no lock, and the claim (or the
// lock) makes the writer unique. The words are only ever read with acquire
// ordering, except where a thread reads what only it writes (its own claim
// record's mark, the re-entrancy `owner` field below) or the claim's holder
// between the fenced store and load of rule 3.
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
// forever. A thread's claim record says whether it is producing an element
// of that memo; a thread that finds its own record producing when it
// demands an element at the memo's count is the holder demanding its own
// element: it stops with a precise precondition message instead of
// deadlocking. (Dynamic nodes and deferred sequences, under a
// `_ForcingLock`, record the thread identity itself.)

// Foundation for the lot's condition variable (`_Lot`).
public import Foundation
public import Synchronization

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

/// Where threads waiting for a memo's holder sleep until it wakes them
/// (`_Frontier._park`): a condition variable and its lock.
@usableFromInline
internal final class _Lot {
  @usableFromInline internal let condition = NSCondition()

  @usableFromInline
  internal init() {}

  /// Sleeps until `wakeAll` or for at most `timeout` seconds, if
  /// `shouldWait` (called with the lock held) says so.
  @usableFromInline
  internal func park(timeout: TimeInterval, if shouldWait: () -> Bool) {
    _countSynchronisingOperation()  // LAZYSEQ_INVARIANTS only
    condition.lock()
    if shouldWait() { _ = condition.wait(until: Date(timeIntervalSinceNow: timeout)) }
    condition.unlock()
  }

  /// Runs `body` with the lock held, then wakes every sleeping thread.
  @usableFromInline
  internal func wakeAll(_ body: () -> Void) {
    _countSynchronisingOperation()  // LAZYSEQ_INVARIANTS only
    condition.lock()
    body()
    condition.broadcast()
    condition.unlock()
  }
}

/// How a thread waits for another: spins first (a production usually takes
/// nanoseconds), then yields the processor, then sleeps with a doubling
/// pause of up to a millisecond (a slow closure or a blocking source).
/// Nobody wakes a thread that sleeps here; a thread waiting for a memo's
/// holder parks instead of sleeping, where the holder wakes it
/// (`_Frontier._park`).
@usableFromInline
internal struct _Backoff {
  @usableFromInline internal var round = 0
  @usableFromInline internal var pause: UInt32 = 1

  /// Rounds of spinning, then of yielding, before the first sleep.
  @usableFromInline internal static var spins: Int { 256 }
  @usableFromInline internal static var yields: Int { 64 }

  @inlinable
  internal init() {}

  /// Whether the spinning phase is over.
  @inlinable
  internal var hasSpun: Bool { round >= _Backoff.spins }

  /// Whether the yielding phase is over too (a wait that goes on longer
  /// parks, where it can: `_Frontier._park`).
  @inlinable
  internal var hasYielded: Bool { round >= _Backoff.spins + _Backoff.yields }

  /// Gives the processor to another thread that is ready to run, if any
  /// (between two looks at a value another thread is writing).
  @usableFromInline
  internal static func yieldOnce() {
    sched_yield()
  }

  @usableFromInline
  internal mutating func pauseOnce() {
    round += 1
    if round <= _Backoff.spins { return }
    if round <= _Backoff.spins + _Backoff.yields {
      sched_yield()
      return
    }
    usleep(pause)
    pause = Swift.min(pause * 2, 1_000)
  }
}
