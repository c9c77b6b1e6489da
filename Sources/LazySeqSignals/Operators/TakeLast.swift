extension Signal {
  /// Sends the last `count` values when this signal completes, then
  /// completes. RAC `-takeLast:`.
  ///
  /// Nothing is sent before completion: the values wait in a buffer that
  /// keeps only the last `count`. An error is forwarded at once and the
  /// buffered values are dropped. `takeLast(0)` sends no value and completes
  /// when this signal does.
  ///
  /// ```swift
  /// Signal(Seq(1...5)).takeLast(2)
  ///   .subscribe(next: { print($0) }, completed: { print("done") })
  /// // 4
  /// // 5
  /// // done
  /// ```
  ///
  /// - Parameter count: how many values to keep; must not be negative.
  /// - Returns: the last `count` values (fewer if this signal sent fewer),
  ///   sent at completion.
  /// - Complexity: O(1) per value; memory O(`count`).
  @inlinable
  public func takeLast(_ count: Int) -> Signal<Value> {
    precondition(count >= 0, "Signal.takeLast(_:): the count must not be negative, got \(count)")
    return lift { sink, _ in
      // A ring buffer: once full, `start` is the oldest value.
      var buffer: [Value] = []
      var start = 0
      return Sink(
        next: { value in
          guard count > 0 else { return }
          if buffer.count < count {
            buffer.append(value)
          } else {
            buffer[start] = value
            start += 1
            if start == count { start = 0 }
          }
        },
        end: { completion in
          if case .completed = completion {
            let last = buffer[start...] + buffer[..<start]
            buffer = []
            for value in last { sink.next(value) }
          }
          sink.end(completion)
        })
    }
  }
}
