// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

extension Signal {
  /// Runs `action` for each value, before forwarding it. RAC `-doNext:`.
  ///
  /// - Parameter action: the side effect.
  /// - Returns: the same events.
  @inlinable
  public func doNext(_ action: @escaping @Sendable (Value) -> Void) -> Signal<Value> {
    lift { sink, _ in
      Sink(
        next: { value in
          action(value)
          sink.next(value)
        }, end: sink.end)
    }
  }

  /// Runs `action` on error, before forwarding it. RAC `-doError:`.
  ///
  /// - Parameter action: the side effect.
  /// - Returns: the same events.
  @inlinable
  public func doError(_ action: @escaping @Sendable (any Error) -> Void) -> Signal<Value> {
    lift { sink, _ in
      Sink(
        next: sink.next,
        end: { completion in
          if case .failed(let error) = completion { action(error) }
          sink.end(completion)
        })
    }
  }

  /// Runs `action` on completion, before forwarding it. RAC `-doCompleted:`.
  ///
  /// - Parameter action: the side effect.
  /// - Returns: the same events.
  @inlinable
  public func doCompleted(_ action: @escaping @Sendable () -> Void) -> Signal<Value> {
    lift { sink, _ in
      Sink(
        next: sink.next,
        end: { completion in
          if case .completed = completion { action() }
          sink.end(completion)
        })
    }
  }

  /// Runs `action` at each subscription, before subscribing. RAC
  /// `-initially:`.
  ///
  /// - Parameter action: the side effect.
  /// - Returns: the same events.
  public func initially(_ action: @escaping @Sendable () -> Void) -> Signal<Value> {
    return Signal.defer {
      action()
      return self
    }
  }

  /// Runs `action` when the signal errors or completes (not on disposal).
  /// RAC `-finally:`.
  ///
  /// - Parameter action: the side effect.
  /// - Returns: the same events.
  @inlinable
  public func finally(_ action: @escaping @Sendable () -> Void) -> Signal<Value> {
    lift { sink, _ in
      Sink(
        next: sink.next,
        end: { completion in
          action()
          sink.end(completion)
        })
    }
  }
}
