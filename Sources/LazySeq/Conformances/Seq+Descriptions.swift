// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// Descriptions that never evaluate anything.

extension Seq: CustomStringConvertible, CustomDebugStringConvertible {
  /// The elements evaluated so far, then `…` if more may follow:
  /// `Seq(1, 2, …)`, `Seq(1, 2, 3)`, `Seq()`. Never evaluates anything, runs
  /// in constant stack, and stops at a cycle of dynamic nodes.
  ///
  /// Bounded: at most 100 elements are shown, then `…`, whatever the kind
  /// (`Seq(0..<Int.max).description` returns at once).
  ///
  /// - Complexity: O(1) in the length of the sequence.
  public var description: String {
    _describe { String(describing: $0) }
  }

  /// Like ``description``, with the element type and the elements'
  /// debug descriptions: `Seq<String>("a", …)`.
  public var debugDescription: String {
    "Seq<\(Element.self)>" + _describe { String(reflecting: $0) }.dropFirst(3)
  }

  /// The most elements a description shows.
  internal static var _descriptionLimit: Int { 100 }

  internal func _describe(_ show: (Element) -> String) -> String {
    var parts: [String] = []
    let complete = _forEachEvaluated(limit: Seq._descriptionLimit) { parts.append(show($0)) }
    if !complete { parts.append("…") }
    return "Seq(" + parts.joined(separator: ", ") + ")"
  }

  /// Calls `visit` on each element already evaluated, in order, at most
  /// `limit` times (through the navigator); returns whether the end of the
  /// sequence is known to follow the last element passed to `visit`.
  internal func _forEachEvaluated(limit: Int, _ visit: (Element) -> Void) -> Bool {
    var navigator = _Navigator(self)
    var remaining = limit
    return withoutActuallyEscaping(visit) { visit in
      navigator.advance(by: &remaining, visiting: visit) == .end
    }
  }
}
