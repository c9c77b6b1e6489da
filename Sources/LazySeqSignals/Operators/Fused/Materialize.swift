// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

extension Signal {
  /// Turns every event into a value: values, then the terminal event as a
  /// value, then completion. RAC `-materialize`.
  ///
  /// ```swift
  /// Signal.just(1).materialize()  // .next(1), .completed, then completes
  /// ```
  ///
  /// - Returns: a signal of ``Event``s that never fails.
  @inlinable
  public func materialize() -> Signal<Event<Value>> {
    lift { sink, _ in
      Sink(
        next: { sink.next(.next($0)) },
        end: { completion in
          switch completion {
          case .completed: sink.next(.completed)
          case .failed(let error): sink.next(.error(error))
          }
          sink.end(.completed)
        })
    }
  }

  /// Turns ``Event`` values back into events. RAC `-dematerialize`.
  ///
  /// - Returns: the events the values describe; the first terminal event
  ///   value ends the result.
  @inlinable
  public func dematerialize<U>() -> Signal<U> where Value == Event<U> {
    lift { sink, lifetime in
      var done = false
      return Sink(
        next: { event in
          guard !done else { return }
          switch event {
          case .next(let value): return sink.next(value)
          case .error(let error):
            done = true
            lifetime.dispose()
            sink.end(.failed(error))
          case .completed:
            done = true
            lifetime.dispose()
            sink.end(.completed)
          }
        },
        end: { completion in
          if !done { sink.end(completion) }
        })
    }
  }
}
