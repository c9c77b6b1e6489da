extension Signal {
  /// Subscribes to this signal on behalf of `downstream`, the subscriber of
  /// an operator's result.
  ///
  /// The upstream subscription is attached to `downstream`, so disposing or
  /// terminating `downstream` disposes it. Unless overridden, errors and
  /// completion are forwarded as they are. No intermediate signal is built.
  ///
  /// - Returns: the upstream subscriber (its subscription).
  @discardableResult
  func forward<U>(
    to downstream: Subscriber<U>,
    next: @escaping (Value) -> Void,
    error: ((any Error) -> Void)? = nil,
    completed: (() -> Void)? = nil
  ) -> Subscriber<Value> {
    let upstream = Subscriber<Value>(
      next: next,
      error: error ?? { downstream.sendError($0) },
      completed: completed ?? { downstream.sendCompleted() })
    downstream.disposables.add(upstream)
    run(upstream)
    return upstream
  }
}
