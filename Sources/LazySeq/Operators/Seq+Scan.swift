// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// scan, combinePrevious (RAC `-scanWithStart:reduce:`,
// `-scanWithStart:reduceWithIndex:`, `-combinePreviousWithStart:reduce:`),
// reductions (swift-algorithms `reductions`).

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

extension Seq {
  /// The running results of combining the elements, beginning with
  /// `initial` itself (swift-algorithms `reductions(_:_:)`, Scala
  /// `scanLeft`): `initial`, `transform(initial, e0)`, … An empty sequence
  /// reduces to `[initial]`.
  ///
  /// ```swift
  /// print(Seq([1, 2, 3, 4]).reductions(0, +).array)   // [0, 1, 3, 6, 10]
  /// ```
  ///
  /// ``scan(start:reduce:)`` is the same without `initial` (RAC's
  /// meaning). Lazy: the head is `initial`, evaluating nothing; `transform`
  /// runs at most once per element.
  @inlinable
  public func reductions<Result>(
    _ initial: Result, _ transform: @escaping (Result, Element) -> Result
  ) -> Seq<Result> {
    scan(start: initial, reduce: transform).startWith(initial)
  }

  /// ``reductions(_:_:)`` with a closure that updates the running result in
  /// place (swift-algorithms `reductions(into:_:)`); each result is a copy.
  ///
  /// ```swift
  /// print(Seq(["a", "b"]).reductions(into: "") { $0 += $1 }.array)   // ["", "a", "ab"]
  /// ```
  @inlinable
  public func reductions<Result>(
    into initial: Result, _ transform: @escaping (inout Result, Element) -> Void
  ) -> Seq<Result> {
    reductions(initial) { partial, element in
      var next = partial
      transform(&next, element)
      return next
    }
  }

  /// The running results of combining the elements, beginning with the
  /// first element (swift-algorithms `reductions(_:)`, Scala `scanLeft`
  /// without a start): `e0`, `transform(e0, e1)`, … An empty sequence
  /// reduces to an empty one.
  ///
  /// ```swift
  /// print(Seq([3, 1, 4, 1, 5]).reductions(max).array)   // [3, 3, 4, 4, 5]
  /// ```
  ///
  /// Lazy: `transform` runs at most once per element after the first.
  @inlinable
  public func reductions(_ transform: @escaping (Element, Element) -> Element) -> Seq<Element> {
    let running = _StateBox<Element?>(nil)
    return _derived(producingInto: { source in
      { slot in
        guard let element = source.walker.next() else {
          running.value = nil
          return false
        }
        let next = running.value.map { transform($0, element) } ?? element
        running.value = next
        slot.initialize(to: next)
        return true
      }
    })
  }
}
