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
// @unchecked: all mutable state is touched only inside `gate` (see `Gate`),
// except `current`, which has its own lock.
public class Subject<Value>: @unchecked Sendable {
  /// One subscriber of the subject.
  @usableFromInline
  struct Entry {
    @usableFromInline let lifetime: Lifetime
    @usableFromInline let sink: Sink<Value>

    @inlinable
    init(lifetime: Lifetime, sink: Sink<Value>) {
      self.lifetime = lifetime
      self.sink = sink
    }
  }

  /// The serialization point of sends and new subscriptions.
  @usableFromInline let gate = Gate()
  /// The current subscribers, in subscription order.
  @usableFromInline @exclusivity(unchecked) var entries: [Entry] = []
  /// How many values to replay (0 for a plain subject).
  @usableFromInline let capacity: Int
  /// The values to replay, oldest first.
  @usableFromInline @exclusivity(unchecked) var buffer: [Value] = []
  /// The terminal event, once sent.
  @usableFromInline @exclusivity(unchecked) var terminal: Completion?
  /// The latest value, readable without entering the gate (behavior
  /// subjects only).
  let current: Locked<Value?>?
  /// The subscriptions that feed this subject through ``subscriber``; they
  /// are disposed when the subject terminates.
  let feeders = Lifetime()

  /// Creates a subject with no subscribers.
  public convenience init() {
    self.init(capacity: 0)
  }

  init(capacity: Int, initial: Value? = nil) {
    precondition(capacity >= 0, "ReplaySubject: the capacity must not be negative, got \(capacity)")
    self.capacity = capacity
    if let initial {
      buffer = [initial]
      current = Locked(initial)
    } else {
      current = nil
    }
  }

  /// Sends a value to every current subscriber.
  ///
  /// - Parameter value: the value.
  @inlinable
  public final func sendNext(_ value: Value) {
    if !gate.enter({ deliverNext(value) }, maintain: { dropEnded() }) {
      gate.enqueue { [self] in deliverNext(value) }
    }
  }

  /// Fails: every current and future subscriber receives `error`.
  ///
  /// - Parameter error: the failure.
  public final func sendError(_ error: any Error) { sendEnd(.failed(error)) }

  /// Completes: every current and future subscriber receives completion.
  public final func sendCompleted() { sendEnd(.completed) }

  /// Sends `event`; equivalent to the matching `send…` method.
  ///
  /// - Parameter event: the event.
  @inlinable
  public final func send(_ event: Event<Value>) {
    switch event {
    case .next(let value): sendNext(value)
    case .error(let error): sendError(error)
    case .completed: sendCompleted()
    }
  }

  /// The subject's events, from the moment of subscription.
  public final var signal: Signal<Value> {
    Signal(attach: { [self] sink, lifetime in attach(sink, lifetime) })
  }

  /// A subscriber that forwards everything it receives to this subject.
  ///
  /// Use it to subscribe the subject to a signal:
  /// `source.subscribe(subject.subscriber)`. When the subject terminates
  /// (by this subscriber or otherwise), the subscriptions feeding it
  /// through this subscriber are disposed.
  public final var subscriber: Subscriber<Value> {
    Subscriber(
      sink: Sink(
        next: { [self] in sendNext($0) },
        end: { [self] in sendEnd($0) }),
      lifetime: feeders.makeChild())
  }

  /// Delivers a value to every live subscriber; runs inside the gate.
  @inlinable
  final func deliverNext(_ value: Value) {
    guard terminal == nil else { return }
    if capacity > 0 { remember(value) }
    // No subscription is added or removed during the loop: both happen
    // inside the gate, after the current event.
    entries.withUnsafeBufferPointer { entries in
      for index in entries.indices where !entries[index].lifetime.isDisposed {
        entries[index].sink.next(value)
      }
    }
  }

  @usableFromInline
  final func remember(_ value: Value) {
    current?.withLock { $0 = value }
    buffer.append(value)
    if buffer.count > capacity { buffer.removeFirst(buffer.count - capacity) }
  }

  @usableFromInline
  final func sendEnd(_ completion: Completion) {
    if !gate.enter({ deliverEnd(completion) }, maintain: { dropEnded() }) {
      gate.enqueue { [self] in deliverEnd(completion) }
    }
  }

  /// Delivers the terminal event to every subscriber (resources first, then
  /// the callback) and forgets them; runs inside the gate.
  final func deliverEnd(_ completion: Completion) {
    guard terminal == nil else { return }
    terminal = completion
    let targets = entries
    entries = []
    for entry in targets where !entry.lifetime.isDisposed {
      entry.lifetime.dispose()
      entry.sink.end(completion)
    }
    feeders.dispose()
  }

  /// Subscribes `sink`: replays the buffer (and the terminal event), then
  /// adds it to the live subscribers, all inside the gate so nothing is lost
  /// or reordered in between.
  final func attach(_ sink: Sink<Value>, _ lifetime: Lifetime) {
    if !gate.enter({ attachInside(sink, lifetime) }, maintain: { dropEnded() }) {
      gate.enqueue { [self] in attachInside(sink, lifetime) }
    }
  }

  private final func attachInside(_ sink: Sink<Value>, _ lifetime: Lifetime) {
    for value in buffer {
      if lifetime.isDisposed { return }
      sink.next(value)
    }
    guard !lifetime.isDisposed else { return }
    if let terminal {
      lifetime.dispose()
      sink.end(terminal)
      return
    }
    entries.append(Entry(lifetime: lifetime, sink: sink))
    lifetime.add(.observer(self))
  }

  /// Maintenance: forgets the subscribers whose lifetime has ended.
  @usableFromInline
  final func dropEnded() {
    entries.removeAll { $0.lifetime.isDisposed }
  }
}

extension Subject: LifetimeObserver {
  @usableFromInline
  final func lifetimeEnded() {
    gate.requestMaintenance { dropEnded() }
  }
}
