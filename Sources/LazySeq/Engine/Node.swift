// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// Dynamic nodes: a sequence from head and tail closures.

public import Synchronization

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
  internal override func _detachChildren(into work: inout _ReleaseList) {
    headBlock = nil
    tailBlock = nil
    // Plain loads and stores (see `_StorageBase._detachChildren`).
    if let s = tailValue._storage {
      tailValue._storage = nil
      work.append(s)
    }
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
