/// A lazily evaluated, memoized, immutable sequence made of a head and a tail.
public struct Seq<Element> {
  public init() {}
}
