// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// The walker: a moving position in a `Seq`, used by every traversal that
// evaluates (the iterator, folds, `head`, `tail`, and the operators'
// producers through `_WalkerBox`). Its `_stepOther` and the navigator's
// `advance` (Navigator.swift, for the walks that evaluate nothing) are the
// two places that step over the storage kinds. Memory ordering: see the
// rule in Locking.swift.

/// A moving position in a `Seq`, with the current segment's readable range
/// cached so that walking evaluated elements costs a compare and a load.
@usableFromInline
internal struct _Walker<Element> {
  @usableFromInline internal var storage: _Storage<Element>?
  @usableFromInline internal var index: Int
  @usableFromInline internal var base: UnsafeMutablePointer<Element>?
  /// Elements below `limit` are evaluated and at `base`; `.min` when the
  /// current storage is not a segment (positions may be negative there).
  @usableFromInline internal var limit: Int
  /// When fused: the frontier of the memo this walker took over, whose
  /// producer it calls directly (see `_tryFuse`).
  @usableFromInline internal var upstream: _Frontier<Element>?
  /// Whether this walker may take over the memo it starts on.
  @usableFromInline internal var canFuse: Bool

  @inlinable
  internal init(_ seq: Seq<Element>, canFuse: Bool = false) {
    storage = seq._storage
    index = seq._index
    base = nil
    limit = .min
    upstream = nil
    self.canFuse = canFuse
  }

  /// Moves the storages this walker holds into `work` and empties it.
  ///
  /// Field by field: the storages' `_detachChildren` overrides call this
  /// unspecialized (see `_StorageBase._detachChildren`).
  @inlinable
  internal mutating func _detach(into work: inout _ReleaseList) {
    if let storage {
      self.storage = nil
      work.append(storage)
    }
    if let upstream {
      self.upstream = nil
      work.append(upstream)
    }
    base = nil
    limit = .min
    index = 0
    canFuse = false
  }

  /// Takes over the memo this walker starts on if nothing else can ever
  /// observe it: the walker holds the only reference to its first segment,
  /// that segment the only reference to its frontier, and nothing has been
  /// evaluated. The walker then calls the memo's producer directly, which
  /// yields the same elements, each computed once, without storing them or
  /// claiming the memo. (Intermediate results of a pipeline, and a
  /// `for-in` over a temporary pipeline, are walked this way.)
  @inlinable
  internal mutating func _tryFuse() -> Bool {
    guard index == 0, isKnownUniquelyReferenced(&storage) else { return false }
    unowned(unsafe) let current = storage.unsafelyUnwrapped
    guard current._kind == .segment else { return false }
    unowned(unsafe) let segment = unsafeDowncast(current, to: _Segment<Element>.self)
    guard segment.isFirst, segment.loadState() == .empty,
      isKnownUniquelyReferenced(&segment.frontier)
    else { return false }
    guard segment.frontier.unsafelyUnwrapped.isFusible else { return false }
    upstream = segment.frontier
    storage = nil
    return true
  }

  /// The next element of a fused walk: a direct call of the producer.
  @inlinable
  internal mutating func _nextFused() -> Element? {
    let element = _withUnprotectedUnsafeTemporaryAllocation(of: Element.self, capacity: 1) { slot in
      let slot = slot.baseAddress.unsafelyUnwrapped
      let produced = Unmanaged.passUnretained(upstream.unsafelyUnwrapped)
        ._withUnsafeGuaranteedRef { $0.producer(slot) }
      return produced ? slot.move() : nil
    }
    if _fastPath(element != nil) { return element }
    // The producer is done: release the frontier (and, iteratively, what
    // it read from), out of line.
    _StorageBase._release(upstream.take().unsafelyUnwrapped)
    return nil
  }

  /// Initializes up to `count` (at least 1) next elements at `out` and
  /// returns how many; fewer means the end. Evaluated elements are copied
  /// in runs; a fused walk whose producer makes batches asks it for the
  /// whole run at once. For batch producers (evaluating ahead); not for a
  /// `Seq.Iterator`'s walker.
  @inlinable
  internal mutating func next(into out: UnsafeMutablePointer<Element>, count: Int) -> Int {
    var made = 0
    while made < count {
      if index < limit {
        let run = Swift.min(limit &- index, count &- made)
        (out + made).initialize(from: base.unsafelyUnwrapped + index, count: run)
        index &+= run
        made &+= run
        continue
      }
      if let batchProducer = upstream?.batchProducer {
        let wanted = count &- made
        let produced = batchProducer(_Batch(out + made, count: wanted))
        made &+= produced
        if produced < wanted { _StorageBase._release(upstream.take().unsafelyUnwrapped) }
        return made
      }
      guard let element = next() else { return made }
      (out + made).initialize(to: element)
      made &+= 1
    }
    return made
  }

  /// Calls `body` on each remaining element, in order, to the end. A fused
  /// walk whose producer makes batches is read a run at a time (up to
  /// `_runLength` elements, through a temporary), so that the stages of a
  /// temporary pipeline run as loops: their closures then run up to a run
  /// ahead of `body`. Any other walk steps one element at a time. For the
  /// consumers that walk to the end and return one result (see
  /// Seq+Consumers.swift); not for a `Seq.Iterator`'s walker.
  @inlinable
  internal mutating func forEachInRuns(_ body: (Element) throws -> Void) rethrows {
    if canFuse {
      canFuse = false
      _ = _tryFuse()
    }
    guard upstream?.batchProducer != nil else {
      while let element = next() { try body(element) }
      return
    }
    let length = _runLength(of: Element.self)
    try withUnsafeTemporaryAllocation(of: Element.self, capacity: length) { run in
      let elements = run.baseAddress.unsafelyUnwrapped
      while true {
        let read = next(into: elements, count: length)
        var used = 0
        // If `body` throws, the rest of the run is dropped.
        defer { (elements + used).deinitialize(count: read &- used) }
        while used < read {
          let element = (elements + used).move()
          used &+= 1
          try body(element)
        }
        if read < length { return }
      }
    }
  }

  /// Leaves a fused walk that was copied: walks on, from its start, the
  /// memo that the frontier hands to each of the copies (made by the first
  /// copy that gets here), so that every copy sees every remaining element
  /// and the producer still runs once per element.
  @inlinable @inline(never)
  internal mutating func _defuse() -> Element? {
    do {
      let frontier = upstream.take().unsafelyUnwrapped
      storage = frontier._defusedMemo()
    }
    index = 0
    base = nil
    limit = .min
    return _slowNext()
  }

  /// Whether the walk has ended (or started on the empty sequence): it
  /// holds neither a storage nor a producer.
  @inlinable
  internal var isFinished: Bool { storage == nil && upstream == nil }

  /// The position as a sequence (the rest of the walk).
  @inlinable
  internal var position: Seq<Element> { Seq(_storage: storage, index: index) }

  @inlinable @inline(__always)
  internal mutating func next() -> Element? {
    if _fastPath(index < limit) {
      let element = base.unsafelyUnwrapped[index]
      index &+= 1
      return element
    }
    if upstream != nil { return _nextFused() }
    return _slowNext()
  }

  /// `next()` for a walker that may have been copied: a `Seq.Iterator`'s
  /// (the other walkers live in a class or a local and are never copied).
  ///
  /// A copy of a fused walker shares its frontier, and calling the producer
  /// from both would split the elements between them. So a fused step
  /// first checks that the frontier is uniquely referenced and not yet
  /// handed to a memo; otherwise the walker leaves fusion for the memo
  /// every copy shares (`_defuse`).
  @inlinable @inline(__always)
  internal mutating func nextInIterator() -> Element? {
    if _fastPath(index < limit) {
      let element = base.unsafelyUnwrapped[index]
      index &+= 1
      return element
    }
    if upstream != nil {
      guard
        _fastPath(
          isKnownUniquelyReferenced(&upstream) && upstream.unsafelyUnwrapped.defused == nil)
      else { return _defuse() }
      return _nextFused()
    }
    return _slowNext()
  }

  /// The walk past the cached range: a segment's frontier or its end, or
  /// another kind of storage. Kept small (segments only; the other kinds
  /// are stepped out of line by `_stepOther`), since a first walk of a memo
  /// comes here for every element.
  @inlinable
  internal mutating func _slowNext() -> Element? {
    // References are taken `unowned(unsafe)`: `self.storage` keeps the
    // current storage alive until it is reassigned, and each is reassigned
    // only after its last use. This saves a retain/release pair per step.
    if canFuse {
      canFuse = false
      if _tryFuse() { return _nextFused() }
    }
    walk: while self.storage != nil {
      unowned(unsafe) let storage = self.storage.unsafelyUnwrapped
      guard _fastPath(storage._kind == .segment) else {
        switch _stepOther() {
        case .element(let element): return element
        case .moved: continue walk
        case .end: break walk
        }
      }
      unowned(unsafe) let segment = unsafeDowncast(storage, to: _Segment<Element>.self)
      var state = segment.loadState()
      if index >= state.count
        && state.isOpen
      {
        // At the frontier: produce the element (or learn of the end).
        state = _Frontier.force(Unmanaged.passUnretained(segment), seen: state)
      }
      let count = state.count
      if index < count {
        base = segment.base
        limit = count
        let element = segment.base[index]
        index &+= 1
        return element
      }
      if state.isEnded { break walk }
      if state.isLinked && index >= segment.capacity {
        index -= segment.capacity
        self.storage = segment.next
        base = nil
        limit = .min
      }
    }
    self.storage = nil
    base = nil
    limit = .min
    index = 0
    return nil
  }

  /// One step of `_slowNext` (and of `Seq.tail`) on a storage that is not
  /// a segment (a dynamic node, a deferred sequence, a cursor); out of line
  /// so that the segment path stays small.
  @inlinable @inline(never)
  internal mutating func _stepOther() -> _Step<Element> {
    unowned(unsafe) let storage = self.storage.unsafelyUnwrapped
    switch storage._kind {
    case .segment:
      return .moved
    case .node:
      unowned(unsafe) let node = unsafeDowncast(storage, to: _Node<Element>.self)
      if index == 0 {
        guard let head = node.head() else { return .end }
        index = 1
        return .element(head)
      }
      let tail = node.tail()
      self.storage = tail._storage
      index = tail._index
      return .moved
    case .deferred:
      let resolved = unsafeDowncast(storage, to: _Deferred<Element>.self).resolve()
      self.storage = resolved._storage
      index = resolved._index
      return .moved
    case .cursor:
      unowned(unsafe) let cursor = unsafeDowncast(storage, to: _Cursor<Element>.self)
      guard let (element, next) = cursor.step(index) else {
        guard let successor = cursor.successor else { return .end }
        let following = successor()
        self.storage = following._storage
        index = following._index
        return .moved
      }
      index = next
      return .element(element)
    }
  }
}

/// What one step of a walk found (see `_Walker._stepOther`).
@usableFromInline
internal enum _Step<Element> {
  case element(Element)
  /// The walker moved to another storage or position; look again.
  case moved
  case end
}

/// A box holding a moving position in another sequence; captured by
/// producers and listed in their frontier's `sources`.
@usableFromInline
internal class _WalkerBox<Element>: _StorageBase {
  @usableFromInline @exclusivity(unchecked) internal final var walker: _Walker<Element>

  @inlinable
  internal init(_ seq: Seq<Element>) {
    walker = _Walker(seq, canFuse: true)
    super.init()
  }

  deinit { _releaseChildren() }

  @usableFromInline
  internal override func _detachChildren(into work: inout _ReleaseList) {
    walker._detach(into: &work)
  }
}

/// A walker box that also holds an operator's closure (`stage`): its
/// producers then capture this one object, which Swift uses as their
/// context, instead of each allocating a context for the box and the
/// closure (two allocations per operator fewer to set a pipeline up).
@usableFromInline
internal final class _StageBox<Element, Stage>: _WalkerBox<Element> {
  @usableFromInline internal let stage: Stage

  @inlinable
  internal init(_ seq: Seq<Element>, stage: Stage) {
    self.stage = stage
    super.init(seq)
  }
}
