// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

internal import LazySeq

extension Signal where Value: Sendable {
  /// Shares one subscription of this signal among all current subscribers,
  /// subscribing on the first and disposing it when the last one leaves.
  ///
  /// The first subscriber subscribes to this signal; later subscribers join
  /// that subscription and first receive the last `count` values it sent.
  /// When the last subscriber leaves (disposes or terminates), the shared
  /// subscription is disposed at once, even while a synchronous source is
  /// still sending (`Signal(Seq.iterate(0) { $0 + 1 }).share().take(3)`
  /// evaluates three elements), and the next subscriber subscribes afresh
  /// (reconnects), with an empty replay buffer. An error or a completion
  /// reaches every current subscriber and ends the shared subscription too:
  /// the next subscriber reconnects. RAC's `-multicast:` with
  /// `-autoconnect` never reconnects; swift-async-algorithms `share`,
  /// RxSwift `share(replay:scope:)`.
  ///
  /// ```swift
  /// let scheduler = TestScheduler()
  /// let ticks = Signal<Int> { subscriber in
  ///   print("subscribed")
  ///   let count = Mutex(0)  // Synchronization: the action is @Sendable
  ///   return scheduler.schedule(after: .seconds(1), repeatingEvery: .seconds(1)) {
  ///     subscriber.sendNext(count.withLock { count in
  ///       count += 1
  ///       return count
  ///     })
  ///   }
  /// }.share(replay: 1)
  /// let first = ticks.subscribe(next: { print("first", $0) })  // subscribed
  /// scheduler.advance(by: .seconds(2))  // first 1, first 2
  /// let second = ticks.subscribe(next: { print("second", $0) })  // second 2
  /// scheduler.advance(by: .seconds(1))  // first 3, second 3
  /// first.dispose()
  /// second.dispose()  // the shared subscription is disposed
  /// ticks.subscribe(next: { print("third", $0) })  // subscribed
  /// scheduler.advance(by: .seconds(1))  // third 1
  /// ```
  ///
  /// - Parameter count: how many of the latest values a late subscriber
  ///   receives first; `0` (the default) replays nothing. Must not be
  ///   negative.
  /// - Returns: a signal that shares one subscription of this one while
  ///   anyone is subscribed.
  /// - Complexity: O(`count`) memory per shared subscription; O(`count`)
  ///   to join one.
  public func share(replay count: Int = 0) -> Signal<Value> {
    precondition(
      count >= 0, argumentMessage("Signal.share(replay:)", "the count must not be negative", got: count))
    let share = Operators.Share(source: self, replay: count)
    return Signal { downstream in share.join(downstream) }
  }
}

extension Operators {
  /// The state of one `share(replay:)` result: the current shared
  /// subscription, if anyone is subscribed.
  ///
  /// The connection is only bookkeeping (it decides nothing that is sent):
  /// the values reach the subscribers through the connection's subject,
  /// whose gate serializes them.
  final class Share<Value: Sendable>: Sendable {
    /// One shared subscription of the source.
    private final class Connection: Sendable {
      let subject: Subject<Value>
      let upstream = Lifetime()

      init(replay count: Int) {
        subject = count == 0 ? Subject() : ReplaySubject(capacity: count)
      }
    }

    private struct State {
      var connection: Connection?
      var subscribers = 0
    }

    private let source: Signal<Value>
    private let replay: Int
    private let state = Locked(State())

    init(source: Signal<Value>, replay: Int) {
      self.source = source
      self.replay = replay
    }

    /// Joins the current connection, or makes one and connects it.
    func join(_ downstream: Subscriber<Value>) -> (any Disposable)? {
      let (connection, isNew) = state.withLock { state -> (Connection, Bool) in
        state.subscribers += 1
        if let connection = state.connection { return (connection, false) }
        let connection = Connection(replay: replay)
        state.connection = connection
        return (connection, true)
      }
      // Joined before connecting: the first subscriber misses nothing.
      connection.subject.signal.run(downstream)
      // Registered before connecting too: when the last subscriber leaves
      // while a synchronous source is still sending (`share().take(3)`), the
      // source is disposed at once, not after it has sent everything.
      downstream.lifetime.add(AnyDisposable { [self] in leave(connection) })
      if isNew {
        source.observe(
          connection.upstream,
          next: { connection.subject.sendNext($0) },
          error: { [self] error in
            end(connection)
            connection.subject.sendError(error)
          },
          completed: { [self] in
            end(connection)
            connection.subject.sendCompleted()
          })
      }
      return nil
    }

    /// A subscriber leaves; the last one disposes the connection.
    private func leave(_ connection: Connection) {
      let last = state.withLock { state -> Bool in
        guard state.connection === connection else { return false }
        state.subscribers -= 1
        guard state.subscribers == 0 else { return false }
        state.connection = nil
        return true
      }
      if last { connection.upstream.dispose() }
    }

    /// The source ended: the next subscriber reconnects.
    private func end(_ connection: Connection) {
      state.withLock { state in
        guard state.connection === connection else { return }
        state.connection = nil
        state.subscribers = 0
      }
    }
  }
}
