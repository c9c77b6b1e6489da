// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// The storage kinds behind `Seq`.
//
// A `Seq` is a small value: a reference to one storage object plus a position
// in it. Four storage classes cover every kind of sequence:
//
// - `_Segment`: contiguous elements. A *complete* segment (no frontier) backs
//   arrays, `just`, tuples and eager sequences. A *memo* is a chain of
//   segments filled on demand by a `_Frontier` (operators, generated and
//   single-pass sources, signal-backed sequences). `tail` is a position bump;
//   no allocation per element.
// - `_Node`: a dynamic sequence from head and tail closures (RAC's
//   `+sequenceWithHeadBlock:tailBlock:`); each closure runs at most once.
// - `_Deferred`: a sequence computed on first use (used by `skip` and
//   friends, so that what they pass through is not copied).
// - `_Cursor`: position-addressed values that need no memo (strings, index
//   sets, ranges, repetitions).
//
// Positions: a segment position is an element index (which may run past the
// segment's capacity into later segments); a node position is 0 (the node
// itself) or 1 (its tail, not yet demanded); a cursor position is the
// cursor's own coordinate (a UTF-8 offset, an integer of an index set, ...).

public import Synchronization

@usableFromInline
internal enum _StorageKind: UInt8 {
  case segment
  case node
  case deferred
  case cursor
}

/// A storage of `Element`s; see the file comment.
@usableFromInline
internal class _Storage<Element>: _StorageBase {
  @usableFromInline internal let _kind: _StorageKind

  @inlinable
  internal init(kind: _StorageKind) {
    _kind = kind
    super.init()
  }
}

extension _Storage {
  /// For a segment (`_kind == .segment`): its state, loaded with acquire
  /// ordering (the head/tail fast paths read it without a downcast).
  @inlinable
  internal var _segmentState: Int {
    unsafeDowncast(self, to: _Segment<Element>.self).loadState()
  }

  /// For a segment: the address of its elements.
  @inlinable
  internal var _segmentBase: UnsafeMutablePointer<Element> {
    unsafeDowncast(self, to: _Segment<Element>.self).base
  }
}

// MARK: - Segments and memos

/// Contiguous evaluated elements; part of a complete array or of a memo.
///
/// `state` packs the number of initialized elements with three flags. It is
/// the publication point of the memo and, on the memo's last segment, its
/// forcing claim: see "The memory-ordering rule" in Locking.swift.
@usableFromInline
internal final class _Segment<Element>: _Storage<Element> {
  @usableFromInline internal static var endedBit: Int { 1 }
  @usableFromInline internal static var linkedBit: Int { 2 }
  /// Set (by one compare-and-swap) while a thread produces the element at
  /// the count; cleared by the store that publishes what it produced.
  @usableFromInline internal static var claimedBit: Int { 4 }
  @usableFromInline internal static var countShift: Int { 3 }
  @usableFromInline internal static var maximumCapacity: Int { 4096 }

  @usableFromInline internal let base: UnsafeMutablePointer<Element>
  @usableFromInline internal let capacity: Int
  /// Whether this is the first segment of its memo (position 0 is the start).
  @usableFromInline internal let isFirst: Bool
  @usableFromInline internal let state: Atomic<Int>
  /// The following segment; written once, before `linkedBit` is published.
  @usableFromInline @exclusivity(unchecked) internal var next: _Segment<Element>?
  /// The producer of further elements; `nil` for a complete segment.
  @usableFromInline @exclusivity(unchecked) internal var frontier: _Frontier<Element>?
  /// For a complete segment adopted from an array without copying: the
  /// array whose (never mutated, uniquely addressed) buffer `base` points
  /// into. `nil` when the segment owns `base`.
  @usableFromInline internal let adopted: ContiguousArray<Element>?

  /// An empty memo segment to be filled by `frontier`.
  @inlinable
  internal init(capacity: Int, frontier: _Frontier<Element>, isFirst: Bool) {
    self.base = .allocate(capacity: capacity)
    self.capacity = capacity
    self.isFirst = isFirst
    self.state = Atomic(0)
    self.frontier = frontier
    self.adopted = nil
    super.init(kind: .segment)
  }

  /// A complete segment holding `count` elements already moved into `base`.
  @inlinable
  internal init(completeBase base: UnsafeMutablePointer<Element>, count: Int) {
    self.base = base
    self.capacity = count
    self.isFirst = true
    self.state = Atomic(count << _Segment.countShift | _Segment.endedBit)
    self.frontier = nil
    self.adopted = nil
    super.init(kind: .segment)
  }

  /// A complete segment over the buffer of `array`, without copying it.
  ///
  /// A `ContiguousArray` always has native contiguous storage whose address
  /// is stable while the storage lives; the segment keeps it alive and never
  /// writes through `base` (a later mutation of the caller's copy triggers
  /// copy-on-write, since the segment holds a reference).
  @inlinable
  internal init(adopting array: ContiguousArray<Element>) {
    self.base = array.withUnsafeBufferPointer {
      UnsafeMutablePointer(mutating: $0.baseAddress.unsafelyUnwrapped)
    }
    self.capacity = array.count
    self.isFirst = true
    self.state = Atomic(array.count << _Segment.countShift | _Segment.endedBit)
    self.frontier = nil
    self.adopted = array
    super.init(kind: .segment)
  }

  /// The published state (count and flags), with acquire ordering.
  @inlinable
  internal func loadState() -> Int { state.load(ordering: .acquiring) }

  deinit {
    if adopted == nil {
      let count = state.load(ordering: .acquiring) >> _Segment.countShift
      base.deinitialize(count: count)
      base.deallocate()
    }
    _releaseChildren()
  }

  @usableFromInline
  internal override func _detachChildren(into work: inout [_StorageBase]) {
    if let next = next.take() { work.append(next) }
    if let frontier = frontier.take() { work.append(frontier) }
  }
}

/// How a memo's elements are produced: initializes the pointee with the
/// next element and returns `true`, or returns `false` at the end (see
/// `_Frontier.producer`).
@usableFromInline
internal typealias _Producer<Element> = (UnsafeMutablePointer<Element>) -> Bool

/// How a memo's elements are produced in batches (when it evaluates
/// ahead): initializes up to `batch.count` elements at `batch.base` and
/// returns how many; fewer means the end.
@usableFromInline
internal typealias _BatchProducer<Element> = (_Batch<Element>) -> Int

/// Where a batch producer writes: `count` (at least 1) uninitialized
/// elements at `base`. When they are a memo's, `segment` is the claimed
/// segment they are in, after its first `start` elements: the producer
/// publishes each element it makes (`published`), the claim still held, so
/// that its closures may read the elements made before (as a
/// self-referential definition does).
///
/// Its layout does not depend on `Element`, so a producer taking it is
/// called the same way at every abstraction (no reabstraction thunk).
@frozen @usableFromInline
internal struct _Batch<Element> {
  @usableFromInline internal let base: UnsafeMutablePointer<Element>
  @usableFromInline internal let count: Int
  /// Unretained: the claim's holder keeps the memo, and so the segment,
  /// alive while the batch is produced.
  @usableFromInline internal let segment: Unmanaged<_Segment<Element>>?
  @usableFromInline internal let start: Int

  /// Elements that are not a memo's: nothing to publish.
  @inlinable @inline(__always)
  internal init(_ base: UnsafeMutablePointer<Element>, count: Int) {
    self.base = base
    self.count = count
    self.segment = nil
    self.start = 0
  }

  /// Elements of the claimed `segment`, after its first `start`.
  @inlinable @inline(__always)
  internal init(
    _ base: UnsafeMutablePointer<Element>, count: Int, segment: _Segment<Element>, start: Int
  ) {
    self.base = base
    self.count = count
    self.segment = Unmanaged.passUnretained(segment)
    self.start = start
  }

  /// Records that the first `made` elements at `base` are initialized:
  /// publishes them when they are a memo's (the claim stays held).
  @inlinable @inline(__always)
  internal func published(_ made: Int) {
    guard let segment else { return }
    segment._withUnsafeGuaranteedRef {
      $0.state.store(
        (start &+ made) << _Segment<Element>.countShift | _Segment<Element>.claimedBit,
        ordering: .releasing)
    }
  }
}

/// The producing end of a memo: a closure that writes the next element (or
/// reports the end), run at most once per element by the thread that
/// claimed the memo's last segment (see Locking.swift).
@usableFromInline
internal final class _Frontier<Element>: _StorageBase {
  /// The thread that holds the claim, for the re-entrancy check (0 when
  /// none); see `_ForcingClaim`.
  @usableFromInline internal let owner = _ForcingClaim()
  /// Initializes the pointee (uninitialized memory) with the next element
  /// and returns `true`, or returns `false` at the end, leaving it
  /// uninitialized; called only by the claim's holder, until it has
  /// returned `false` (the segment's `endedBit` then records the end).
  ///
  /// A pointer and a `Bool` are passed the same way whatever `Element` is,
  /// so a producer made inside a specialized operator is called as it was
  /// compiled, without a reabstraction thunk, and writes its element
  /// straight into the memo. A `let`, so calling it needs no retain of its
  /// context.
  @usableFromInline internal let producer: _Producer<Element>
  /// The same producer, making a batch per call (see `_Batch`), for the
  /// operators that have one: called instead of `producer` to evaluate
  /// ahead (a memo's batch, or a fused walk's run for such a batch).
  @usableFromInline internal let batchProducer: _BatchProducer<Element>?
  /// Storages the producer reads from, kept here so that they are released
  /// iteratively (the producer closure's captures are opaque) and as soon as
  /// the memo ends (each is reset then).
  @usableFromInline @exclusivity(unchecked) internal var sources: [_StorageBase]
  /// For a concatenation, its parts, so that nested concatenations can be
  /// flattened instead of recursing (see `Seq+Concat.swift`).
  @usableFromInline @exclusivity(unchecked) internal var concatParts: [Seq<Element>]?
  /// The error that ended a failable memo (see `Seq+Failure.swift`);
  /// written once, by the claim's holder, then published by `hasFailed`.
  @usableFromInline @exclusivity(unchecked) internal var failure: (any Error)?
  @usableFromInline internal let hasFailed = Atomic<Bool>(false)
  /// Whether a walker that owns this memo alone may take its producer over
  /// (see `_Walker._tryFuse`); false when the producer refers back to
  /// this frontier.
  @usableFromInline internal let isFusible: Bool
  /// Once a fused walker was copied: the memo, over the same producer, that
  /// each copy walks on from its start (see `_Walker._defuse`). The
  /// producer is then called through this memo only.
  @usableFromInline @exclusivity(unchecked) internal var defused: _Segment<Element>?
  /// How many elements one claim produces, at most (`Seq.evaluatingAhead`);
  /// 1 (exact laziness) unless set, once, before the memo is shared.
  @usableFromInline @exclusivity(unchecked) internal var aheadCount: Int = 1

  @inlinable
  internal init(
    sources: [_StorageBase], concatParts: [Seq<Element>]?, isFusible: Bool = true,
    producer: @escaping _Producer<Element>, batchProducer: _BatchProducer<Element>? = nil
  ) {
    self.isFusible = isFusible
    self.producer = producer
    self.batchProducer = batchProducer
    self.sources = sources
    self.concatParts = concatParts
    self.defused = nil
    super.init()
  }

  deinit { _releaseChildren() }

  @usableFromInline
  internal override func _detachChildren(into work: inout [_StorageBase]) {
    for source in sources { source._detachChildren(into: &work) }
    work.append(contentsOf: sources)
    sources = []
    if let parts = concatParts.take() {
      for part in parts { if let s = part._storage { work.append(s) } }
    }
    if let defused = defused.take() { work.append(defused) }
  }

  /// The memo that the copies of a fused walker share (see `defused`),
  /// made on first request: a new frontier over the same producer and
  /// sources. This frontier keeps the memo for the copies that have not
  /// reached it yet; the memo does not refer back to it.
  @inlinable
  internal func _defusedMemo() -> _Segment<Element> {
    if let defused { return defused }
    let frontier = _Frontier(
      sources: sources, concatParts: nil, isFusible: isFusible, producer: producer,
      batchProducer: batchProducer)
    frontier.aheadCount = aheadCount
    sources = []
    let memo = _Segment(capacity: 8, frontier: frontier, isFirst: true)
    defused = memo
    return memo
  }

  /// Produces the element at the `seen` state of `segment`, the memo's last
  /// segment, unless another thread already did; returns the segment's
  /// state afterwards (the caller reads what it needs from it).
  ///
  /// One compare-and-swap claims the segment (`seen` → `seen | claimedBit`);
  /// the store that publishes the new element releases the claim. A thread
  /// that loses the race waits for that store (`_ForcingClaim.wait`), never
  /// for a lock. Takes an unretained reference: the caller's walker keeps
  /// the segment alive, and the segment keeps its frontier alive.
  @inlinable
  internal static func force(_ segmentRef: Unmanaged<_Segment<Element>>, seen: Int) -> Int {
    segmentRef._withUnsafeGuaranteedRef { segment in
      // Acquiring on success: pairs with the releasing store that published
      // `seen`, so everything the previous production wrote (the element,
      // the producer's own state) happens-before this one (Locking.swift).
      // (`seen` may itself carry the claim bit of a production under way:
      // the claim expects the unclaimed value, so it then fails and waits.)
      let unclaimed = seen & ~_Segment<Element>.claimedBit
      _countSynchronisingOperation()  // LAZYSEQ_INVARIANTS only
      let claim = segment.state.compareExchange(
        expected: unclaimed, desired: unclaimed | _Segment<Element>.claimedBit,
        successOrdering: .acquiring, failureOrdering: .acquiring)
      let frontierRef = Unmanaged.passUnretained(segment.frontier.unsafelyUnwrapped)
      guard claim.exchanged else {
        // Someone else produced it already, or is producing it now.
        if claim.original & _Segment<Element>.claimedBit == 0 { return claim.original }
        return frontierRef._withUnsafeGuaranteedRef {
          $0.owner.wait(segment.state, while: claim.original, "a lazy sequence")
        }
      }
      return frontierRef._withUnsafeGuaranteedRef { frontier in
        frontier.owner.enter()
        frontier._checkInvariants(producingInto: segment)  // LAZYSEQ_INVARIANTS only
        let count = unclaimed >> _Segment<Element>.countShift
        guard _fastPath(count < segment.capacity) else {
          return frontier._link(after: segment, seen: unclaimed)
        }
        guard frontier.producer(segment.base + count) else {
          return frontier._end(segment, seen: unclaimed)
        }
        var published = (count + 1) << _Segment<Element>.countShift
        if _slowPath(frontier.aheadCount > 1) {
          published = frontier._produceAhead(into: segment, count: count + 1)
        }
        frontier.owner.leave()
        // Publishes the element and releases the claim.
        segment.state.store(published, ordering: .releasing)
        return published
      }
    }
  }

  /// The claimed part of `force` when the producer has ended: releases
  /// what it read from, then publishes the end (releasing the claim).
  @inlinable @inline(never)
  internal func _end(_ segment: _Segment<Element>, seen: Int) -> Int {
    _releaseSources()
    let ended = seen | _Segment<Element>.endedBit
    owner.leave()
    segment.state.store(ended, ordering: .releasing)
    return ended
  }

  /// The claimed part of `force` when `segment` is full: produces the next
  /// element into a new segment and publishes the link (or, at the end,
  /// the end), releasing the claim.
  @inlinable @inline(never)
  internal func _link(after segment: _Segment<Element>, seen: Int) -> Int {
    let next = _Segment(
      capacity: Swift.min(segment.capacity * 2, _Segment<Element>.maximumCapacity),
      frontier: self, isFirst: false)
    guard producer(next.base) else {
      next.frontier = nil
      return _end(segment, seen: seen)
    }
    segment.next = next
    let linked = seen | _Segment<Element>.linkedBit
    guard aheadCount > 1 else {
      next.state.store(1 << _Segment<Element>.countShift, ordering: .relaxed)
      owner.leave()
      // Publishes `next` (and its first element) to whoever acquires `linked`.
      segment.state.store(linked, ordering: .releasing)
      return linked
    }
    // Evaluating ahead: the claim moves to `next` (published claimed, with
    // its first element), which becomes the memo's last segment.
    next.state.store(
      1 << _Segment<Element>.countShift | _Segment<Element>.claimedBit, ordering: .relaxed)
    segment.state.store(linked, ordering: .releasing)
    let published = _produceAhead(into: next, count: 1)
    owner.leave()
    next.state.store(published, ordering: .releasing)
    return linked
  }

  /// The claimed part of `force` on a memo that evaluates ahead: `segment`
  /// (claimed, the memo's last) holds `count` elements, the last of them
  /// just produced; produces more, up to `aheadCount` in this claim and
  /// within the segment, publishing each (the claim still held, so that a
  /// producer may read the elements before its own, as a self-referential
  /// definition does), and returns the state to publish with the claim
  /// released: the new count, with `endedBit` if the producer ended.
  @inlinable @inline(never)
  internal func _produceAhead(into segment: _Segment<Element>, count: Int) -> Int {
    let limit = Swift.min(segment.capacity, count &- 1 &+ aheadCount)
    if let batchProducer, count < limit {
      segment.state.store(
        count << _Segment<Element>.countShift | _Segment<Element>.claimedBit,
        ordering: .releasing)
      let wanted = limit &- count
      let made = batchProducer(
        _Batch(segment.base + count, count: wanted, segment: segment, start: count))
      guard made == wanted else {
        _releaseSources()
        return (count &+ made) << _Segment<Element>.countShift | _Segment<Element>.endedBit
      }
      return limit << _Segment<Element>.countShift
    }
    var count = count
    while count < limit {
      segment.state.store(
        count << _Segment<Element>.countShift | _Segment<Element>.claimedBit,
        ordering: .releasing)
      guard producer(segment.base + count) else {
        _releaseSources()
        return count << _Segment<Element>.countShift | _Segment<Element>.endedBit
      }
      count &+= 1
    }
    return count << _Segment<Element>.countShift
  }

  /// The producer is done: release what it read from, iteratively (once
  /// per memo, not per element). Called by the claim's holder, before it
  /// publishes the end, so no other thread touches `sources` meanwhile.
  @usableFromInline
  internal func _releaseSources() {
    var finished: [_StorageBase] = []
    for source in sources { source._detachChildren(into: &finished) }
    finished.append(contentsOf: sources)
    sources = []
    if !finished.isEmpty { _StorageBase._release(&finished) }
  }
}

// MARK: - Dynamic nodes

/// A sequence made of a head closure and a tail closure, each run at most
/// once, on first demand; demanding the tail runs the head first (a `nil`
/// head makes the tail empty without running the tail closure).
@usableFromInline
internal final class _Node<Element>: _Storage<Element> {
  @usableFromInline internal static var headDone: UInt8 { 1 }
  @usableFromInline internal static var tailDone: UInt8 { 2 }

  @usableFromInline internal let headLock = _ForcingLock()
  @usableFromInline internal let tailLock = _ForcingLock()
  @usableFromInline internal let done = Atomic<UInt8>(0)
  @usableFromInline @exclusivity(unchecked) internal var headBlock: (() -> Element?)?
  @usableFromInline @exclusivity(unchecked) internal var tailBlock: (() -> Seq<Element>)?
  @usableFromInline @exclusivity(unchecked) internal var headValue: Element?
  @usableFromInline @exclusivity(unchecked) internal var tailValue: Seq<Element>

  @inlinable
  internal init(head: @escaping () -> Element?, tail: @escaping () -> Seq<Element>) {
    headBlock = head
    tailBlock = tail
    headValue = nil
    tailValue = Seq()
    super.init(kind: .node)
  }

  deinit { _releaseChildren() }

  @usableFromInline
  internal override func _detachChildren(into work: inout [_StorageBase]) {
    headBlock = nil
    tailBlock = nil
    if let s = tailValue._storage { work.append(s) }
    tailValue = Seq()
  }

  /// Whether the head is known to be absent (the sequence is empty).
  @inlinable
  internal var isKnownEmpty: Bool {
    done.load(ordering: .acquiring) & _Node.headDone != 0 && headValue == nil
  }

  @inlinable
  internal func head() -> Element? {
    if done.load(ordering: .acquiring) & _Node.headDone != 0 { return headValue }
    return headLock.withLock("a dynamic sequence's head") {
      if done.load(ordering: .acquiring) & _Node.headDone != 0 { return headValue }
      let value = headBlock.unsafelyUnwrapped()
      headValue = value
      headBlock = nil
      _countSynchronisingOperation()  // LAZYSEQ_INVARIANTS only
      done.bitwiseOr(_Node.headDone, ordering: .releasing)
      return value
    }
  }

  /// The tail; evaluates the head first (outside the tail's lock), since
  /// the tail of an empty sequence is empty whichever is read first.
  @inlinable
  internal func tail() -> Seq<Element> {
    if done.load(ordering: .acquiring) & _Node.tailDone != 0 { return tailValue }
    _ = head()
    let result: Seq<Element> = tailLock.withLock("a dynamic sequence's tail") {
      if done.load(ordering: .acquiring) & _Node.tailDone != 0 { return tailValue }
      let value = isKnownEmpty ? Seq() : tailBlock.unsafelyUnwrapped()
      tailValue = value
      tailBlock = nil
      _countSynchronisingOperation()  // LAZYSEQ_INVARIANTS only
      done.bitwiseOr(_Node.tailDone, ordering: .releasing)
      return value
    }
    return result
  }
}

// MARK: - Deferred sequences

/// A sequence whose storage is computed on first use, at most once.
@usableFromInline
internal final class _Deferred<Element>: _Storage<Element> {
  @usableFromInline internal let lock = _ForcingLock()
  @usableFromInline internal let isResolved = Atomic<Bool>(false)
  @usableFromInline @exclusivity(unchecked) internal var block: (() -> Seq<Element>)?
  @usableFromInline @exclusivity(unchecked) internal var resolved: Seq<Element>

  @inlinable
  internal init(_ block: @escaping () -> Seq<Element>) {
    self.block = block
    self.resolved = Seq()
    super.init(kind: .deferred)
  }

  deinit { _releaseChildren() }

  @usableFromInline
  internal override func _detachChildren(into work: inout [_StorageBase]) {
    block = nil
    if let s = resolved._storage { work.append(s) }
    resolved = Seq()
  }

  @inlinable
  internal func resolve() -> Seq<Element> {
    if isResolved.load(ordering: .acquiring) { return resolved }
    return lock.withLock("a lazy sequence") {
      if isResolved.load(ordering: .acquiring) { return resolved }
      let value = block.unsafelyUnwrapped()
      resolved = value
      block = nil
      isResolved.store(true, ordering: .releasing)
      return value
    }
  }
}

// MARK: - Cursors

/// Values addressed by an integer position: `step(p)` is the element at `p`
/// and the position after it, or `nil` at the end. Pure: no memo needed.
///
/// A cursor may be followed by another sequence (`successor`), for values
/// that need more positions than an `Int` has (a range of more than
/// `Int.max` integers is a chain of cursors of at most `Int.max` each).
@usableFromInline
internal final class _Cursor<Element>: _Storage<Element> {
  @usableFromInline internal let step: (Int) -> (Element, Int)?
  /// Whether the cursor never ends (descriptions show only a prefix).
  @usableFromInline internal let isInfinite: Bool
  /// For cursors that can move by index (ranges, repetitions): the position
  /// up to `count` elements after `position`, without visiting the elements
  /// in between, and how many of the `count` were left when the end was
  /// reached first (0 otherwise).
  @usableFromInline internal let advance:
    ((_ position: Int, _ count: Int) -> (position: Int, remaining: Int))?
  /// The sequence that follows this cursor's last element, made on demand
  /// (each time: it is a value, like the cursor's elements); `nil` when the
  /// cursor's end is the end.
  @usableFromInline internal let successor: (() -> Seq<Element>)?

  @inlinable
  internal init(
    isInfinite: Bool = false, advance: ((Int, Int) -> (position: Int, remaining: Int))? = nil,
    successor: (() -> Seq<Element>)? = nil, step: @escaping (Int) -> (Element, Int)?
  ) {
    self.step = step
    self.isInfinite = isInfinite
    self.advance = advance
    self.successor = successor
    super.init(kind: .cursor)
  }
}
