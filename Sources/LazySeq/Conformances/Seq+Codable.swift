// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// Codable: a `Seq` is encoded as an array of its elements.

extension Seq: Encodable where Element: Encodable {
  /// Encodes the elements as an unkeyed container (an array). Evaluates
  /// everything.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.unkeyedContainer()
    var walker = _Walker(self)
    while let element = walker.next() { try container.encode(element) }
  }
}

extension Seq: Decodable where Element: Decodable {
  /// Decodes an array of elements into an array-backed sequence.
  public init(from decoder: any Decoder) throws {
    var container = try decoder.unkeyedContainer()
    var elements: [Element] = []
    if let count = container.count { elements.reserveCapacity(count) }
    while !container.isAtEnd { elements.append(try container.decode(Element.self)) }
    self.init(_snapshot: elements)
  }
}
