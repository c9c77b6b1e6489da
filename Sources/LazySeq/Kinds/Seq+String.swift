// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// String sequences: walked by grapheme cluster (`Character`) everywhere.

extension StringProtocol {
  /// The characters (grapheme clusters) of the string as a `Seq`.
  ///
  /// `head`/`tail`, iteration and `array` all agree, including for
  /// characters made of several scalars:
  ///
  /// ```swift
  /// let s = "\u{2665}\u{FE0F}\u{2666}\u{FE0F}".seq
  /// print(s.array.count, s.tail.array.count)   // 2 1
  /// ```
  ///
  /// The string is copied once; walking it needs no memo.
  ///
  /// - Complexity: O(*n*) to copy, then O(1) amortized per character.
  @inlinable
  public var seq: Seq<Character> {
    var string = String(self)
    string.makeContiguousUTF8()
    let utf8Count = string.utf8.count
    return Seq._cursor(start: 0) { [string] offset in
      guard offset < utf8Count else { return nil }
      let index = string.utf8.index(string.utf8.startIndex, offsetBy: offset)
      let next = string.index(after: index)
      return (string[index], string.utf8.distance(from: string.utf8.startIndex, to: next))
    }
  }
}
