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
  /// values arrive asynchronously, from a task, on whatever thread reads
  /// them (call ``deliverOnMainThread()`` to use them on the main actor).
  /// The signal never completes; disposal cancels the task and stops
  /// observing.
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
  /// `Signal.observing { a.value + b.value }` follows two properties at once,
  /// and they may be changed from any thread while it does: the value read
  /// after a change is never older than that change (a property's value is
  /// stored before the observation is told, and the read after it waits for
  /// that), and the last change always arrives (no change falls between a
  /// read and the watching of what it read). Values may be coalesced, but
  /// values that only grow arrive strictly increasing. Any other
  /// `Observable` state is tracked as `withObservationTracking` tracks it,
  /// told at `willSet`: change it in the closure's isolation (a
  /// `@MainActor` model on the main actor), where the next read comes after
  /// the change is done.
  ///
  /// Under a ``TestScheduler``: a subscription made while the scheduler runs
  /// one of its actions, and each change that an action makes to what
  /// `value` read, keep `await scheduler.advance(by:)` waiting until the
  /// value read after them has been sent; an observation on virtual time
  /// then has one outcome.
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
    observing(tracker: nil, value)
  }

  /// A signal of what `value` returns, read again after each change to the
  /// Observation-tracked state it read, sent on `scheduler`: the same as
  /// `Signal.observing(value).deliver(on: scheduler)`, and on a
  /// ``TestScheduler``, on its virtual time wherever it is subscribed.
  ///
  /// Use it where a view model takes its scheduler as a parameter, so that
  /// a test can pass a ``TestScheduler``. On one, the observation has one
  /// outcome every run, however the observed state changes:
  ///
  /// - the first value is read at subscription, and
  /// - a change to what `value` read, made from any thread (in one of the
  ///   scheduler's actions, or directly between two advances, as a test
  ///   changes a `@MainActor` model), is seen at the virtual time it was
  ///   made:
  ///
  /// `await scheduler.advance(by:)` (the async one) waits, before it moves
  /// virtual time, until the value read after each of them has been sent,
  /// and each is sent as an action of the scheduler at that time. The
  /// synchronous `advance(by:)` does not wait for reads: call the async one.
  ///
  /// ```swift
  /// @MainActor @Observable final class Search { var text = "" }
  /// let scheduler = TestScheduler()
  /// let search = Search()
  /// let queries = Signal.observing(on: scheduler) { search.text }
  ///   .debounce(.milliseconds(300), on: scheduler)
  /// queries.subscribe(next: { print($0, "at", scheduler.now) })
  /// search.text = "s"
  /// await scheduler.advance(by: .milliseconds(100))
  /// search.text = "sw"
  /// await scheduler.advance(by: .seconds(1))  // sw at 0.4 seconds
  /// ```
  ///
  /// - Parameters:
  ///   - scheduler: where the values are sent.
  ///   - value: reads the observed state, in its own isolation, as for
  ///     ``observing(_:)``.
  /// - Returns: the current value, then the value after each change, sent
  ///   on `scheduler`.
  @available(macOS 26.0, iOS 26.0, watchOS 26.0, tvOS 26.0, visionOS 26.0, *)
  public static func observing(
    on scheduler: any Scheduler,
    @_inheritActorContext _ value: @escaping @isolated(any) @Sendable () -> Value
  ) -> Signal<Value> {
    observing(tracker: scheduler as? any TaskTracker, value).deliver(on: scheduler)
  }

  /// `observing(_:)` on `tracker`, if given; otherwise on the tracker
  /// installed on the subscribing thread, if any (a `TestScheduler`
  /// running an action), whose async advance then waits for the first value
  /// and for the value after each change.
  @available(macOS 26.0, iOS 26.0, watchOS 26.0, tvOS 26.0, visionOS 26.0, *)
  private static func observing(
    tracker: (any TaskTracker)?, _ value: @escaping @isolated(any) @Sendable () -> Value
  ) -> Signal<Value> {
    Signal { subscriber in
      let loop = ObservationLoop(tracker: tracker ?? TaskTracking.current)
      let task = Task {
        while let (generation, answering) = loop.beginRead() {
          let current = await read(value, isolation: value.isolation, loop, generation)
          // Sent with the tracker installed: a hop on the way (a mailbox,
          // a scheduler) is waited for as part of the read.
          TaskTracking.sending(for: answering.first) {
            if !loop.isCancelled, !subscriber.isDisposed { subscriber.sendNext(current) }
          }
          for registration in answering { registration.finished() }
          guard await loop.waitForChange() else { return }
        }
      }
      return AnyDisposable {
        loop.cancel()
        task.cancel()
      }
    }
  }

  /// Calls `value` in its isolation, noting what it reads for `loop`: the
  /// properties it reads are watched for their next change, any other
  /// `Observable` state through `withObservationTracking`.
  private static func read(
    _ value: @escaping @isolated(any) @Sendable () -> Value, isolation: isolated (any Actor)?,
    _ loop: ObservationLoop, _ generation: UInt64
  ) -> Value {
    // This function runs in `value`'s isolation, so `value` may be called
    // synchronously: the one conversion of IsolatedCallbacks.swift.
    let synchronous = LazySeqSignals.synchronous(value)
    let reading = ObservingRead()
    let current = reading.recording {
      withObservationTracking(synchronous, onChange: { loop.changed(generation: generation) })
    }
    loop.watch(reading, generation: generation)
    return current
  }
}
