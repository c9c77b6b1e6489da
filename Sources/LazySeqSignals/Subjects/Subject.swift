// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

internal import LazySeq
import Synchronization

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
/// Subscribing never waits for a delivery in progress: a new subscriber is
/// added in a short critical section and receives every event whose delivery
/// starts after that, so subscribing to a subject from inside a callback of
/// another subject, on any thread, cannot deadlock.
///
/// Subscribers are held until they are disposed or the subject terminates.
public class Subject<Value> {
  /// The gate, the subscribers and the terminal event: not generic.
  @usableFromInline let list = SubscriberList()
  /// How many values to replay (0 for a plain subject).
  @usableFromInline let capacity: Int
  /// The values to replay, oldest first, at most `capacity` of them;
  /// touched only under `list.lock` (the gate's owner writes them,
  /// subscribing threads copy them).
  @exclusivity(unchecked) var buffer: _Queue<Value>
  /// The subscriptions that feed this subject through ``subscriber``; they
  /// are disposed when the subject terminates. Made on first use (most
  /// subjects are never fed that way), under the list's lock.
  @exclusivity(unchecked) private var feedersIfMade: Lifetime?
  /// The class of this subject's subscriber entries, looked up once: a
  /// subscription made through the unspecialized `join` creates its entry
  /// from it instead of looking the generic class up each time (about 300
  /// instructions).
  let entryClass: SinkEntry<Value>.Type = SinkEntry<Value>.self

  /// Creates a subject with no subscribers.
  public convenience init() {
    self.init(capacity: 0)
  }

  init(capacity: Int, initial: Value? = nil) {
    precondition(
      capacity >= 0,
      argumentMessage("ReplaySubject.init(capacity:)", "the capacity must not be negative", got: capacity))
    self.capacity = capacity
    buffer = _Queue(maximumCount: capacity)
    if let initial { buffer.append(initial) }
  }

  /// A dropped subject can never send again: its subscriptions end (their
  /// resources are disposed, their callbacks released), so nothing leaks.
  deinit {
    list.shutDown()
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

  /// The subject's events from the moment of subscription, after what
  /// `replay` returns (called under the list's lock, once per
  /// subscription), or with no replay: a property's signal and changes.
  final func signal(replaying replay: (@Sendable () -> [Value])?) -> Signal<Value> {
    let subject = Unchecked(self)
    return Signal(attach: { sink, lifetime in
      subject.value.join(sink, lifetime, replay: replay)
    })
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
      lifetime: feeders().makeChild())
  }

  /// The lifetime of the subscriptions feeding this subject, made on first
  /// use; already disposed if the subject has terminated.
  private final func feeders() -> Lifetime {
    let (feeders, terminated) = list.lock.withLock { () -> (Lifetime, Bool) in
      if feedersIfMade == nil { feedersIfMade = Lifetime() }
      return (feedersIfMade.unsafelyUnwrapped, list.terminalLocked != nil)
    }
    if terminated { feeders.dispose() }
    return feeders
  }

  /// Delivers a value to every live subscriber; runs inside the gate.
  @inlinable
  final func deliverNext(_ value: Value) {
    guard !list.isTerminated else { return }
    // One load on the plain path: the lock is taken only to remember a
    // value for replay or when someone is joining.
    if capacity > 0 || list.hasJoiners { commitAndAdmit(value) }
    deliverToLive(value)
  }

  /// Delivers a value to the live subscribers; runs inside the gate.
  @inlinable
  final func deliverToLive(_ value: Value) {
    // No subscription is added or removed during the loop: both happen
    // inside the gate, before or after a delivery, never during one.
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

  /// Records `value` as the newest event, under the list's lock: remembers
  /// it for replay, queues it for the subscribers still being replayed to,
  /// and makes the subscribers that are ready live (they receive `value`).
  /// Runs inside the gate, between deliveries.
  ///
  /// Doing all three in one critical section is what makes a join exact: a
  /// subscriber either copied the buffer before `value` entered it and is
  /// admitted (or fed) with `value`, or copied it after and is not.
  @usableFromInline
  final func commitAndAdmit(_ value: Value) {
    // Nothing to remember and nobody to replay to: no generic work.
    if capacity == 0 { return list.admitReadyLocked() }
    list.withJoins { joins in
      remember(value)
      feed(value, to: joins.replaying)
      joins.admitReady(into: &list.entries)
    }
  }

  /// Records a property's change, under the list's lock: `store` writes
  /// the property's value (under the property's own lock, taken inside
  /// this one), the subscribers being replayed to are fed
  /// `value`, and the ready ones are admitted; or, when the change is
  /// `deferred` (nested in a delivery in progress), taken and returned, to
  /// be admitted (``admit(_:)``) when the change is delivered.
  final func commit(_ value: Value, deferred: Bool, storing store: () -> Void)
    -> ContiguousArray<SubscriberEntry>
  {
    list.withJoins { joins in
      store()
      // Nobody joining (the usual case): nothing else to do.
      guard joins.isJoining else { return [] }
      feed(value, to: joins.replaying)
      if deferred { return joins.takeReady() }
      joins.admitReady(into: &list.entries)
      return []
    }
  }

  /// Makes the subscribers taken by ``commit(_:storing:)`` live; runs
  /// inside the gate, between deliveries.
  final func admit(_ newcomers: ContiguousArray<SubscriberEntry>) {
    if !newcomers.isEmpty { list.entries.append(contentsOf: newcomers) }
  }

  /// Queues `value` for the subscribers being replayed to; under the
  /// list's lock.
  private final func feed(_ value: Value, to replaying: ContiguousArray<SubscriberEntry>) {
    for entry in replaying {
      unsafeDowncast(entry, to: SinkEntry<Value>.self).mailbox.append(value)
    }
  }

  /// Appends `value` to the replay buffer (which drops its oldest value
  /// once it holds `capacity`); under the list's lock.
  @usableFromInline
  final func remember(_ value: Value) {
    buffer.append(value)
  }

  /// The newest remembered value, if any (a behavior subject's current
  /// value). Never waits for a delivery.
  final var latest: Value? {
    list.lock.withLock { buffer.last }
  }

  @usableFromInline
  final func sendEnd(_ completion: Completion) {
    if !list.gate.enter({ deliverEnd(completion) }, maintain: { list.dropEnded() }) {
      list.gate.enqueue { [self] in deliverEnd(completion) }
    }
  }

  /// Delivers the terminal event to every subscriber (resources first, then
  /// the callback) and forgets them; runs inside the gate. Subscribers still
  /// being replayed to receive it after their replay.
  final func deliverEnd(_ completion: Completion) {
    guard
      let targets = list.terminate(
        completion,
        markReplaying: { unsafeDowncast($0, to: SinkEntry<Value>.self).mailboxEnd = completion })
    else { return }
    for entry in targets where !entry.lifetime.isDisposed {
      entry.lifetime.dispose()
      unsafeDowncast(entry, to: SinkEntry<Value>.self).sink.end(completion)
    }
    // After `terminal` is set: a lifetime made from now on is disposed
    // by `feeders()` itself.
    list.lock.withLock { feedersIfMade }?.dispose()
  }

  /// Subscribes `sink`: replays the buffer (and the terminal event), then
  /// makes it live.
  @usableFromInline
  final func attach(_ sink: Sink<Value>, _ lifetime: Lifetime) {
    if capacity > 0 {
      join(sink, lifetime, replay: { self.buffer.elements })
    } else {
      join(sink, lifetime)
    }
  }

  /// Subscribes `sink`, replaying what `replay` returns (called once,
  /// under the list's lock), or nothing.
  ///
  /// Never enters the gate, so it never waits for a delivery in progress:
  /// in one short critical section it copies the replay and registers the
  /// subscriber, then replays outside the lock, on the calling thread.
  /// Events committed meanwhile wait in the subscriber's mailbox and follow
  /// the replay; when the mailbox is found empty the subscriber is ready,
  /// and the next delivery admits it. So it receives every event once, in
  /// order, the replay first.
  final func join(_ sink: Sink<Value>, _ lifetime: Lifetime, replay: (() -> [Value])? = nil) {
    guard !lifetime.isDisposed else { return }
    let entry = entryClass.init(lifetime: lifetime, sink: sink)
    entry.list = list
    guard let replay else {
      // No replay: nothing generic happens under the lock.
      if let terminal = list.joinLive(entry) {
        lifetime.dispose()
        sink.end(terminal)
      } else {
        lifetime.add(.observer(entry))
      }
      return
    }
    let (values, terminal) = list.withJoins { joins -> ([Value], Completion?) in
      let values = replay()
      return (values, joins.join(entry, replaying: !values.isEmpty))
    }
    if let terminal {
      for value in values {
        guard !lifetime.isDisposed else { return }
        sink.next(value)
      }
      guard !lifetime.isDisposed else { return }
      lifetime.dispose()
      sink.end(terminal)
      return
    }
    lifetime.add(.observer(entry))
    if !values.isEmpty { play(values, to: entry) }
  }

  /// Delivers the replay, then whatever was committed meanwhile, until the
  /// mailbox is empty; then the subscriber is ready to go live.
  private final func play(_ replay: [Value], to entry: SinkEntry<Value>) {
    var values = replay
    var end: Completion?
    while true {
      for value in values {
        guard !entry.lifetime.isDisposed else { return list.forget(entry) }
        entry.sink.next(value)
      }
      if let end {
        guard !entry.lifetime.isDisposed else { return }
        entry.lifetime.dispose()
        entry.sink.end(end)
        return
      }
      guard !entry.lifetime.isDisposed else { return list.forget(entry) }
      let done = list.withJoins { joins -> Bool in
        if entry.mailbox.isEmpty, entry.mailboxEnd == nil {
          joins.caughtUp(entry)
          return true
        }
        values = entry.mailbox
        end = entry.mailboxEnd
        entry.mailbox = []
        entry.mailboxEnd = nil
        if end != nil { joins.leave(entry) }
        return false
      }
      if done { return }
    }
  }
}

// @unchecked: the live subscribers are touched only inside `gate` (see
// `Gate`); the replay buffer, the feeders' lifetime, the joining
// subscribers and the terminal event only under the list's `lock`.
extension Subject: @unchecked Sendable where Value: Sendable {}

/// The non-generic bookkeeping of a subject: its gate, its live
/// subscribers, and how others join it.
///
/// - `entries` (the live subscribers) and `isTerminated` belong to the
///   gate: only its owner touches them, between deliveries.
/// - `joins` (the subscribers joining, and the terminal event: see
///   ``JoinState``) is under `lock`, a short critical section that never
///   runs user code: subscribing takes it, never the gate. It changes only
///   through ``withJoins(_:)``, which publishes `joins.isJoining` to
///   `joining`, so a delivery with nobody joining takes no lock.
@usableFromInline
final class SubscriberList: @unchecked Sendable {
  @usableFromInline let gate = Gate()
  let lock = Lock()
  private let joining = Atomic<Bool>(false)
  @usableFromInline @exclusivity(unchecked) var entries: ContiguousArray<SubscriberEntry> = []
  @usableFromInline @exclusivity(unchecked) var isTerminated = false
  @exclusivity(unchecked) private var joins = JoinState()

  @usableFromInline
  init() {}

  /// Runs `body` on the join state under `lock`, then publishes whether
  /// anyone is joining.
  func withJoins<Result>(_ body: (inout JoinState) -> Result) -> Result {
    lock.withLock {
      defer { joining.store(joins.isJoining, ordering: .releasing) }
      return body(&joins)
    }
  }

  /// The terminal event, if the subject has ended; under `lock`.
  var terminalLocked: Completion? { joins.terminal }

  /// Ends every subscription (their resources are disposed, their
  /// callbacks released): the subject is gone and can never send again.
  /// Called by the subject's `deinit`. The entries hold this list strongly
  /// (see ``SubscriberEntry/list``), so it must not wait for its own
  /// `deinit`: ending the subscriptions is what lets their entries go.
  func shutDown() {
    let all = gate.run(maintain: dropEnded) { _ -> ContiguousArray<SubscriberEntry> in
      var all = entries
      entries = []
      // The ready and replaying subscribers, if any (`hasJoiners` says so:
      // nobody joins a subject that is being deinitialized).
      if hasJoiners { all.append(contentsOf: withJoins { $0.takeAll() }) }
      return all
    }
    for entry in all { entry.lifetime.dispose() }
  }

  /// Whether a subscriber is joining (one load, without the lock).
  @usableFromInline
  var hasJoiners: Bool { joining.load(ordering: .acquiring) }

  // The transitions the generic subject asks for are methods here, so
  // that their `withJoins` closures are formed in non-generic code (called
  // from `Subject` directly, they cost about 15 instructions more each).

  /// Registers a subscriber that needs no replay, unless the subject has
  /// terminated: then returns the terminal event.
  func joinLive(_ entry: SubscriberEntry) -> Completion? {
    withJoins { $0.join(entry, replaying: false) }
  }

  /// Makes the ready subscribers live, under `lock`; inside the gate,
  /// between deliveries.
  @usableFromInline
  func admitReadyLocked() {
    withJoins { $0.admitReady(into: &entries) }
  }

  /// Records the terminal event; returns the subscribers to end (live and
  /// ready), or `nil` if the subject had already ended. Inside the gate;
  /// `markReplaying` runs under `lock` on each subscriber still being
  /// replayed to.
  func terminate(
    _ completion: Completion, markReplaying: (SubscriberEntry) -> Void
  ) -> ContiguousArray<SubscriberEntry>? {
    guard
      let ready = withJoins({ joins -> ContiguousArray<SubscriberEntry>? in
        guard let ready = joins.end(completion) else { return nil }
        for entry in joins.replaying { markReplaying(entry) }
        return ready
      })
    else { return nil }
    isTerminated = true
    var targets = entries
    targets.append(contentsOf: ready)
    entries = []
    return targets
  }

  /// Forgets a subscriber disposed during its replay.
  func forget(_ entry: SubscriberEntry) {
    withJoins { $0.leave(entry) }
  }

  /// Maintenance: forgets the subscribers whose lifetime has ended.
  @usableFromInline
  func dropEnded() {
    JoinState.dropEnded(from: &entries)
    guard hasJoiners else { return }
    withJoins { $0.dropEnded() }
  }
}

/// One subscriber of a subject, as the non-generic list sees it.
@usableFromInline
class SubscriberEntry: LifetimeObserver, @unchecked Sendable {
  // @unchecked: `list` is set once, before the entry is published.
  @usableFromInline let lifetime: Lifetime
  /// Strong (a weak reference cost about 150 instructions per
  /// subscription): the cycle it makes with the list's arrays ends when the
  /// entry leaves them, at the latest when the subject goes
  /// (``SubscriberList/shutDown()``).
  var list: SubscriberList?

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

/// A subscriber of a subject with its sink, and its mailbox while it is
/// being replayed to.
@usableFromInline
final class SinkEntry<Value>: SubscriberEntry, @unchecked Sendable {
  // @unchecked: `mailbox` and `mailboxEnd` are touched only under the
  // list's lock; `sink` is called serially (by the replaying thread until
  // the entry is ready, then inside the gate).
  @usableFromInline let sink: Sink<Value>
  /// Values committed while the subscriber was being replayed to.
  var mailbox: [Value] = []
  /// The terminal event committed while it was being replayed to.
  var mailboxEnd: Completion?

  required init(lifetime: Lifetime, sink: Sink<Value>) {
    self.sink = sink
    super.init(lifetime: lifetime)
  }
}
