// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// A memo's chunk: contiguous elements, published by one atomic word (see
// Storage.swift for the storage kinds, Locking.swift for the rule).

public import Synchronization

/// Contiguous evaluated elements; part of a complete array or of a memo.
///
/// `state` packs the number of initialized elements with two flags. It is
/// the publication point of the memo: see "The memory-ordering rule" in
/// Locking.swift (the claim to produce is the frontier's, Claim.swift).
@usableFromInline
internal final class _Segment<Element>: _Storage<Element> {
  @inlinable internal static var maximumCapacity: Int { ChunkState.maximumCapacity }

  /// The elements. A memo's first segment gets its buffer at its first
  /// production (see `reservedCapacity`): until then `base` points nowhere
  /// and `capacity` is 0, and only the producer, under the claim, changes
  /// them, before it publishes that first element; a reader looks at them
  /// only after it has acquired a state that counts an element, or is
  /// linked or ended (a state published after they changed).
  @usableFromInline @exclusivity(unchecked) internal var base: UnsafeMutablePointer<Element>
  @usableFromInline @exclusivity(unchecked) internal var capacity: Int
  /// For a memo's first segment whose buffer is not made yet: the capacity
  /// to make it with (a temporary pipeline whose walk is fused never makes
  /// it); 0 once it is made, and for every other segment.
  @usableFromInline @exclusivity(unchecked) internal var reservedCapacity: Int
  /// Whether this is the first segment of its memo (position 0 is the start).
  @usableFromInline internal let isFirst: Bool
  @usableFromInline internal let state: Atomic<ChunkState>
  /// The following segment; written once, before `isLinked` is published.
  @usableFromInline @exclusivity(unchecked) internal var next: _Segment<Element>?
  /// The producer of further elements; `nil` for a complete segment.
  @usableFromInline @exclusivity(unchecked) internal var frontier: _Frontier<Element>?
  /// For a complete segment adopted from an array without copying: the
  /// array whose (never mutated, uniquely addressed) buffer `base` points
  /// into. `nil` when the segment owns `base`.
  @usableFromInline internal let adopted: ContiguousArray<Element>?

  /// An empty memo segment to be filled by `frontier`.
  @inlinable
  internal init(capacity: Int, frontier: _Frontier<Element>, isFirst: Bool) {
    self.base = .allocate(capacity: capacity)
    self.capacity = capacity
    self.reservedCapacity = 0
    self.isFirst = isFirst
    self.state = Atomic(.empty)
    self.frontier = frontier
    self.adopted = nil
    super.init(kind: .segment)
  }

  /// An empty first segment of a memo filled by `frontier`, whose buffer of
  /// `capacity` elements is made at the first production
  /// (`_Frontier._produceFirst`).
  @inlinable
  internal init(reserving capacity: Int, frontier: _Frontier<Element>) {
    // Never read before the buffer is made (see `base`).
    self.base = UnsafeMutablePointer(bitPattern: MemoryLayout<Element>.alignment).unsafelyUnwrapped
    self.capacity = 0
    self.reservedCapacity = capacity
    self.isFirst = true
    self.state = Atomic(.empty)
    self.frontier = frontier
    self.adopted = nil
    super.init(kind: .segment)
  }

  /// A complete segment holding `count` elements already moved into `base`.
  @inlinable
  internal init(completeBase base: UnsafeMutablePointer<Element>, count: Int) {
    self.base = base
    self.capacity = count
    self.reservedCapacity = 0
    self.isFirst = true
    self.state = Atomic(ChunkState(count: count).ended)
    self.frontier = nil
    self.adopted = nil
    super.init(kind: .segment)
  }

  /// A complete segment over the buffer of `array`, without copying it.
  ///
  /// A `ContiguousArray` always has native contiguous storage whose address
  /// is stable while the storage lives; the segment keeps it alive and never
  /// writes through `base` (a later mutation of the caller's copy triggers
  /// copy-on-write, since the segment holds a reference).
  @inlinable
  internal init(adopting array: ContiguousArray<Element>) {
    self.base = array.withUnsafeBufferPointer {
      UnsafeMutablePointer(mutating: $0.baseAddress.unsafelyUnwrapped)
    }
    self.capacity = array.count
    self.reservedCapacity = 0
    self.isFirst = true
    self.state = Atomic(ChunkState(count: array.count).ended)
    self.frontier = nil
    self.adopted = array
    super.init(kind: .segment)
  }

  /// The published state (count and flags), with acquire ordering.
  @inlinable
  internal func loadState() -> ChunkState { state.load(ordering: .acquiring) }

  deinit {
    if adopted == nil && reservedCapacity == 0 {
      let count = state.load(ordering: .acquiring).count
      base.deinitialize(count: count)
      base.deallocate()
    }
    _releaseChildren()
  }

  @usableFromInline
  internal override func _detachChildren(into work: inout _ReleaseList) {
    // Plain loads and stores (see `_StorageBase._detachChildren`).
    if let next {
      self.next = nil
      work.append(next)
    }
    if let frontier {
      self.frontier = nil
      work.append(frontier)
    }
  }
}
