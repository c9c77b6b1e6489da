// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// Internal building blocks shared by the kinds and the operators.

extension Seq {
  /// A complete (fully evaluated) sequence holding the elements of `elements`.
  @inlinable
  internal init<C: Collection>(_snapshot elements: C, isEager: Bool = false)
  where C.Element == Element {
    // Arrays are already immutable snapshots (copy-on-write): adopt their
    // buffer in O(1). `ContiguousArray(array)` shares a native buffer.
    if let array = elements as? [Element] {
      self.init(_adopting: ContiguousArray(array), isEager: isEager)
      return
    }
    if let array = elements as? ContiguousArray<Element> {
      self.init(_adopting: array, isEager: isEager)
      return
    }
    let count = elements.count
    guard count > 0 else {
      self.init(_storage: nil, index: 0, isEager: isEager)
      return
    }
    let base = UnsafeMutablePointer<Element>.allocate(capacity: count)
    let buffer = UnsafeMutableBufferPointer(start: base, count: count)
    var (rest, written) = buffer.initialize(from: elements)
    precondition(
      written == count && rest.next() == nil,
      "LazySeq: a collection reported \(count) elements but produced a different number")
    self.init(_storage: _Segment(completeBase: base, count: count), index: 0, isEager: isEager)
    _checkInvariants()
  }

  @inlinable
  internal init(_adopting array: ContiguousArray<Element>, isEager: Bool) {
    guard !array.isEmpty else {
      self.init(_storage: nil, index: 0, isEager: isEager)
      return
    }
    self.init(_storage: _Segment(adopting: array), index: 0, isEager: isEager)
    _checkInvariants()
  }

  /// A memoized sequence whose elements come, one per demand, from `producer`
  /// (which returns `nil` at the end and is then released). `sources` are the
  /// storages `producer` reads from, listed so they are released iteratively.
  @inlinable
  internal static func _memo(
    sources: _Sources, concatParts: [Seq<Element>]? = nil, isFusible: Bool = true,
    _ producer: @escaping () -> Element?, batches batchProducer: _BatchProducer<Element>? = nil
  ) -> Seq<Element> {
    _memo(
      sources: sources, concatParts: concatParts, isFusible: isFusible,
      producingInto: { slot in
        guard let element = producer() else { return false }
        slot.initialize(to: element)
        return true
      },
      batches: batchProducer)
  }

  /// A memoized sequence whose elements `producer` writes, one per demand,
  /// into the memo (see `_Producer`); otherwise as `_memo(sources:_:)`. The
  /// form for the operators on the hot path: nothing converts the
  /// producer's calling convention.
  @inlinable
  internal static func _memo(
    sources: _Sources, concatParts: [Seq<Element>]? = nil, isFusible: Bool = true,
    producingInto producer: @escaping _Producer<Element>,
    batches batchProducer: _BatchProducer<Element>? = nil
  ) -> Seq<Element> {
    let frontier = _Frontier(
      sources: sources, concatParts: concatParts, isFusible: isFusible, producer: producer,
      batchProducer: batchProducer)
    let segment = _Segment(reserving: 8, frontier: frontier)
    segment._checkInvariants()
    return Seq(_storage: segment, index: 0)
  }

  /// A sequence computed by `make` on first use, at most once.
  @inlinable
  internal static func _deferred(_ make: @escaping () -> Seq<Element>) -> Seq<Element> {
    Seq(_storage: _Deferred(make), index: 0)
  }

  /// A sequence computed on first use by `walk`, at most once, from a walker
  /// at `start`. The walker alone holds `start` (the holder that hands it
  /// over is emptied first), so the elements it walks past can be freed
  /// while it walks.
  @inlinable
  internal static func _deferred<Source>(
    walking start: Seq<Source>, _ walk: @escaping (inout _Walker<Source>) -> Seq<Element>
  ) -> Seq<Element> {
    let holder = _StateBox(Optional(start))
    return _deferred {
      var walker = _Walker(holder.value.take().unsafelyUnwrapped)
      return walk(&walker)
    }
  }

  /// A sequence of position-addressed values; see `_Cursor`.
  @inlinable
  internal static func _cursor(
    start: Int, isInfinite: Bool = false,
    advance: ((Int, Int) -> (position: Int, remaining: Int))? = nil,
    successor: (() -> Seq<Element>)? = nil, _ step: @escaping (Int) -> (Element, Int)?
  ) -> Seq<Element> {
    let cursor = _Cursor(isInfinite: isInfinite, advance: advance, successor: successor, step: step)
    return Seq(_storage: cursor, index: start)
  }

  /// A cursor over the positions `0..<count`, moving by index, followed by
  /// `successor` if given.
  @inlinable
  internal static func _indexedCursor(
    count: Int, successor: (() -> Seq<Element>)? = nil, _ element: @escaping (Int) -> Element
  ) -> Seq<Element> {
    let advance = { (position: Int, distance: Int) -> (position: Int, remaining: Int) in
      let available = count - Swift.min(position, count)
      return distance <= available ? (position + distance, 0) : (count, distance - available)
    }
    return _cursor(start: 0, advance: advance, successor: successor) { p in
      p < count ? (element(p), p + 1) : nil
    }
  }

  // MARK: - The operator pattern
  //
  // Every operator builds its result the same way: a memo whose producer
  // reads its input(s) through walker boxes (listed as the memo's sources,
  // so that they are released iteratively and as soon as the memo ends),
  // passed through the one eager policy, `_finish`. Operators that only
  // reposition (`skip`, `skip(while:)`, `takeLast`) build a deferred
  // sequence instead (`_deferred(walking:_:)`, which does not hold the
  // start while it walks) and pass it through `_finish` too.

  /// The result of an operator reading this sequence alone: `makeProducer`
  /// runs once, now, with the walker box over `self`, and returns the
  /// producer of the result's elements (`nil` at the end), which runs at
  /// most once per element, on demand.
  @inlinable
  internal func _derived<U>(_ makeProducer: (_ source: _WalkerBox<Element>) -> () -> U?) -> Seq<U> {
    let source = _WalkerBox(self)
    return _finish(Seq<U>._memo(sources: _Sources(source), makeProducer(source)))
  }

  /// As `_derived(_:)`, for a producer that writes its elements (see
  /// `_Producer`).
  @inlinable
  internal func _derived<U>(
    producingInto makeProducer: (_ source: _WalkerBox<Element>) -> _Producer<U>
  ) -> Seq<U> {
    let source = _WalkerBox(self)
    return _finish(Seq<U>._memo(sources: _Sources(source), producingInto: makeProducer(source)))
  }

  /// As `_derived(producingInto:batches:)`, for an operator whose state is
  /// one closure (`stage`): the producers receive a box that holds the
  /// walker and `stage`, and capture nothing else (see `_StageBox`).
  @inlinable
  internal func _derived<U, Stage>(
    stage: Stage,
    producingInto makeProducer: (_ source: _StageBox<Element, Stage>) -> _Producer<U>,
    batches makeBatchProducer: (_ source: _StageBox<Element, Stage>) -> _BatchProducer<U>
  ) -> Seq<U> {
    let source = _StageBox(self, stage: stage)
    return _finish(
      Seq<U>._memo(
        sources: _Sources(source), producingInto: makeProducer(source),
        batches: makeBatchProducer(source)))
  }

  /// As `_derived(_:batches:)`, for an operator whose state is one closure
  /// (`stage`; see `_derived(stage:producingInto:batches:)`).
  @inlinable
  internal func _derived<U, Stage>(
    stage: Stage,
    _ makeProducer: (_ source: _StageBox<Element, Stage>) -> () -> U?,
    batches makeBatchProducer: (_ source: _StageBox<Element, Stage>) -> _BatchProducer<U>
  ) -> Seq<U> {
    let source = _StageBox(self, stage: stage)
    return _finish(
      Seq<U>._memo(sources: _Sources(source), makeProducer(source), batches: makeBatchProducer(source)))
  }

  /// As `_derived(producingInto:)`, with the same producer in batches too
  /// (see `_Batch`), for evaluating ahead.
  @inlinable
  internal func _derived<U>(
    producingInto makeProducer: (_ source: _WalkerBox<Element>) -> _Producer<U>,
    batches makeBatchProducer: (_ source: _WalkerBox<Element>) -> _BatchProducer<U>
  ) -> Seq<U> {
    let source = _WalkerBox(self)
    return _finish(
      Seq<U>._memo(
        sources: _Sources(source), producingInto: makeProducer(source),
        batches: makeBatchProducer(source)))
  }

  /// As `_derived(producingInto:batches:)`, for an operator written once,
  /// as a batch producer: its element producer is a batch of one.
  @inlinable
  internal func _derived<U>(
    batchesOnly makeBatchProducer: (_ source: _WalkerBox<Element>) -> _BatchProducer<U>
  ) -> Seq<U> {
    let source = _WalkerBox(self)
    let batchProducer = makeBatchProducer(source)
    return _finish(
      Seq<U>._memo(
        sources: _Sources(source), producingInto: { slot in batchProducer(_Batch(slot, count: 1)) == 1 },
        batches: batchProducer))
  }

  /// As `_derived(_:)`, with a batch producer too (see `_Batch`), for
  /// evaluating ahead.
  @inlinable
  internal func _derived<U>(
    _ makeProducer: (_ source: _WalkerBox<Element>) -> () -> U?,
    batches makeBatchProducer: (_ source: _WalkerBox<Element>) -> _BatchProducer<U>
  ) -> Seq<U> {
    let source = _WalkerBox(self)
    return _finish(
      Seq<U>._memo(sources: _Sources(source), makeProducer(source), batches: makeBatchProducer(source)))
  }

  /// The result of an operator whose producer reads `sources` (walker boxes
  /// or other storages it alone owns), with its batch producer if it has
  /// one (for evaluating ahead).
  @inlinable
  internal func _derived<U>(
    sources: _Sources, _ producer: @escaping () -> U?,
    batches batchProducer: _BatchProducer<U>? = nil
  ) -> Seq<U> {
    _finish(Seq<U>._memo(sources: sources, producer, batches: batchProducer))
  }

  /// The evaluation policy, in one place: an operator called on an eager
  /// sequence (for the static forms, `Seq.zip` and `Seq.concat`, on an eager
  /// first sequence) evaluates its result now and returns it as an eager
  /// sequence; on a sequence that evaluates ahead, its result (a fresh memo)
  /// evaluates ahead by as many and carries the policy on; on an exactly
  /// lazy sequence it returns `result` untouched. The other inputs' modes do
  /// not matter.
  @inlinable
  internal func _finish<U>(_ result: Seq<U>) -> Seq<U> {
    if _fastPath(_mode == 1) { return result }
    guard _isEager else { return result._evaluatingAheadWhenFresh(_mode) }
    let evaluated = Seq<U>(_snapshot: result.array, isEager: true)
    evaluated._checkInvariants()
    return evaluated
  }

  /// This sequence, an operator's fresh result, with the policy of
  /// evaluating up to `count` elements per demand: carried on to the
  /// operators applied to it, and, when it is a memo nothing has seen yet,
  /// applied to its own frontier (whose first segment then holds at least
  /// `count` elements, so that the first demand fills `count` at once).
  @inlinable
  internal func _evaluatingAheadWhenFresh(_ count: Int) -> Seq<Element> {
    var result = self
    result._mode = count
    guard _index == 0, let storage = _storage, storage._kind == .segment else { return result }
    let segment = unsafeDowncast(storage, to: _Segment<Element>.self)
    guard segment.isFirst, segment.loadState() == .empty, let frontier = segment.frontier else {
      return result
    }
    frontier.aheadCount = count
    let capacity = Swift.min(Swift.max(count, 8), _Segment<Element>.maximumCapacity)
    if capacity > Swift.max(segment.capacity, segment.reservedCapacity) {
      result._storage = _Segment(reserving: capacity, frontier: frontier)
    }
    return result
  }

  /// Precondition of `chunks(ofCount:)`; `operation` as the caller wrote
  /// it (`Seq.chunks(ofCount:)`).
  @inlinable
  internal static func _checkPositiveCount(_ count: Int, _ operation: StaticString) {
    precondition(count >= 1, argumentMessage(operation, "the count must be at least 1", got: count))
  }

  /// Precondition shared by `take`, `skip` and the other counts that may be
  /// zero; `operation` as the caller wrote it (`Seq.take(_:)`).
  @inlinable
  internal static func _checkCount(_ count: Int, _ operation: StaticString) {
    precondition(count >= 0, argumentMessage(operation, "the count must not be negative", got: count))
  }
}
