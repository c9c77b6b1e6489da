// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// The navigator: a position moved through what is already evaluated,
// never evaluating anything. Descriptions, `skip`'s jump and `failure` go
// through it; walks that evaluate go through the walker (Walker.swift),
// whose `_stepOther` is the one other place that steps over the storage
// kinds. Memory ordering: see the rule in Locking.swift (every "is it
// evaluated?" test below is an acquiring load).

public import Synchronization

/// A position that moves only through what is evaluated (see the file
/// comment).
@usableFromInline
internal struct _Navigator<Element> {
  @usableFromInline internal var storage: _Storage<Element>?
  @usableFromInline internal var index: Int

  @inlinable
  internal init(_ seq: Seq<Element>) {
    storage = seq._storage
    index = seq._index
  }

  /// The position reached, as a sequence.
  @inlinable
  internal var position: Seq<Element> { Seq(_storage: storage, index: index) }

  /// Where a navigation stopped.
  @usableFromInline
  internal enum Stop {
    /// The sequence is known to end at `position`.
    case end
    /// The count ran out: `position` is that many elements further on.
    case counted
    /// What follows `position` is not evaluated yet (or is a cursor that
    /// cannot move by index): moving on needs a walker.
    case unevaluated
  }

  /// Moves forward by up to `count` elements (decremented by as many as
  /// are passed) through what is evaluated, without evaluating anything:
  /// the evaluated part of memo segments, evaluated dynamic nodes, resolved
  /// deferred sequences, and cursors. It moves on past what holds no
  /// element (a segment's link, a resolved deferred sequence, an evaluated
  /// tail) even when `count` is 0.
  ///
  /// Cursor elements are values computed from a position, not
  /// evaluations. Without `visit`, a cursor is moved by index where it can
  /// be (`advance`) and not stepped otherwise. With `visit`, which is
  /// called on each element passed, in order, cursors are stepped (a finite
  /// one to its end, an infinite one for its first element only), and the
  /// walk stops at a cycle of dynamic nodes.
  @inlinable
  internal mutating func advance(
    by count: inout Int, visiting visit: ((Element) -> Void)? = nil
  ) -> Stop {
    var visitedNodes = Set<ObjectIdentifier>()
    while let current = storage {
      switch current._kind {
      case .segment:
        let segment = unsafeDowncast(current, to: _Segment<Element>.self)
        let state = segment.loadState()
        let evaluated = state.count
        if index < evaluated {
          let step = Swift.min(count, evaluated - index)
          if let visit {
            for element in UnsafeBufferPointer(start: segment.base + index, count: step) {
              visit(element)
            }
          }
          index += step
          count -= step
          if index < evaluated { return .counted }
        }
        if state.isEnded { return .end }
        guard state.isLinked, index >= segment.capacity else {
          return count == 0 ? .counted : .unevaluated
        }
        index -= segment.capacity
        storage = segment.next
      case .deferred:
        let deferred = unsafeDowncast(current, to: _Deferred<Element>.self)
        guard deferred.isResolved.load(ordering: .acquiring) else {
          return count == 0 ? .counted : .unevaluated
        }
        storage = deferred.resolved._storage
        index = deferred.resolved._index
      case .node:
        let node = unsafeDowncast(current, to: _Node<Element>.self)
        if index == 0 {
          if count == 0 { return .counted }
          guard node.done.load(ordering: .acquiring) & _Node<Element>.headDone != 0 else {
            return .unevaluated
          }
          guard let head = node.headValue else { return .end }
          if let visit {
            guard visitedNodes.insert(ObjectIdentifier(node)).inserted else { return .unevaluated }
            visit(head)
          }
          index = 1
          count -= 1
        }
        guard node.done.load(ordering: .acquiring) & _Node<Element>.tailDone != 0 else {
          return count == 0 ? .counted : .unevaluated
        }
        storage = node.tailValue._storage
        index = node.tailValue._index
      case .cursor:
        let cursor = unsafeDowncast(current, to: _Cursor<Element>.self)
        if let visit {
          while let (element, next) = cursor.step(index) {
            if count == 0 { return .counted }
            visit(element)
            count -= 1
            index = next
            if cursor.isInfinite { return .unevaluated }
          }
        } else {
          guard let advance = cursor.advance else {
            return count == 0 ? .counted : .unevaluated
          }
          let (position, left) = advance(index, count)
          index = position
          count = left
          guard left > 0 else { return .counted }
          // `left > 0`: the cursor's elements ran out.
        }
        guard let successor = cursor.successor else { return .end }
        let following = successor()
        storage = following._storage
        index = following._index
      }
    }
    return .end
  }

  /// The frontier of the memo at the position, after moving on past what
  /// holds no element; `nil` elsewhere.
  @inlinable
  internal mutating func memoFrontier() -> _Frontier<Element>? {
    var none = 0
    _ = advance(by: &none)
    guard let storage, storage._kind == .segment else { return nil }
    return unsafeDowncast(storage, to: _Segment<Element>.self).frontier
  }
}
