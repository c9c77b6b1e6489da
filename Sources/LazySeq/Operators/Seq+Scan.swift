// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// scan, combinePrevious (RAC `-scanWithStart:reduce:`,
// `-scanWithStart:reduceWithIndex:`, `-combinePreviousWithStart:reduce:`).

extension Seq {
  /// The running results of combining the elements with `reduce`, starting
  /// from `start` (RAC `-scanWithStart:reduce:`). The start itself is not
  /// included; an empty sequence scans to an empty one.
  ///
  /// ```swift
  /// print(Seq([1, 2, 3, 4]).scan(start: 0, reduce: +).array)   // [1, 3, 6, 10]
  /// ```
  ///
  /// Evaluated lazily, at most once per element.
  @inlinable
  public func scan<R>(start: R, reduce: @escaping (R, Element) -> R) -> Seq<R> {
    scan(start: start) { running, element, _ in reduce(running, element) }
  }

  /// Like ``scan(start:reduce:)``, also passing each element's index
  /// (RAC `-scanWithStart:reduceWithIndex:`).
  ///
  /// ```swift
  /// print(Seq([1, 2, 3, 4]).scan(start: 0) { $0 + $1 + $2 }.array)   // [1, 4, 9, 16]
  /// ```
  @inlinable
  public func scan<R>(start: R, reduceWithIndex: @escaping (R, Element, Int) -> R) -> Seq<R> {
    let state = _StateBox((running: start, index: 0))
    return _derived(
      { source in
        {
          guard let element = source.walker.next() else { return nil }
          let running = reduceWithIndex(state.value.running, element, state.value.index)
          state.value = (running, state.value.index + 1)
          return running
        }
      },
      batches: { source in
        { batch in
          var (running, index) = state.value
          defer { state.value = (running, index) }
          return batch.fill(from: source, neverEnds: true) { element, slot in
            running = reduceWithIndex(running, element, index)
            index += 1
            slot.initialize(to: running)
            return .made
          }
        }
      })
  }

  /// `reduce(previous, current)` for each element, where `previous` is the
  /// previous *source* element (`start` for the first one)
  /// (RAC `-combinePreviousWithStart:reduce:`).
  ///
  /// ```swift
  /// print(Seq([1, 2, 3]).combinePrevious(start: 1) { "\($0) - \($1)" }.array)
  /// // ["1 - 1", "1 - 2", "2 - 3"]
  /// ```
  ///
  /// Evaluated lazily, at most once per element.
  @inlinable
  public func combinePrevious<R>(start: Element, reduce: @escaping (Element, Element) -> R) -> Seq<R> {
    let previous = _StateBox(start)
    return _derived(
      { source in
        {
          guard let element = source.walker.next() else { return nil }
          let result = reduce(previous.value, element)
          previous.value = element
          return result
        }
      },
      batches: { source in
        { batch in
          batch.fill(from: source, neverEnds: true) { element, slot in
            slot.initialize(to: reduce(previous.value, element))
            previous.value = element
            return .made
          }
        }
      })
  }
}
