// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

/// A shared subscription of a source signal to a subject. RAC
/// `RACMulticastConnection`.
///
/// Subscribe to ``signal`` as often as you like; the source runs only once,
/// when you ``connect()``. The connection subscribes at most once in its
/// lifetime: once disposed it never reconnects.
///
/// ```swift
/// let runs = Mutex(0)  // Synchronization: a @Sendable closure cannot mutate a `var`
/// let source = Signal<Int> { subscriber in
///   let run = runs.withLock { count in
///     count += 1
///     return count
///   }
///   subscriber.sendNext(run)
///   return nil
/// }
/// let connection = source.publish()
/// connection.signal.subscribe(next: { print("a", $0) })
/// connection.signal.subscribe(next: { print("b", $0) })
/// connection.connect()            // a 1, b 1
/// print(runs.withLock { $0 })     // 1
/// ```
public final class MulticastConnection<Value> {
  private struct State {
    var connected = false
    var subscriberCount = 0
  }

  private let source: Signal<Value>
  private let subject: Subject<Value>
  private let serial = SerialDisposable()
  private let state = Locked(State())

  init(source: Signal<Value>, subject: Subject<Value>) {
    self.source = source
    self.subject = subject
  }

  /// The subject's signal: subscribe to receive the shared events.
  public var signal: Signal<Value> { subject.signal }

  /// Subscribes the subject to the source, the first time only.
  ///
  /// Every call returns the same disposable; disposing it ends the shared
  /// subscription for good (later calls do not reconnect).
  ///
  /// - Returns: the disposable of the shared subscription.
  @discardableResult
  public func connect() -> any Disposable {
    let first = state.withLock { state -> Bool in
      defer { state.connected = true }
      return !state.connected
    }
    if first {
      // The subscription's lifetime is in place before a synchronous source
      // runs, so disposing the connection stops it at once.
      let subscription = Lifetime()
      serial.inner = subscription
      let subject = self.subject
      source.observe(
        subscription,
        next: { subject.sendNext($0) },
        error: { subject.sendError($0) },
        completed: { subject.sendCompleted() })
    }
    return serial
  }

  /// A signal that connects on its first subscription and disposes the
  /// connection when its subscriber count drops back to zero.
  ///
  /// The connection is disposed at once, even while a synchronous source is
  /// still sending: `publish().autoconnect().take(3)` over an endless
  /// sequence stops after three values.
  ///
  /// After that the connection stays disposed: later subscribers see only
  /// what the subject still holds (a replay subject's values and terminal).
  ///
  /// - Returns: the auto-connecting signal.
  public func autoconnect() -> Signal<Value> {
    let connection = Unchecked(self)
    return Signal { subscriber in
      let `self` = connection.value
      self.state.withLock { $0.subscriberCount += 1 }
      let subscription = self.subject.signal.subscribe(subscriber)
      // Registered before connecting: when the last subscriber leaves while
      // a synchronous source is still sending (`autoconnect().take(3)`),
      // the connection is disposed at once.
      subscriber.lifetime.add(
        CompoundDisposable([
          subscription,
          AnyDisposable {
            let `self` = connection.value
            let last = self.state.withLock { state -> Bool in
              state.subscriberCount -= 1
              return state.subscriberCount == 0
            }
            if last { self.serial.dispose() }
          },
        ]))
      self.connect()
      return nil
    }
  }
}

// Checked by the compiler: every stored property is Sendable when `Value` is.
extension MulticastConnection: Sendable where Value: Sendable {}
