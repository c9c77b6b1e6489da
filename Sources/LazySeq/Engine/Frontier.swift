// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// The producing end of a memo: how the element at its last segment's count
// is produced, by the one thread that holds the memo's claim (Claim.swift;
// Locking.swift, rule 3).

public import Synchronization

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
/// elements at `base`. When they are a memo's, `segment` is the memo's last
/// segment they are in, after its first `start` elements: the producer
/// publishes each element it makes (`published`) while it goes on, so
/// that its closures may read the elements made before (as a
/// self-referential definition does).
///
/// Its layout does not depend on `Element`, so a producer taking it is
/// called the same way at every abstraction (no reabstraction thunk).
@frozen @usableFromInline
internal struct _Batch<Element> {
  @usableFromInline internal let base: UnsafeMutablePointer<Element>
  @usableFromInline internal var count: Int
  /// Unretained: the producing walker keeps the memo, and so the segment,
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

  /// Elements of the memo's last `segment`, after its first `start`.
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
  /// publishes them when they are a memo's (the production goes on).
  @inlinable @inline(__always)
  internal func published(_ made: Int) {
    guard let segment else { return }
    segment._withUnsafeGuaranteedRef {
      $0.state.store(ChunkState(count: start &+ made), ordering: .releasing)
    }
  }

  /// The first `count` elements of this batch (at most its own count).
  @inlinable @inline(__always)
  internal func prefix(_ count: Int) -> _Batch {
    var batch = self
    batch.count = Swift.min(count, self.count)
    return batch
  }

  /// Fills the batch from `source`, reading its evaluated elements in runs
  /// (in place) and the others one at a time, and only while outputs are
  /// still wanted: `step` initializes the output for an
  /// element at the pointer it is given and returns `.made`, or drops the
  /// element (`.skipped`), or ends the result (`.ended`, nothing
  /// initialized). Publishes each output. Returns how many were made;
  /// fewer than `count` means the end. Inlined into each operator's batch
  /// producer, so that the loop is specialised for it.
  ///
  /// `neverEnds`: `step` never returns `.ended`, so each source element it
  /// is given makes at most one output and is never wasted. The fill may
  /// then read a source that is itself produced in batches (a fused
  /// walk's) a run at a time: as many elements as outputs are still
  /// wanted, never more, so its closures run for no element the result
  /// does not consume. A step that may end reads one source element at a
  /// time (the elements after its end are never evaluated).
  @inlinable @inline(__always)
  internal func fill<Source>(
    from source: _WalkerBox<Source>, neverEnds: Bool = false,
    _ step: (Source, UnsafeMutablePointer<Element>) -> _Filled
  ) -> Int {
    // One loop for a memo's elements and one for the others, so that the
    // loop does not ask each time whether it publishes.
    segment == nil
      ? _fill(from: source, publishing: false, neverEnds: neverEnds, step)
      : _fill(from: source, publishing: true, neverEnds: neverEnds, step)
  }

  @inlinable @inline(__always)
  internal func _fill<Source>(
    from source: _WalkerBox<Source>, publishing: Bool, neverEnds: Bool,
    _ step: (Source, UnsafeMutablePointer<Element>) -> _Filled
  ) -> Int {
    var made = 0
    /// Takes `filled` into account; whether it ended the result.
    func ends(_ filled: _Filled) -> Bool {
      switch filled {
      case .made:
        made &+= 1
        if publishing { published(made) }
        return false
      case .skipped: return false
      case .ended: return true
      }
    }
    while made < count {
      // The source's evaluated run, read in place (its position is stored
      // once per run, not once per element): at most as many elements as
      // outputs are still wanted. `step` never reads `source` itself.
      let index = source.walker.index
      if index < source.walker.limit {
        let elements = source.walker.base.unsafelyUnwrapped + index
        let run = Swift.min(source.walker.limit &- index, count &- made)
        var read = 0
        while read < run {
          let ended = ends(step(elements[read], base + made))
          read &+= 1
          if ended {
            source.walker.index = index &+ read
            return made
          }
        }
        source.walker.index = index &+ read
        continue
      }
      if neverEnds, source.walker.upstream?.batchProducer != nil {
        // A fused source that makes batches: a run of it, read into a
        // temporary and passed on in place.
        let wanted = Swift.min(count &- made, _runLength(of: Source.self))
        let read = withUnsafeTemporaryAllocation(of: Source.self, capacity: wanted) { run in
          let elements = run.baseAddress.unsafelyUnwrapped
          let read = source.walker.next(into: elements, count: wanted)
          for i in 0..<read { _ = ends(step((elements + i).move(), base + made)) }
          return read
        }
        if read < wanted { break }
        continue
      }
      guard let element = source.walker.next() else { break }
      if ends(step(element, base + made)) { return made }
    }
    return made
  }
}

/// How many elements a run read ahead of its consumer holds at most: 64,
/// fewer for large elements (a run lives on the stack, in at most 4 KB).
@inlinable @inline(__always)
internal func _runLength<Element>(of _: Element.Type) -> Int {
  Swift.max(1, Swift.min(64, 4_096 / Swift.max(1, MemoryLayout<Element>.stride)))
}

/// What a batch producer's step did with one source element (see
/// `_Batch.fill`).
@usableFromInline
internal enum _Filled {
  case made
  case skipped
  case ended
}

/// The producing end of a memo: a closure that writes the next element (or
/// reports the end), run at most once per element by the thread that
/// holds the memo's claim (see Claim.swift and Locking.swift).
@usableFromInline
internal final class _Frontier<Element>: _StorageBase {
  /// The record of the thread that holds the claim to produce elements
  /// (`nil` until the first production); see Claim.swift. Unretained: the
  /// records are kept by `records`.
  @usableFromInline internal let holder = Atomic<Unmanaged<_ClaimRecord>?>(nil)
  /// The records of the threads that held the claim, newest first (each
  /// retained once, released in `deinit`).
  @usableFromInline internal let records = Atomic<Unmanaged<_ClaimRecord>?>(nil)
  /// Initializes the pointee (uninitialized memory) with the next element
  /// and returns `true`, or returns `false` at the end, leaving it
  /// uninitialized; called only by the claim's holder, until it has
  /// returned `false` (the segment's `isEnded` then records the end).
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
  @usableFromInline @exclusivity(unchecked) internal var sources: _Sources
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
  /// How many elements one demand produces, at most (`aheadCount`), and
  /// `parkedBit` while a thread is parked waiting for the claim's holder
  /// (see `_park`, Claim.swift). The holder reads it once per production,
  /// after its fence: anything but 1 (exact laziness, nobody parked) takes
  /// the slow path (`_produceSlowly`).
  @usableFromInline internal let mode = Atomic<Int>(1)
  /// Where threads waiting for the holder sleep until it wakes them: made
  /// by the first thread that parks (retained once, released in `deinit`).
  @usableFromInline internal let lot = Atomic<Unmanaged<_Lot>?>(nil)

  /// How many elements one demand produces, at most (`Seq.evaluatingAhead`);
  /// 1 (exact laziness) unless set, once, before the memo is shared. A
  /// count that would reach `parkedBit` is stored as the largest below it
  /// (2^62 - 1, more than any demand can produce), so that it neither reads
  /// back smaller nor sets the parked bit.
  @inlinable
  internal var aheadCount: Int {
    get { mode.load(ordering: .relaxed) & ~_Frontier.parkedBit }
    set { mode.store(Swift.min(newValue, _Frontier.parkedBit - 1), ordering: .relaxed) }
  }

  /// The bit of `mode` that says a thread is parked (see `_park`).
  @inlinable internal static var parkedBit: Int { 1 << 62 }

  @inlinable
  internal init(
    sources: _Sources, concatParts: [Seq<Element>]?, isFusible: Bool = true,
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

  deinit {
    records.load(ordering: .acquiring)?.release()
    lot.load(ordering: .acquiring)?.release()
    _releaseChildren()
  }

  @usableFromInline
  internal override func _detachChildren(into work: inout _ReleaseList) {
    sources.detach(into: &work)
    // Plain loads and stores (see `_StorageBase._detachChildren`); the loop
    // over a concatenation's parts still looks `Seq`'s metadata up once.
    if let parts = concatParts {
      concatParts = nil
      for i in 0..<parts.count { if let s = parts[i]._storage { work.append(s) } }
    }
    if let defused {
      self.defused = nil
      work.append(defused)
    }
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
    sources = _Sources()
    let memo = _Segment(reserving: 8, frontier: frontier)
    defused = memo
    return memo
  }

  /// Produces the element at the `seen` state of `segment`, the memo's last
  /// segment, unless another thread already did; returns the segment's
  /// state afterwards (the caller reads what it needs from it).
  ///
  /// The thread that holds the memo's claim produces, with no
  /// read-modify-write (`_produce`); any other thread waits for the
  /// element, or takes the claim over when it is free or its holder idle
  /// (`_waitOrTakeOver`, Claim.swift). Takes an unretained reference: the
  /// caller's walker keeps the segment alive, and the segment keeps its
  /// frontier alive.
  @inlinable @inline(__always)
  internal static func force(_ segmentRef: Unmanaged<_Segment<Element>>, seen: ChunkState) -> ChunkState {
    segmentRef._withUnsafeGuaranteedRef { segment in
      Unmanaged.passUnretained(segment.frontier.unsafelyUnwrapped)._withUnsafeGuaranteedRef {
        frontier in
        let me = currentThreadID()
        if let holder = frontier.holder.load(ordering: .acquiring),
          holder._withUnsafeGuaranteedRef({ $0.thread == me }),
          let state = frontier._produce(into: segment, seen: seen, as: holder)
        {
          return state
        }
        return frontier._waitOrTakeOver(segment, seen: seen, me: me)
      }
    }
  }

  /// The claimed part of `force` when the producer has ended: releases
  /// what it read from, then publishes the end.
  @inlinable @inline(never)
  internal func _end(_ segment: _Segment<Element>, seen: ChunkState) -> ChunkState {
    _releaseSources()
    let ended = seen.ended
    _publish(ended, in: segment)
    return ended
  }

  /// Publishes `state` in `segment` (rule 1 of Locking.swift) on a slow
  /// path, where it may be the end; the end wakes the threads parked on
  /// this memo (no production follows that would).
  @inlinable @inline(__always)
  internal func _publish(_ state: ChunkState, in segment: _Segment<Element>) {
    segment.state.store(state, ordering: .releasing)
    if state.isEnded { _wakeAfterEnd() }
  }

  /// The claimed part of `force` when `segment` is full: produces the next
  /// element into a new segment and publishes the link (or, at the end,
  /// the end). The claim, the frontier's, stays with the holder.
  @inlinable @inline(never)
  internal func _link(after segment: _Segment<Element>, seen: ChunkState) -> ChunkState {
    if segment.reservedCapacity > 0 { return _produceFirst(into: segment, seen: seen) }
    let next = _Segment(
      capacity: Swift.min(segment.capacity * 2, _Segment<Element>.maximumCapacity),
      frontier: self, isFirst: false)
    guard producer(next.base) else {
      next.frontier = nil
      return _end(segment, seen: seen)
    }
    segment.next = next
    let linked = seen.linked
    next.state.store(ChunkState(count: 1), ordering: .relaxed)
    // Publishes `next` (and its first element) to whoever acquires `linked`.
    segment.state.store(linked, ordering: .releasing)
    guard aheadCount > 1 else { return linked }
    // Evaluating ahead: goes on in `next`, now the memo's last segment.
    _publish(_produceAhead(into: next, count: 1), in: next)
    return linked
  }

  /// The claimed part of `force` for the first element of a memo whose
  /// first segment has no buffer yet (`_Segment.reservedCapacity`): makes
  /// it, then produces as `_produce` does (evaluating ahead if the memo
  /// does). The buffer and capacity are written before the state that
  /// publishes the element, so a reader that acquires it sees them.
  @inlinable @inline(never)
  internal func _produceFirst(into segment: _Segment<Element>, seen: ChunkState) -> ChunkState {
    let capacity = segment.reservedCapacity
    segment.base = .allocate(capacity: capacity)
    segment.capacity = capacity
    segment.reservedCapacity = 0
    guard producer(segment.base) else { return _end(segment, seen: seen) }
    guard aheadCount > 1 else {
      let state = ChunkState(count: 1)
      segment.state.store(state, ordering: .releasing)
      return state
    }
    let state = _produceAhead(into: segment, count: 1)
    _publish(state, in: segment)
    return state
  }

  /// The claimed part of `force` on a memo that evaluates ahead: `segment`
  /// (the memo's last) holds `count` elements, the last of them
  /// just produced; produces more, up to `aheadCount` in this production
  /// and within the segment, publishing each (so that a producer may read
  /// the elements before its own, as a self-referential definition does),
  /// and returns the state to publish at the end of the production: the
  /// new count, with `isEnded` if the producer ended.
  @inlinable @inline(never)
  internal func _produceAhead(into segment: _Segment<Element>, count: Int) -> ChunkState {
    let limit = Swift.min(segment.capacity, count &- 1 &+ aheadCount)
    if let batchProducer, count < limit {
      segment.state.store(ChunkState(count: count), ordering: .releasing)
      let wanted = limit &- count
      let made = batchProducer(
        _Batch(segment.base + count, count: wanted, segment: segment, start: count))
      guard made == wanted else {
        _releaseSources()
        return ChunkState(count: count &+ made).ended
      }
      return ChunkState(count: limit)
    }
    var count = count
    while count < limit {
      segment.state.store(ChunkState(count: count), ordering: .releasing)
      guard producer(segment.base + count) else {
        _releaseSources()
        return ChunkState(count: count).ended
      }
      count &+= 1
    }
    return ChunkState(count: count)
  }

  /// The producer is done: release what it read from, iteratively (once
  /// per memo, not per element). Called by the claim's holder, before it
  /// publishes the end, so no other thread touches `sources` meanwhile.
  @usableFromInline
  internal func _releaseSources() {
    var finished = _ReleaseList()
    sources.detach(into: &finished)
    if !finished.isEmpty { _StorageBase._release(&finished) }
  }
}
