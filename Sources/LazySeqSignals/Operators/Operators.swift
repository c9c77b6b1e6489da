// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

/// The namespace of the engine's internal implementation types: the states
/// of the gate operators (`ZipState`, `ThrottleState`, …) and their
/// bookkeeping (`Flatten`, `Delay`), and the machinery of the conversions
/// and schedulers (`SeqPump`, `SignalInbox`, `ValuesChannel`, `Recursion`,
/// …). Nominal types, so stack traces name them rather than a chain of
/// anonymous closures. How to write an operator: THE PATTERN, at the top of
/// `Engine.swift`.
@usableFromInline
enum Operators {}

extension Signal {
  /// Builds a fused operator: `transform` wraps the downstream sink of each
  /// subscription, and the result attaches to this signal with the same
  /// lifetime. See THE PATTERN at the top of `Engine.swift`.
  @inlinable
  func lift<U>(_ transform: @escaping @Sendable (Sink<U>, Lifetime) -> Sink<Value>) -> Signal<U> {
    let attach = self.attach
    return Signal<U>(attach: { sink, lifetime in attach(transform(sink, lifetime), lifetime) })
  }
}
