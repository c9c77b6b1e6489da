// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

extension Signal {
  /// Shares one subscription of this signal through a plain ``Subject``.
  /// RAC `-publish`.
  ///
  /// - Returns: a connection; nothing runs until ``MulticastConnection/connect()``.
  public func publish() -> MulticastConnection<Value> {
    multicast(Subject())
  }

  /// Shares one subscription of this signal through `subject`. RAC
  /// `-multicast:`.
  ///
  /// - Parameter subject: the subject that fans the events out (a
  ///   ``ReplaySubject`` also replays them to late subscribers).
  /// - Returns: a connection; nothing runs until ``MulticastConnection/connect()``.
  public func multicast(_ subject: Subject<Value>) -> MulticastConnection<Value> {
    MulticastConnection(source: self, subject: subject)
  }

}

extension Signal where Value: Sendable {
  /// Subscribes now, once, and replays every event to each subscriber.
  /// RAC `-replay`.
  ///
  /// ```swift
  /// let shared = expensive.replay()  // `expensive` runs now, once
  /// shared.subscribe(next: { print($0) })  // every value so far, then live ones
  /// ```
  ///
  /// - Returns: a hot signal backed by an unlimited ``ReplaySubject``.
  public func replay() -> Signal<Value> {
    let connection = multicast(ReplaySubject())
    connection.connect()
    return connection.signal
  }

  /// Subscribes now, once, and replays the latest value (and the terminal
  /// event) to each subscriber. RAC `-replayLast`.
  ///
  /// - Returns: a hot signal backed by a capacity-1 ``ReplaySubject``.
  public func replayLast() -> Signal<Value> {
    let connection = multicast(ReplaySubject(capacity: 1))
    connection.connect()
    return connection.signal
  }

  /// Subscribes on the first subscription, once, and replays every event to
  /// each subscriber; the shared subscription is never disposed.
  /// RAC `-replayLazily`.
  ///
  /// - Returns: a lazily connecting replaying signal.
  public func replayLazily() -> Signal<Value> {
    let connection = multicast(ReplaySubject())
    return Signal.defer {
      connection.connect()
      return connection.signal
    }
  }

  /// Runs `block` once, on `scheduler`, at the first subscription, and
  /// replays its events to every subscriber. RAC
  /// `+startLazilyWithScheduler:block:`.
  ///
  /// The underlying subscription is never disposed.
  ///
  /// - Parameters:
  ///   - scheduler: where `block` runs.
  ///   - block: sends the events to the subscriber it receives.
  /// - Returns: a lazily started, replaying signal.
  public static func startLazily(
    on scheduler: any Scheduler, _ block: @escaping @Sendable (Subscriber<Value>) -> Void
  ) -> Signal<Value> {
    Signal { subscriber in
      block(subscriber)
      return nil
    }.subscribe(on: scheduler).replayLazily()
  }

  /// Runs `block` once, on `scheduler`, right away, and replays its events
  /// to every subscriber. RAC `+startEagerlyWithScheduler:block:`.
  ///
  /// - Parameters:
  ///   - scheduler: where `block` runs.
  ///   - block: sends the events to the subscriber it receives.
  /// - Returns: an eagerly started, replaying signal.
  public static func startEagerly(
    on scheduler: any Scheduler, _ block: @escaping @Sendable (Subscriber<Value>) -> Void
  ) -> Signal<Value> {
    let signal = startLazily(on: scheduler, block)
    signal.subscribe()
    return signal
  }
}
