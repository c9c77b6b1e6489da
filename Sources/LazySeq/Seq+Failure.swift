// Sequences whose source can fail (the signal-backed kind): the error that
// ended them early is kept and can be read or rethrown.

extension Seq {
  /// A memoized sequence pulled from a source that may fail: `next` returns
  /// the next element, `nil` at the end, or throws to end the sequence with
  /// an error, which ``failure`` then reports. Called at most once per
  /// element, by the thread holding the memo's claim; never again after it ended.
  ///
  /// This is how other modules of the package (the signal-backed sequence
  /// in `LazySeqSignals`) build a failable kind.
  package static func failable(_ next: @escaping () throws -> Element?) -> Seq<Element> {
    // Unretained: the producer runs only while its frontier is alive (the
    // frontier calls it), and a strong reference would form a cycle.
    let frontierBox = _StateBox<Unmanaged<_Frontier<Element>>?>(nil)
    let seq = _memo(sources: [], isFusible: false) {
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

  /// The error that ended this sequence early, if its source failed (a
  /// signal-backed sequence whose signal sent an error); `nil` otherwise,
  /// and `nil` until the end of the sequence has been evaluated.
  ///
  /// Evaluates nothing. Applies to the failable sequence itself (and any
  /// position in it), not to sequences derived from it with operators.
  public var failure: (any Error)? {
    var current = self
    while let storage = current._storage {
      switch storage._kind {
      case .segment:
        let segment = unsafeDowncast(storage, to: _Segment<Element>.self)
        guard let frontier = segment.frontier,
          frontier.hasFailed.load(ordering: .acquiring)
        else { return nil }
        return frontier.failure
      case .deferred:
        let deferred = unsafeDowncast(storage, to: _Deferred<Element>.self)
        guard deferred.isResolved.load(ordering: .acquiring) else { return nil }
        current = deferred.resolved
      case .node, .cursor:
        return nil
      }
    }
    return nil
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
