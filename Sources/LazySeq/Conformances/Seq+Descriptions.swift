// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// Descriptions that never evaluate anything.

extension Seq: CustomStringConvertible, CustomDebugStringConvertible {
  /// The elements evaluated so far, then `…` if more may follow:
  /// `Seq(1, 2, …)`, `Seq(1, 2, 3)`, `Seq()`. Never evaluates anything, runs
  /// in constant stack, and stops at a cycle of dynamic nodes.
  ///
  /// Bounded: at most 100 elements are shown, then `…`, whatever the kind
  /// (`Seq(0..<Int.max).description` returns at once).
  ///
  /// - Complexity: O(1) in the length of the sequence.
  public var description: String {
    _describe { String(describing: $0) }
  }

  /// Like ``description``, with the element type and the elements'
  /// debug descriptions: `Seq<String>("a", …)`.
  public var debugDescription: String {
    "Seq<\(Element.self)>" + _describe { String(reflecting: $0) }.dropFirst(3)
  }

  /// The most elements a description shows.
  internal static var _descriptionLimit: Int { 100 }

  internal func _describe(_ show: (Element) -> String) -> String {
    var parts: [String] = []
    let complete = _forEachEvaluated(limit: Seq._descriptionLimit) { parts.append(show($0)) }
    if !complete { parts.append("…") }
    return "Seq(" + parts.joined(separator: ", ") + ")"
  }

  /// Calls `body` on each element already evaluated, in order, at most
  /// `limit` times; returns whether the end of the sequence is known to
  /// follow the last element passed to `body`.
  internal func _forEachEvaluated(limit: Int, _ visit: (Element) -> Void) -> Bool {
    var remaining = limit
    /// Visits `element` unless the limit is reached (then returns false).
    func body(_ element: Element) -> Bool {
      guard remaining > 0 else { return false }
      remaining -= 1
      visit(element)
      return true
    }
    var storage = _storage
    var index = _index
    var visitedNodes = Set<ObjectIdentifier>()
    while let current = storage {
      switch current._kind {
      case .segment:
        let segment = unsafeDowncast(current, to: _Segment<Element>.self)
        let state = segment.loadState()
        let count = state >> _Segment<Element>.countShift
        while index < count {
          guard body(segment.base[index]) else { return false }
          index += 1
        }
        if state & _Segment<Element>.endedBit != 0 { return true }
        guard index >= segment.capacity, state & _Segment<Element>.linkedBit != 0 else { return false }
        index -= segment.capacity
        storage = segment.next
      case .node:
        let node = unsafeDowncast(current, to: _Node<Element>.self)
        if index == 0 {
          guard visitedNodes.insert(ObjectIdentifier(node)).inserted else { return false }
          guard node.done.load(ordering: .acquiring) & _Node<Element>.headDone != 0 else { return false }
          guard let head = node.headValue else { return true }
          guard body(head) else { return false }
        }
        guard node.done.load(ordering: .acquiring) & _Node<Element>.tailDone != 0 else { return false }
        storage = node.tailValue._storage
        index = node.tailValue._index
      case .deferred:
        let deferred = unsafeDowncast(current, to: _Deferred<Element>.self)
        guard deferred.isResolved.load(ordering: .acquiring) else { return false }
        storage = deferred.resolved._storage
        index = deferred.resolved._index
      case .cursor:
        // Cursor elements are plain values, not evaluations: show a finite
        // cursor whole and an infinite one's first element.
        let cursor = unsafeDowncast(current, to: _Cursor<Element>.self)
        while let (element, next) = cursor.step(index) {
          guard body(element) else { return false }
          if cursor.isInfinite { return false }
          index = next
        }
        guard let successor = cursor.successor else { return true }
        let following = successor()
        storage = following._storage
        index = following._index
      }
    }
    return true
  }
}
