// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// Iterative release of linked storage.
//
// A memoized sequence is a graph of class instances: segments link to the
// next segment, dynamic nodes to their tail, operators to their sources. Left
// to ARC, releasing a long chain recurses once per link and overflows the
// stack (ReactiveCocoa #238). Every storage class derives from
// `_StorageBase`; its `deinit` detaches its children into a work list and
// releases them one at a time, descending only into children it uniquely
// owns. The stack depth of a release is therefore constant.

/// The root of every LazySeq storage class. Not `Sendable`: a storage
/// reaches other threads only inside `Seq.Shared` (see `_SharedStorage`).
@usableFromInline
internal class _StorageBase {
  @inlinable
  internal init() {}

  /// Moves the references this object holds to other storages into `work`,
  /// leaving the object without children. Called only when the object is
  /// being destroyed or is uniquely owned by the caller.
  ///
  /// Overrides run unspecialized (a class method of a generic class is
  /// called through its vtable), so they load and store their fields and
  /// make no generic call (`Optional.take()`, a generic initializer): in
  /// unspecialized code each such call looks type metadata up in the
  /// runtime's cache, hundreds of instructions every time a memo is
  /// released.
  @usableFromInline
  internal func _detachChildren(into work: inout _ReleaseList) {}

  /// Releases `work` iteratively (see the file comment).
  @usableFromInline
  internal static func _release(_ work: inout _ReleaseList) {
    while var object = work.popLast() {
      if isKnownUniquelyReferenced(&object) {
        object._detachChildren(into: &work)
      }
      // `object` is released here; it has no children left if it was unique.
    }
  }

  /// Releases `object` and, iteratively, what only it holds; out of line.
  @usableFromInline
  internal static func _release(_ object: __owned _StorageBase) {
    var work = _ReleaseList(object)
    _release(&work)
  }

  /// Detaches `self`'s children and releases them iteratively; call from a
  /// subclass's `deinit`.
  @inlinable
  internal final func _releaseChildren() {
    var work = _ReleaseList()
    _detachChildren(into: &work)
    if !work.isEmpty { _StorageBase._release(&work) }
  }
}

/// The work list of an iterative release: a stack of storages whose first
/// four entries are stored inline, so that the common teardown (a memo, its
/// walker box and what they hold) allocates nothing; the rest go to an
/// array. The inline entries are unmanaged (+1 each), so that an empty list
/// costs nothing to destroy; a list is always drained (`_StorageBase._release`)
/// before it goes away. Not generic: the unspecialized `_detachChildren`
/// overrides append to it without any run-time metadata lookup.
@usableFromInline
internal struct _ReleaseList {
  @usableFromInline internal var count = 0
  @usableFromInline internal var first: Unmanaged<_StorageBase>? = nil
  @usableFromInline internal var second: Unmanaged<_StorageBase>? = nil
  @usableFromInline internal var third: Unmanaged<_StorageBase>? = nil
  @usableFromInline internal var fourth: Unmanaged<_StorageBase>? = nil
  @usableFromInline internal var more: [_StorageBase] = []

  @inlinable
  internal init() {}

  @inlinable
  internal init(_ object: __owned _StorageBase) {
    count = 1
    first = Unmanaged.passRetained(object)
  }

  @inlinable
  internal var isEmpty: Bool { count == 0 }

  @inlinable
  internal mutating func append(_ object: __owned _StorageBase) {
    switch count {
    case 0: first = Unmanaged.passRetained(object)
    case 1: second = Unmanaged.passRetained(object)
    case 2: third = Unmanaged.passRetained(object)
    case 3: fourth = Unmanaged.passRetained(object)
    default: more.append(object)
    }
    count &+= 1
  }

  /// Removes and returns the storage appended last, if any.
  @inlinable
  internal mutating func popLast() -> _StorageBase? {
    guard count > 0 else { return nil }
    count &-= 1
    switch count {
    case 0: return first.unsafelyUnwrapped.takeRetainedValue()
    case 1: return second.unsafelyUnwrapped.takeRetainedValue()
    case 2: return third.unsafelyUnwrapped.takeRetainedValue()
    case 3: return fourth.unsafelyUnwrapped.takeRetainedValue()
    default: return more.removeLast()
    }
  }
}

/// The storages a memo's producer reads from (walker boxes, mostly), kept
/// by its frontier so that they are released iteratively and as soon as the
/// memo ends. The first two are stored inline, so that the usual one or two
/// sources need no array of their own.
@usableFromInline
internal struct _Sources {
  @usableFromInline internal var first: _StorageBase?
  @usableFromInline internal var second: _StorageBase?
  @usableFromInline internal var more: [_StorageBase]

  @inlinable
  internal init() {
    first = nil
    second = nil
    more = []
  }

  /// One or two sources.
  @inlinable
  internal init(_ first: _StorageBase, _ second: _StorageBase? = nil) {
    self.first = first
    self.second = second
    more = []
  }

  /// Any number of sources, from an array.
  @inlinable
  internal init(_ sources: [_StorageBase]) {
    first = sources.count > 0 ? sources[0] : nil
    second = sources.count > 1 ? sources[1] : nil
    more = sources.count > 2 ? Array(sources[2...]) : []
  }

  /// Moves every source, after its own children, into `work`, and empties
  /// this list. Plain loads and stores (see `_StorageBase._detachChildren`).
  @inlinable
  internal mutating func detach(into work: inout _ReleaseList) {
    func move(_ source: _StorageBase) {
      source._detachChildren(into: &work)
      work.append(source)
    }
    if let source = first {
      first = nil
      move(source)
    }
    if let source = second {
      second = nil
      move(source)
    }
    if !more.isEmpty {
      for source in more { move(source) }
      more = []
    }
  }
}
