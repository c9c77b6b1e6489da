// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// map, compactMap, mapReplace (RAC `-map:`, `-mapReplace:`).

extension Seq {
  /// The sequence of `transform` applied to each element (RAC `-map:`).
  ///
  /// ```swift
  /// print(Seq([1, 2, 3]).map { $0 * 10 }.array)   // [10, 20, 30]
  /// ```
  ///
  /// Evaluated lazily, at most once per element: `transform` runs when an
  /// element of the result is first demanded, and the result is memoized.
  ///
  /// - Complexity: O(1) to create.
  @inlinable
  public func map<U>(_ transform: @escaping (Element) -> U) -> Seq<U> {
    _derived(
      stage: transform,
      producingInto: { source in
        { slot in
          guard let element = source.walker.next() else { return false }
          slot.initialize(to: source.stage(element))
          return true
        }
      },
      batches: { source in Seq._mapBatches(source) })
  }

  /// The batch producer of `map` (see `_Batch`).
  @inlinable
  internal static func _mapBatches<U>(_ source: _StageBox<Element, (Element) -> U>) -> _BatchProducer<U> {
    { batch in
      let transform = source.stage
      return batch.fill(from: source, neverEnds: true) { element, slot in
        slot.initialize(to: transform(element))
        return .made
      }
    }
  }

  /// The non-`nil` results of `transform` applied to each element.
  ///
  /// Evaluated lazily, at most once per element; runs of `nil` results are
  /// skipped in a loop (constant stack).
  @inlinable
  public func compactMap<U>(_ transform: @escaping (Element) -> U?) -> Seq<U> {
    _derived(
      stage: transform,
      producingInto: { source in
        { slot in
          while let element = source.walker.next() {
            if let value = source.stage(element) {
              slot.initialize(to: value)
              return true
            }
          }
          return false
        }
      },
      batches: { source in
        { batch in
          let transform = source.stage
          return batch.fill(from: source, neverEnds: true) { element, slot in
            guard let value = transform(element) else { return .skipped }
            slot.initialize(to: value)
            return .made
          }
        }
      })
  }

  /// `value` once per element (RAC `-mapReplace:`). Lazy.
  @inlinable
  public func mapReplace<U>(_ value: U) -> Seq<U> {
    map { _ in value }
  }
}
