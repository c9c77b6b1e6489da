// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// distinctUntilChanged (RAC `-distinctUntilChanged`).

extension Seq where Element: Equatable {
  /// The elements, without consecutive duplicates (RAC
  /// `-distinctUntilChanged`).
  ///
  /// ```swift
  /// print(Seq([1, 1, 2, 2, 1]).distinctUntilChanged().array)   // [1, 2, 1]
  /// ```
  ///
  /// Evaluated lazily, at most once per element; runs of duplicates are
  /// skipped in a loop.
  @inlinable
  public func distinctUntilChanged() -> Seq<Element> {
    let previous = _StateBox<Element?>(nil)
    return _derived { source in
      {
        while let element = source.walker.next() {
          if let last = previous.value, last == element { continue }
          previous.value = element
          return element
        }
        return nil
      }
    }
  }
}
