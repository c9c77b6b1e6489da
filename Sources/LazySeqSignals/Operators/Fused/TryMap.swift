// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

extension Signal {
  /// Transforms each value with a closure that may throw; a thrown error
  /// ends the signal with that error. RAC `-tryMap:`.
  ///
  /// When `transform` throws, the subscription to this signal is disposed,
  /// then the error is sent; no later value is transformed.
  ///
  /// ```swift
  /// struct Negative: Error {}
  /// Signal(Seq([4, 9, -1, 16]))
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
  @inlinable
  public func tryMap<U>(_ transform: @escaping @Sendable (Value) throws -> U) -> Signal<U> {
    lift { sink, lifetime in
      var done = false
      return Sink(
        next: { value in
          guard !done else { return }
          let mapped: U
          do {
            mapped = try transform(value)
          } catch {
            done = true
            lifetime.dispose()  // resources first,
            sink.end(.failed(error))  // then the callback
            return
          }
          sink.next(mapped)
        },
        end: { completion in
          if !done { sink.end(completion) }
        })
    }
  }
}
