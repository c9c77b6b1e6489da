// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

extension Signal {
  /// Prints every event of each subscription, and its subscription and
  /// disposal, prefixed with `identifier`. RAC `-logAll`; RxSwift `debug`.
  ///
  /// Each line is the identifier in brackets (left out when empty), then
  /// `subscribed`, `next(value)`, `error(error)`, `completed` or
  /// `disposed`. A terminal event is printed before the disposal it causes.
  /// The events pass through unchanged.
  ///
  /// ```swift
  /// Signal(Seq([1, 2])).log("numbers").subscribe()
  /// // [numbers] subscribed
  /// // [numbers] next(1)
  /// // [numbers] next(2)
  /// // [numbers] completed
  /// // [numbers] disposed
  /// ```
  ///
  /// - Parameter identifier: names this signal in the output.
  /// - Returns: the same events, logged.
  /// - Complexity: O(1) per event, plus printing.
  public func log(_ identifier: String = "") -> Signal<Value> {
    log(identifier, to: { print($0) })
  }

  /// ``log(_:)`` writing each line to `output` (a test hook).
  package func log(_ identifier: String, to output: @escaping @Sendable (String) -> Void) -> Signal<Value> {
    let prefix = identifier.isEmpty ? "" : "[\(identifier)] "
    return Signal { downstream in
      output(prefix + "subscribed")
      self.forward(
        to: downstream,
        next: { value in
          output(prefix + "next(\(value))")
          downstream.sendNext(value)
        },
        error: { error in
          output(prefix + "error(\(error))")
          downstream.sendError(error)
        },
        completed: {
          output(prefix + "completed")
          downstream.sendCompleted()
        })
      return AnyDisposable { output(prefix + "disposed") }
    }
  }
}
