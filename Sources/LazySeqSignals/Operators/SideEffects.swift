extension Signal {
  /// Runs `action` for each value, before forwarding it. RAC `-doNext:`.
  ///
  /// - Parameter action: the side effect.
  /// - Returns: the same events.
  public func doNext(_ action: @escaping (Value) -> Void) -> Signal<Value> {
    Signal { downstream in
      self.forward(
        to: downstream,
        next: { value in
          action(value)
          downstream.sendNext(value)
        })
      return nil
    }
  }

  /// Runs `action` on error, before forwarding it. RAC `-doError:`.
  ///
  /// - Parameter action: the side effect.
  /// - Returns: the same events.
  public func doError(_ action: @escaping (any Error) -> Void) -> Signal<Value> {
    Signal { downstream in
      self.forward(
        to: downstream, next: { downstream.sendNext($0) },
        error: { error in
          action(error)
          downstream.sendError(error)
        })
      return nil
    }
  }

  /// Runs `action` on completion, before forwarding it. RAC `-doCompleted:`.
  ///
  /// - Parameter action: the side effect.
  /// - Returns: the same events.
  public func doCompleted(_ action: @escaping () -> Void) -> Signal<Value> {
    Signal { downstream in
      self.forward(
        to: downstream, next: { downstream.sendNext($0) },
        completed: {
          action()
          downstream.sendCompleted()
        })
      return nil
    }
  }

  /// Runs `action` at each subscription, before subscribing. RAC
  /// `-initially:`.
  ///
  /// - Parameter action: the side effect.
  /// - Returns: the same events.
  public func initially(_ action: @escaping () -> Void) -> Signal<Value> {
    Signal.defer {
      action()
      return self
    }
  }

  /// Runs `action` when the signal errors or completes (not on disposal).
  /// RAC `-finally:`.
  ///
  /// - Parameter action: the side effect.
  /// - Returns: the same events.
  public func finally(_ action: @escaping () -> Void) -> Signal<Value> {
    doError { _ in action() }.doCompleted(action)
  }
}
