// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// Dynamic sequences (RAC `+sequenceWithHeadBlock:tailBlock:`).

extension Seq {
  /// Creates a sequence from a closure for its head and one for its tail.
  ///
  /// Neither closure runs now. Each runs at most once, from whichever
  /// thread first needs it, and its result is memoized: `head` on first
  /// demand of ``head`` or ``tail``, `tail` on first demand of ``tail``. A
  /// `nil` head makes an empty sequence, whose tail is empty too whichever
  /// is read first (the `tail` closure then never runs):
  ///
  /// ```swift
  /// let empty = Seq<Int>(head: { nil }, tail: { [1, 2] })
  /// print(empty.tail.isEmpty)   // true
  /// ```
  ///
  /// ```swift
  /// func naturals(from n: Int) -> Seq<Int> {
  ///   Seq(head: { n }, tail: { naturals(from: n + 1) })
  /// }
  /// print(naturals(from: 1).take(3).array)   // [1, 2, 3]
  /// ```
  ///
  /// - Parameters:
  ///   - head: Computes the first element, or `nil` for an empty sequence.
  ///   - tail: Computes the rest; by default the empty sequence.
  @inlinable
  public init(head: @escaping () -> Element?, tail: @escaping () -> Seq<Element> = { .empty }) {
    self.init(_storage: _Node(head: head, tail: tail), index: 0)
  }
}
