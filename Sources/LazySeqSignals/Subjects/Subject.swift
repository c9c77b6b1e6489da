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
public class Subject<Value> {
  /// The gate, the subscribers and the terminal event: not generic.
  @usableFromInline let list = SubscriberList()
  /// How many values to replay (0 for a plain subject).
  @usableFromInline let capacity: Int
  /// The values to replay, oldest first; touched only inside the gate.
  @usableFromInline @exclusivity(unchecked) var buffer: [Value] = []
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
    if !list.gate.enter({ deliverNext(value) }, maintain: { list.dropEnded() }) {
      list.gate.enqueue { [self] in deliverNext(value) }
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
  @inlinable
  public final var signal: Signal<Value> {
    let subject = Unchecked(self)
    return Signal(attach: { sink, lifetime in subject.value.attach(sink, lifetime) })
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
    guard !list.isTerminated else { return }
    if capacity > 0 { remember(value) }
    // No subscription is added or removed during the loop: both happen
    // inside the gate, after the current event.
    // The list keeps every entry alive for the whole loop, so the entries
    // are borrowed without retaining them.
    list.entries.withUnsafeBufferPointer { entries in
      for index in entries.indices {
        Unmanaged.passUnretained(entries[index])._withUnsafeGuaranteedRef { entry in
          guard !entry.lifetime.isDisposed else { return }
          unsafeDowncast(entry, to: SinkEntry<Value>.self).sink.next(value)
        }
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
    if !list.gate.enter({ deliverEnd(completion) }, maintain: { list.dropEnded() }) {
      list.gate.enqueue { [self] in deliverEnd(completion) }
    }
  }

  /// Delivers the terminal event to every subscriber (resources first, then
  /// the callback) and forgets them; runs inside the gate.
  final func deliverEnd(_ completion: Completion) {
    guard let targets = list.terminate(completion) else { return }
    for entry in targets where !entry.lifetime.isDisposed {
      entry.lifetime.dispose()
      unsafeDowncast(entry, to: SinkEntry<Value>.self).sink.end(completion)
    }
    feeders.dispose()
  }

  /// Subscribes `sink`: replays the buffer (and the terminal event), then
  /// adds it to the live subscribers, all inside the gate so nothing is lost
  /// or reordered in between.
  @inlinable
  final func attach(_ sink: Sink<Value>, _ lifetime: Lifetime) {
    if !list.gate.enter({ attachInside(sink, lifetime) }, maintain: { list.dropEnded() }) {
      list.gate.enqueue { [self] in attachInside(sink, lifetime) }
    }
  }

  @inlinable
  final func attachInside(_ sink: Sink<Value>, _ lifetime: Lifetime) {
    if capacity > 0 {
      for value in buffer {
        if lifetime.isDisposed { return }
        sink.next(value)
      }
    }
    guard !lifetime.isDisposed else { return }
    if let terminal = list.terminal {
      lifetime.dispose()
      sink.end(terminal)
      return
    }
    list.add(SinkEntry(lifetime: lifetime, sink: sink))
  }
}

/// The non-generic bookkeeping of a subject: its gate, its subscribers and
/// its terminal event. Entries and the terminal are touched only inside the
/// gate.
// @unchecked: all mutable state is touched only inside `gate` (see `Gate`),
// except `current`, which has its own lock.
extension Subject: @unchecked Sendable where Value: Sendable {}

@usableFromInline
final class SubscriberList: @unchecked Sendable {
  @usableFromInline let gate = Gate()
  @usableFromInline @exclusivity(unchecked) var entries: ContiguousArray<SubscriberEntry> = []
  @usableFromInline @exclusivity(unchecked) var isTerminated = false
  @usableFromInline @exclusivity(unchecked) var terminal: Completion?

  @usableFromInline
  init() {}

  /// A dropped subject can never send again: its subscriptions end (their
  /// resources are disposed, their callbacks released), so nothing leaks.
  deinit {
    for entry in entries { entry.lifetime.dispose() }
  }

  /// Adds a live subscriber; it asks for its removal when its lifetime ends.
  @usableFromInline
  func add(_ entry: SubscriberEntry) {
    entries.append(entry)
    entry.list = self
    entry.lifetime.add(.observer(entry))
  }

  /// Records the terminal event; returns the subscribers to end, or `nil`
  /// if the subject had already terminated.
  func terminate(_ completion: Completion) -> ContiguousArray<SubscriberEntry>? {
    guard !isTerminated else { return nil }
    isTerminated = true
    terminal = completion
    defer { entries = [] }
    return entries
  }

  /// Maintenance: forgets the subscribers whose lifetime has ended.
  @usableFromInline
  func dropEnded() {
    entries.removeAll { $0.lifetime.isDisposed }
  }
}

/// One subscriber of a subject, as the non-generic list sees it.
@usableFromInline
class SubscriberEntry: LifetimeObserver, @unchecked Sendable {
  // @unchecked: `list` is set once, inside the gate, before the entry is
  // registered with its lifetime.
  @usableFromInline let lifetime: Lifetime
  /// Weak: a dropped subject frees its subscriber list.
  weak var list: SubscriberList?

  @usableFromInline
  init(lifetime: Lifetime) {
    self.lifetime = lifetime
  }

  @usableFromInline
  func lifetimeEnded() {
    guard let list else { return }
    list.gate.requestMaintenance { list.dropEnded() }
  }
}

/// A subscriber of a subject with its sink.
@usableFromInline
final class SinkEntry<Value>: SubscriberEntry, @unchecked Sendable {
  @usableFromInline let sink: Sink<Value>

  @inlinable
  init(lifetime: Lifetime, sink: Sink<Value>) {
    self.sink = sink
    super.init(lifetime: lifetime)
  }
}
