// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// Sequences whose source can fail (the signal-backed kind, `tryMap`): the
// error that ended them early is kept and can be read or rethrown.

public import Synchronization

extension Seq {
  /// A memoized sequence pulled from a source that may fail: `next` returns
  /// the next element, `nil` at the end, or throws to end the sequence with
  /// an error, which ``failure`` then reports. Called at most once per
  /// element, by the thread holding the memo's claim; never again after it ended.
  ///
  /// This is how other modules of the package (the signal-backed sequence
  /// in `LazySeqSignals`) build a failable kind.
  @inlinable
  package static func failable(_ next: @escaping () throws -> Element?) -> Seq<Element> {
    _failable(sources: _Sources(), next)
  }

  /// ``failable(_:)`` for a producer that reads `sources` (walker boxes it
  /// alone owns, released iteratively and as soon as the memo ends, as for
  /// `_memo`). Never fused: the producer refers back to its frontier.
  @inlinable
  internal static func _failable(
    sources: _Sources, _ next: @escaping () throws -> Element?
  ) -> Seq<Element> {
    // Unretained: the producer runs only while its frontier is alive (the
    // frontier calls it), and a strong reference would form a cycle.
    let frontierBox = _StateBox<Unmanaged<_Frontier<Element>>?>(nil)
    let seq = _memo(sources: sources, isFusible: false) {
      do {
        return try next()
      } catch {
        if let frontier = frontierBox.value?.takeUnretainedValue() {
          frontier.failure = error
          frontier.hasFailed.store(true, ordering: .releasing)
        }
        frontierBox.value = nil
        return nil
      }
    }
    let segment = unsafeDowncast(seq._storage.unsafelyUnwrapped, to: _Segment<Element>.self)
    frontierBox.value = Unmanaged.passUnretained(segment.frontier.unsafelyUnwrapped)
    return seq
  }

  /// The eager policy (`_finish`) for a failable result: on an eager
  /// sequence, evaluates `result` now and keeps it, so that its
  /// ``failure`` is still reported.
  @inlinable
  internal func _finishFailable<U>(_ result: Seq<U>) -> Seq<U> {
    guard _isEager else { return result }
    var evaluated = result
    _ = evaluated.array
    evaluated._mode = 0
    return evaluated
  }

  /// The error that ended this sequence early, if its source failed (a
  /// signal-backed sequence whose signal sent an error); `nil` otherwise,
  /// and `nil` until the end of the sequence has been evaluated.
  ///
  /// Evaluates nothing. Applies to the failable sequence itself (and any
  /// position in it), not to sequences derived from it with operators.
  public var failure: (any Error)? {
    var navigator = _Navigator(self)
    guard let frontier = navigator.memoFrontier(), frontier.hasFailed.load(ordering: .acquiring)
    else { return nil }
    return frontier.failure
  }

  /// All the elements, like ``array``, but throws the error that ended the
  /// sequence early if its source failed (see ``failure``).
  ///
  /// ```swift
  /// let values = try signal.sequence.checkedArray()   // throws the signal's error
  /// ```
  public func checkedArray() throws -> [Element] {
    let elements = array
    if let failure { throw failure }
    return elements
  }
}
