// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// filter, ignore (RAC `-filter:`, `-ignore:`).

extension Seq {
  /// The elements that satisfy `isIncluded`, in order (RAC `-filter:`).
  ///
  /// ```swift
  /// print(Seq(1...6).filter { $0.isMultiple(of: 2) }.array)   // [2, 4, 6]
  /// ```
  ///
  /// Evaluated lazily, at most once per element; long runs of rejected
  /// elements are skipped in a loop (constant stack).
  @inlinable
  public func filter(_ isIncluded: @escaping (Element) -> Bool) -> Seq<Element> {
    _derived(
      stage: isIncluded,
      producingInto: { source in
        { slot in
          while let element = source.walker.next() {
            if source.stage(element) {
              slot.initialize(to: element)
              return true
            }
          }
          return false
        }
      },
      batches: { source in Seq._filterBatches(source) })
  }
}

extension Seq {
  /// The batch producer of `filter` (see `_Batch`): reads candidates into
  /// the free part of the batch, in runs, and keeps in place those that
  /// pass; as many candidates as outputs are still wanted, so none is read
  /// beyond what the batch needs.
  @inlinable
  internal static func _filterBatches(
    _ source: _StageBox<Element, (Element) -> Bool>
  ) -> _BatchProducer<Element> {
    { batch in
      let isIncluded = source.stage
      var kept = 0
      while kept < batch.count {
        let wanted = batch.count &- kept
        let read = source.walker.next(into: batch.base + kept, count: wanted)
        for candidate in kept..<(kept &+ read) {
          let element = (batch.base + candidate).move()
          if isIncluded(element) {
            (batch.base + kept).initialize(to: element)
            kept &+= 1
            batch.published(kept)
          }
        }
        if read < wanted { break }
      }
      return kept
    }
  }
}

extension Seq where Element: Equatable {
  /// The elements not equal to `value` (RAC `-ignore:`). Lazy.
  @inlinable
  public func ignore(_ value: Element) -> Seq<Element> {
    filter { $0 != value }
  }
}
