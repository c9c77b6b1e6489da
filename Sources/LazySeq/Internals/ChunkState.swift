// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// The state word that publishes a chunk of elements, shared by a memo's
// segments and a signal's inbox (see "The memory-ordering rule" in
// Engine/Locking.swift).

public import Synchronization

/// The state word of a chunk of published elements: the count of
/// initialized elements, and two flags (the sequence ends after them; the
/// chunk is full and its successor set), in one atomic word. One type for a
/// memo's segments and for the chunks of a signal's inbox (LazySeqSignals'
/// `signal.sequence`), which publish the same way (see "The memory-ordering
/// rule" in Locking.swift).
@frozen @usableFromInline
package struct ChunkState: Equatable, AtomicRepresentable {
  /// The count shifted left by 2, then the ended flag (1) and the linked flag (2).
  @usableFromInline package var rawValue: Int

  @inlinable @inline(__always)
  package init(rawValue: Int) { self.rawValue = rawValue }

  /// `count` published elements, neither ended nor linked.
  @inlinable @inline(__always)
  package init(count: Int) { self.rawValue = count &<< 2 }

  /// Nothing published yet.
  @inlinable package static var empty: ChunkState { ChunkState(rawValue: 0) }

  /// The number of published elements.
  @inlinable package var count: Int { rawValue &>> 2 }
  /// The sequence ends after the elements counted.
  @inlinable package var isEnded: Bool { rawValue & 1 != 0 }
  /// The chunk is full, and its successor is set.
  @inlinable package var isLinked: Bool { rawValue & 2 != 0 }
  /// Neither ended nor linked: the chunk may still publish more.
  @inlinable package var isOpen: Bool { rawValue & 3 == 0 }
  /// This state, with the end recorded.
  @inlinable package var ended: ChunkState { ChunkState(rawValue: rawValue | 1) }
  /// This state, with the successor recorded.
  @inlinable package var linked: ChunkState { ChunkState(rawValue: rawValue | 2) }

  /// The largest capacity of a chunk (chunks grow by doubling up to it).
  @inlinable package static var maximumCapacity: Int { 4096 }

  @usableFromInline package typealias AtomicRepresentation = Int.AtomicRepresentation

  @inlinable @inline(__always)
  package static func encodeAtomicRepresentation(_ value: consuming ChunkState) -> AtomicRepresentation {
    Int.encodeAtomicRepresentation(value.rawValue)
  }

  @inlinable @inline(__always)
  package static func decodeAtomicRepresentation(_ storage: consuming AtomicRepresentation) -> ChunkState {
    ChunkState(rawValue: Int.decodeAtomicRepresentation(storage))
  }
}
