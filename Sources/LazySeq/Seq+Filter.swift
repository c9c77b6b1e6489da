// filter, ignore (RAC `-filter:`, `-ignore:`).

extension Seq {
  /// The elements that satisfy `isIncluded`, in order (RAC `-filter:`).
  ///
  /// ```swift
  /// print(Seq(1...6).filter { $0.isMultiple(of: 2) }.array)   // [2, 4, 6]
  /// ```
  ///
  /// Evaluated lazily, at most once per element; long runs of rejected
  /// elements are skipped in a loop (constant stack).
  @inlinable
  public func filter(_ isIncluded: @escaping (Element) -> Bool) -> Seq<Element> {
    _derived(producingInto: { source in
      { slot in
        while let element = source.walker.next() {
          if isIncluded(element) {
            slot.initialize(to: element)
            return true
          }
        }
        return false
      }
    })
  }
}

extension Seq where Element: Equatable {
  /// The elements not equal to `value` (RAC `-ignore:`). Lazy.
  @inlinable
  public func ignore(_ value: Element) -> Seq<Element> {
    filter { $0 != value }
  }
}
