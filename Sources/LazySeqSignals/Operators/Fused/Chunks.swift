// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// chunks(ofCount:): the `Seq` name of `buffer(count:)`.

public import LazySeq

extension Signal where Value: Sendable {
  /// Collects values into runs of `count`; completion sends the rest. The
  /// `Seq.chunks(ofCount:)` form of ``buffer(count:)``, with the same
  /// element type as `Seq`'s: a `Seq.Window`, a view of a buffer that the
  /// chunks next to it share (zero-copy; indices from 0; it compares and
  /// prints as an array).
  ///
  /// Each chunk is sent as soon as it holds `count` values; on completion
  /// the values collected so far (if any) are sent as a shorter last chunk.
  /// An error is forwarded at once and drops them.
  ///
  /// ```swift
  /// Signal(Seq(1...7)).chunks(ofCount: 3).subscribe(next: { print($0) })
  /// // [1, 2, 3]
  /// // [4, 5, 6]
  /// // [7]
  /// ```
  ///
  /// - Parameter count: the size of each chunk but the last; at least 1.
  /// - Returns: the chunks.
  /// - Complexity: O(1) per value, with no allocation on the steady path;
  ///   memory grows with the values that arrive (never allocated from
  ///   `count` alone).
  @inlinable  // lazy-performance: a fused operator specializes with its chain
  public func chunks(ofCount count: Int) -> Signal<Seq<Value>.Window> {
    precondition(
      count >= 1, argumentMessage("Signal.chunks(ofCount:)", "the count must be at least 1", got: count))
    return lift { sink, _ in
      var chunks = _WindowBuilder<Value>(count: count, step: count)
      return Sink(
        next: { value in
          if let chunk = chunks.push(value) { sink.next(chunk) }
        },
        end: { completion in
          if case .completed = completion, let rest = chunks.takeRest() { sink.next(rest) }
          sink.end(completion)
        })
    }
  }
}
