/// A hot signal you send to by hand: every current subscriber receives each
/// event. RAC `RACSubject`.
///
/// A subject obeys the grammar `next* (error | completed)?`: after its first
/// error or completion it ignores further events, and a later subscriber
/// receives only that terminal event. Sends from several threads are
/// delivered serially and in the same order to every subscriber; a send made
/// from inside a subscriber on the delivering thread is queued and delivered
/// after the current event.
///
/// ```swift
/// let subject = Subject<Int>()
/// subject.signal.subscribe(next: { print("a", $0) })
/// subject.sendNext(1)  // a 1
/// subject.signal.subscribe(next: { print("b", $0) })
/// subject.sendNext(2)  // a 2, b 2
/// subject.sendCompleted()
/// ```
///
/// Subscribers are held until they are disposed or the subject terminates.
// @unchecked: all state is in the internally synchronized `core`.
public class Subject<Value>: @unchecked Sendable {
  let core: SubjectCore<Value>

  /// Creates a subject with no subscribers.
  public convenience init() {
    self.init(core: SubjectCore(capacity: 0))
  }

  init(core: SubjectCore<Value>) {
    self.core = core
  }

  /// Sends a value to every current subscriber.
  ///
  /// - Parameter value: the value.
  public func sendNext(_ value: Value) { core.send(.next(value)) }

  /// Fails: every current and future subscriber receives `error`.
  ///
  /// - Parameter error: the failure.
  public func sendError(_ error: any Error) { core.send(.error(error)) }

  /// Completes: every current and future subscriber receives completion.
  public func sendCompleted() { core.send(.completed) }

  /// Sends `event`; equivalent to the matching `send…` method.
  ///
  /// - Parameter event: the event.
  public func send(_ event: Event<Value>) { core.send(event) }

  /// The subject's events, from the moment of subscription.
  public var signal: Signal<Value> { core.signal }

  /// A subscriber that forwards everything it receives to this subject.
  ///
  /// Use it to subscribe the subject to a signal:
  /// `source.subscribe(subject.subscriber)`.
  public var subscriber: Subscriber<Value> {
    Subscriber(
      next: { [core] in core.send(.next($0)) },
      error: { [core] in core.send(.error($0)) },
      completed: { [core] in core.send(.completed) })
  }
}
