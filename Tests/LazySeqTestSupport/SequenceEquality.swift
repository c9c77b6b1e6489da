// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// One sequence-equality helper that reports the first differing position.

package import Testing

/// Expects `actual` and `expected` to hold the same elements in the same order,
/// and reports the first position where they differ.
package func expectEqualSequences<S1: Sequence, S2: Sequence>(
  _ actual: S1,
  _ expected: S2,
  _ comment: Comment? = nil,
  sourceLocation: SourceLocation = #_sourceLocation
) where S1.Element == S2.Element, S1.Element: Equatable {
  expectEqualSequences(actual, expected, by: ==, comment, sourceLocation: sourceLocation)
}

/// Expects `actual` and `expected` to hold equivalent elements in the same
/// order (as judged by `areEquivalent`), and reports the first position where
/// they differ.
package func expectEqualSequences<S1: Sequence, S2: Sequence>(
  _ actual: S1,
  _ expected: S2,
  by areEquivalent: (S1.Element, S2.Element) -> Bool,
  _ comment: Comment? = nil,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  var actualIterator = actual.makeIterator()
  var expectedIterator = expected.makeIterator()
  var index = 0
  while true {
    switch (actualIterator.next(), expectedIterator.next()) {
    case (nil, nil):
      return
    case (let a?, let e?):
      if !areEquivalent(a, e) {
        Issue.record(
          "Sequences differ at position \(index): actual \(a), expected \(e). \(comment?.rawValue ?? "")",
          sourceLocation: sourceLocation)
        return
      }
    case (let a?, nil):
      Issue.record(
        "Actual sequence is longer: extra element \(a) at position \(index). \(comment?.rawValue ?? "")",
        sourceLocation: sourceLocation)
      return
    case (nil, let e?):
      Issue.record(
        "Actual sequence is shorter: missing \(e) at position \(index). \(comment?.rawValue ?? "")",
        sourceLocation: sourceLocation)
      return
    }
    index += 1
  }
}
