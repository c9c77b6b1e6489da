// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// Tuple sequences (RAC `RACTuple.rac_sequence`).

extension Seq {
  /// Creates a sequence of the two elements of a homogeneous tuple.
  @inlinable
  public init(tuple: (Element, Element)) {
    self.init(_snapshot: [tuple.0, tuple.1])
  }

  /// Creates a sequence of the three elements of a homogeneous tuple:
  /// `Seq(tuple: (1, 2, 3))` is a `Seq<Int>`.
  @inlinable
  public init(tuple: (Element, Element, Element)) {
    self.init(_snapshot: [tuple.0, tuple.1, tuple.2])
  }

  /// Creates a sequence of the four elements of a homogeneous tuple.
  @inlinable
  public init(tuple: (Element, Element, Element, Element)) {
    self.init(_snapshot: [tuple.0, tuple.1, tuple.2, tuple.3])
  }

  /// Creates a sequence of the five elements of a homogeneous tuple.
  @inlinable
  public init(tuple: (Element, Element, Element, Element, Element)) {
    self.init(_snapshot: [tuple.0, tuple.1, tuple.2, tuple.3, tuple.4])
  }

  /// Creates a sequence of the six elements of a homogeneous tuple.
  @inlinable
  public init(tuple: (Element, Element, Element, Element, Element, Element)) {
    self.init(_snapshot: [tuple.0, tuple.1, tuple.2, tuple.3, tuple.4, tuple.5])
  }
}

extension Seq where Element == Any {
  /// Creates a sequence of the elements of any tuple, of any arity and
  /// element types: `Seq<Any>(tuple: (1, "two", 3.0))` has 3 elements.
  ///
  /// A value that is not a tuple makes a one-element sequence; `()` makes an
  /// empty one.
  public init<T>(tuple: T) {
    let mirror = Mirror(reflecting: tuple)
    if mirror.displayStyle == .tuple {
      self.init(_snapshot: mirror.children.map(\.value))
    } else {
      self.init(_snapshot: [tuple as Any])
    }
  }
}
