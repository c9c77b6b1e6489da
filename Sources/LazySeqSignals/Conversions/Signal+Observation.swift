// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

import Observation

extension Signal where Value: Sendable {
  /// A signal of what `value` returns, read again after each change to the
  /// Observation-tracked state it read: Swift Observation (`@Observable`) as
  /// RAC's `RACObserve`.
  ///
  /// Each subscription sends the current value first, then one value after
  /// each transaction that changes what `value` read, with the semantics of
  /// Observation's `Observations` (SE-0475): changes made together, in one
  /// synchronous stretch of `value`'s isolation (for a `@MainActor` model,
  /// one main-actor job), are coalesced into one value, so a subscriber
  /// never sees a torn intermediate state (one related property changed and
  /// the other not yet). `value` runs in its own isolation: observing a
  /// `@MainActor` model reads it on the main actor (a closure written in
  /// main-actor code is main-actor isolated, as with `Task { … }`). The
  /// values arrive
  /// asynchronously, from a task, on whatever thread reads them (call
  /// ``deliverOnMainThread()`` to use them on the main actor). The signal
  /// never completes; disposal cancels the task and stops observing.
  ///
  /// ```swift
  /// @MainActor @Observable final class Account {
  ///   var first = "Ada"
  ///   var last = "Lovelace"
  /// }
  /// let account = Account()
  /// Signal.observing { "\(account.first) \(account.last)" }
  ///   .subscribe(next: { print($0) })
  /// // Ada Lovelace
  /// account.first = "Grace"
  /// account.last = "Hopper"  // one main-actor job: one value
  /// // Grace Hopper
  /// ```
  ///
  /// ``MutableProperty`` and ``Property`` are `Observable` too, so
  /// `Signal.observing { a.value + b.value }` follows two properties at once.
  ///
  /// - Parameter value: reads the observed state; called once at
  ///   subscription and once per transaction that changes what it read,
  ///   in its isolation.
  /// - Returns: the current value, then the value after each change.
  /// - Complexity: one task per subscription; one call of `value` per
  ///   transaction.
  @available(macOS 26.0, iOS 26.0, watchOS 26.0, tvOS 26.0, visionOS 26.0, *)
  public static func observing(
    @_inheritActorContext _ value: @escaping @isolated(any) @Sendable () -> Value
  ) -> Signal<Value> {
    Signal { subscriber in
      let task = Task {
        for await current in Observations(value) {
          guard !subscriber.isDisposed else { return }
          subscriber.sendNext(current)
        }
      }
      return AnyDisposable { task.cancel() }
    }
  }
}
