// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// partitioned(by:) (swift-algorithms `partitioned(by:)`, Scala `partition`),
// lazy, with one evaluation shared by both sides.

public import Synchronization

extension Seq {
  /// The elements that fail `belongsInSecond` and those that satisfy it,
  /// as two lazy sequences sharing one evaluation.
  ///
  /// ```swift
  /// let (odds, evens) = Seq(1...6).partitioned(by: { $0.isMultiple(of: 2) })
  /// print(odds.array, evens.array)   // [1, 3, 5] [2, 4, 6]
  /// ```
  ///
  /// Nothing is evaluated until one side is walked. The source is walked
  /// once for both sides and `belongsInSecond` runs at most once per
  /// element, whichever side is walked: an element read while looking for
  /// the next element of one side is kept for the other side until that
  /// side reaches it (and not kept once the other side is gone). Works on
  /// infinite sequences.
  ///
  /// - Important: Walking one side far ahead of the other, while holding
  ///   the other, keeps the elements the other has yet to reach. Walking a
  ///   side for an element that never comes (an infinite source whose
  ///   elements all go to the other side) never returns.
  /// - Parameter belongsInSecond: Whether an element goes to
  ///   `trueElements`.
  /// - Returns: `falseElements` and `trueElements`, each in source order.
  /// - Complexity: O(1) to create; O(1) amortized per source element.
  @inlinable
  public func partitioned(
    by belongsInSecond: @escaping (Element) -> Bool
  ) -> (falseElements: Seq<Element>, trueElements: Seq<Element>) {
    let state = _PartitionState(self, belongsInSecond)
    let falseSide = _finish(
      Seq._memo(sources: _Sources(_PartitionSide(state, side: false))) { state.next(side: false) })
    let trueSide = _finish(
      Seq._memo(sources: _Sources(_PartitionSide(state, side: true))) { state.next(side: true) })
    return (falseSide, trueSide)
  }
}

/// The evaluation both sides of a partition share: the source walker, the
/// predicate, and for each side the elements read for it but not yet taken.
@usableFromInline
internal final class _PartitionState<Element>: _StorageBase {
  @usableFromInline internal let lock = _ForcingLock()
  @usableFromInline internal let predicate: (Element) -> Bool
  @usableFromInline @exclusivity(unchecked) internal var walker: _Walker<Element>
  /// Pending elements of each side (index 0: false, 1: true).
  @usableFromInline @exclusivity(unchecked) internal var queues: (_Queue<Element>, _Queue<Element>)
  /// Whether each side's memo still exists (cleared, without the lock,
  /// when a side's producer is released).
  @usableFromInline internal let falseWanted = Atomic<Bool>(true)
  @usableFromInline internal let trueWanted = Atomic<Bool>(true)
  /// Bumped (releasing) at the end of each locked section and read
  /// (acquiring) at the start of the next, so that each section
  /// happens-before the next also for tools that cannot see the lock's
  /// hand-over (ThreadSanitizer and the Linux PI-futex `Mutex`), as the
  /// memo's segment state does for its producer.
  @usableFromInline internal let handOff = Atomic<Int>(0)

  @inlinable
  internal init(_ source: Seq<Element>, _ predicate: @escaping (Element) -> Bool) {
    self.predicate = predicate
    walker = _Walker(source, canFuse: true)
    queues = (_Queue(), _Queue())
    super.init()
  }

  deinit { _releaseChildren() }

  @usableFromInline
  internal override func _detachChildren(into work: inout _ReleaseList) {
    walker._detach(into: &work)
    queues.0.removeAll()
    queues.1.removeAll()
  }

  /// The next element of `side`, under the lock.
  @inlinable
  internal func next(side: Bool) -> Element? {
    lock.withLock("a partitioned sequence") {
      _ = handOff.load(ordering: .acquiring)
      defer {
        _countSynchronisingOperation()  // LAZYSEQ_INVARIANTS only
        handOff.wrappingAdd(1, ordering: .releasing)
      }
      if let element = side ? queues.1.popFirst() : queues.0.popFirst() { return element }
      let otherWanted = side ? falseWanted.load(ordering: .relaxed) : trueWanted.load(ordering: .relaxed)
      if !otherWanted {
        if side { queues.0.removeAll() } else { queues.1.removeAll() }
      }
      while let element = walker.next() {
        let elementSide = predicate(element)
        if elementSide == side { return element }
        if otherWanted {
          if side { queues.0.append(element) } else { queues.1.append(element) }
        }
      }
      return nil
    }
  }
}

/// Listed in one side's memo: when that memo releases its producer, the
/// other side stops keeping elements for it.
@usableFromInline
internal final class _PartitionSide<Element>: _StorageBase {
  @usableFromInline @exclusivity(unchecked) internal var state: _PartitionState<Element>?
  @usableFromInline internal let side: Bool

  @inlinable
  internal init(_ state: _PartitionState<Element>, side: Bool) {
    self.state = state
    self.side = side
    super.init()
  }

  deinit { _releaseChildren() }

  @usableFromInline
  internal override func _detachChildren(into work: inout _ReleaseList) {
    // Plain loads and stores (see `_StorageBase._detachChildren`).
    guard let state else { return }
    self.state = nil
    if side {
      state.trueWanted.store(false, ordering: .relaxed)
    } else {
      state.falseWanted.store(false, ordering: .relaxed)
    }
    work.append(state)
  }
}
