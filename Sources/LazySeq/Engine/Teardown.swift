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
  internal func _detachChildren(into work: inout [_StorageBase]) {}

  /// Releases `work` iteratively (see the file comment).
  @usableFromInline
  internal static func _release(_ work: inout [_StorageBase]) {
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
    var work = [object]
    _release(&work)
  }

  /// Detaches `self`'s children and releases them iteratively; call from a
  /// subclass's `deinit`.
  @inlinable
  internal final func _releaseChildren() {
    var work: [_StorageBase] = []
    _detachChildren(into: &work)
    if !work.isEmpty { _StorageBase._release(&work) }
  }
}
