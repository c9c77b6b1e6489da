extension Signal {
  /// Transforms each value with a closure that may throw; a thrown error
  /// ends the signal with that error. RAC `-tryMap:`.
  ///
  /// When `transform` throws, the subscription to this signal is disposed,
  /// then the error is sent; no later value is transformed.
  ///
  /// ```swift
  /// struct Negative: Error {}
  /// Seq([4, 9, -1, 16]).signal()
  ///   .tryMap { n -> Double in
  ///     guard n >= 0 else { throw Negative() }
  ///     return Double(n).squareRoot()
  ///   }
  ///   .subscribe(next: { print($0) }, error: { print("error: \($0)") })
  /// // 2.0
  /// // 3.0
  /// // error: Negative()
  /// ```
  ///
  /// - Parameter transform: runs once per value, serially; throws to fail.
  /// - Returns: the transformed values, ended by this signal's terminal
  ///   event or by the first error `transform` throws.
  public func tryMap<U>(_ transform: @escaping (Value) throws -> U) -> Signal<U> {
    Signal<U> { downstream in
      let link = CompoundDisposable()
      return self.relay(
        to: downstream, link: link,
        next: { value in
          let mapped: U
          do {
            mapped = try transform(value)
          } catch {
            link.dispose()
            downstream.sendError(error)
            return
          }
          downstream.sendNext(mapped)
        })
    }
  }
}
