// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// Deferred sequences: a sequence computed on first use.

public import Synchronization

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
  internal override func _detachChildren(into work: inout _ReleaseList) {
    block = nil
    // Plain loads and stores (see `_StorageBase._detachChildren`).
    if let s = resolved._storage {
      resolved._storage = nil
      work.append(s)
    }
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
