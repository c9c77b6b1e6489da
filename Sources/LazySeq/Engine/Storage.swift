// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// The storage kinds behind `Seq`.
//
// (One file per storage class in this folder: Segment.swift with
// Frontier.swift, Node.swift, Deferred.swift, Cursor.swift. They are
// stepped over in two places: the walker, which evaluates what it passes
// (Walker.swift), and the navigator, which passes only what is evaluated
// (Navigator.swift).)
//
// A `Seq` is a small value: a reference to one storage object plus a position
// in it. Four storage classes cover every kind of sequence:
//
// - `_Segment`: contiguous elements. A *complete* segment (no frontier) backs
//   arrays, `just`, tuples and eager sequences. A *memo* is a chain of
//   segments filled on demand by a `_Frontier` (operators, generated and
//   single-pass sources, signal-backed sequences). `tail` is a position bump;
//   no allocation per element.
// - `_Node`: a dynamic sequence from head and tail closures (RAC's
//   `+sequenceWithHeadBlock:tailBlock:`); each closure runs at most once.
// - `_Deferred`: a sequence computed on first use (used by `skip` and
//   friends, so that what they pass through is not copied).
// - `_Cursor`: position-addressed values that need no memo (strings, index
//   sets, ranges, repetitions).
//
// Positions: a segment position is an element index (which may run past the
// segment's capacity into later segments); a node position is 0 (the node
// itself) or 1 (its tail, not yet demanded); a cursor position is the
// cursor's own coordinate (a UTF-8 offset, an integer of an index set, ...).

@usableFromInline
internal enum _StorageKind: UInt8 {
  case segment
  case node
  case deferred
  case cursor
}

/// A storage of `Element`s; see the file comment.
@usableFromInline
internal class _Storage<Element>: _StorageBase {
  @usableFromInline internal let _kind: _StorageKind

  @inlinable
  internal init(kind: _StorageKind) {
    _kind = kind
    super.init()
  }
}

extension _Storage {
  /// For a segment (`_kind == .segment`): its state, loaded with acquire
  /// ordering (the head/tail fast paths read it without a downcast).
  @inlinable
  internal var _segmentState: ChunkState {
    unsafeDowncast(self, to: _Segment<Element>.self).loadState()
  }

  /// For a segment: the address of its elements.
  @inlinable
  internal var _segmentBase: UnsafeMutablePointer<Element> {
    unsafeDowncast(self, to: _Segment<Element>.self).base
  }
}
