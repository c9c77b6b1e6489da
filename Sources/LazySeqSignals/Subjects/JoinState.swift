// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

/// How subscribers join a subject, as one state machine: a plain value,
/// kept under the subject's lock (``SubscriberList/withJoins(_:)``) and
/// tested alone, without threads.
///
/// A subscriber joins without waiting for a delivery in progress, and goes
/// through these states:
///
/// - **replaying**: it has copied the subject's replay (a replay subject's
///   buffer, a property's value) and is being sent it outside the lock; what
///   the subject commits meanwhile waits in its mailbox. When it finds its
///   mailbox empty it has **caught up** and is ready.
/// - **ready**: nothing waits for it; the next delivery **admits** it, so it
///   receives that event and every later one.
/// - **live**: among the subject's live subscribers, which belong to the
///   gate, not to this state: deliveries read them without the lock.
/// - a subscriber that arrives after the **end** is not registered: it is
///   handed the terminal event. At the end the ready ones are taken to be
///   ended with the live ones; the replaying ones stay to receive the end
///   from their mailbox, then **leave**.
///
/// Every transition is a method here, and the subject publishes
/// ``isJoining`` after each (one atomic load tells a delivery whether it
/// needs the lock at all).
struct JoinState {
  /// Subscribers waiting for the next delivery to admit them, in the order
  /// they became ready.
  private(set) var ready: ContiguousArray<SubscriberEntry> = []
  /// Subscribers being sent their replay; events committed meanwhile wait
  /// in their mailbox.
  private(set) var replaying: ContiguousArray<SubscriberEntry> = []
  /// The subject's terminal event, once it has ended.
  private(set) var terminal: Completion?

  /// Whether a delivery has anything to do here: a subscriber is ready or
  /// being replayed to.
  var isJoining: Bool { !ready.isEmpty || !replaying.isEmpty }

  /// A subscriber arrives, to be replayed to (`replaying`) or ready at once.
  /// After the end it is not registered: returns the terminal event.
  mutating func join(_ entry: SubscriberEntry, replaying isReplaying: Bool) -> Completion? {
    if let terminal { return terminal }
    if isReplaying { replaying.append(entry) } else { ready.append(entry) }
    return nil
  }

  /// A delivery is about to start: the ready subscribers become live
  /// (appended to `live`, in order). Both arrays keep their storage.
  mutating func admitReady(into live: inout ContiguousArray<SubscriberEntry>) {
    if live.isEmpty {
      swap(&live, &ready)
    } else if !ready.isEmpty {
      live.append(contentsOf: ready)
      ready.removeAll(keepingCapacity: true)
    }
  }

  /// Takes the ready subscribers, to be admitted later (a change committed
  /// inside a delivery is told after it, and so are they).
  mutating func takeReady() -> ContiguousArray<SubscriberEntry> {
    guard !ready.isEmpty else { return [] }
    defer { ready = [] }
    return ready
  }

  /// A replayed subscriber found its mailbox empty: it is ready.
  mutating func caughtUp(_ entry: SubscriberEntry) {
    Self.remove(entry, from: &replaying)
    ready.append(entry)
  }

  /// A subscriber being replayed to leaves: disposed during its replay, or
  /// ended by the end in its mailbox.
  mutating func leave(_ entry: SubscriberEntry) {
    Self.remove(entry, from: &replaying)
  }

  /// The subject ends with `completion`. Returns the ready subscribers, to be
  /// ended with the live ones; `nil` if it had already ended (nothing to
  /// do). The replaying subscribers stay until they leave.
  mutating func end(_ completion: Completion) -> ContiguousArray<SubscriberEntry>? {
    guard terminal == nil else { return nil }
    terminal = completion
    return takeReady()
  }

  /// Forgets the ready subscribers whose lifetime has ended, keeping the
  /// order of the others.
  mutating func dropEnded() {
    Self.dropEnded(from: &ready)
  }

  /// Takes every subscriber still joining (the subject is gone).
  mutating func takeAll() -> ContiguousArray<SubscriberEntry> {
    var all = takeReady()
    all.append(contentsOf: replaying)
    replaying = []
    return all
  }

  private static func remove(_ entry: SubscriberEntry, from entries: inout ContiguousArray<SubscriberEntry>) {
    if let index = entries.firstIndex(where: { $0 === entry }) { entries.remove(at: index) }
  }

  /// Removes the entries whose lifetime has ended, keeping the order of the
  /// others and the array's storage (a loop of swaps and `removeLast`:
  /// `removeAll(where:)` costs about 120 instructions more per call here).
  static func dropEnded(from entries: inout ContiguousArray<SubscriberEntry>) {
    var kept = 0
    for index in entries.indices where !entries[index].lifetime.isDisposed {
      if kept != index { entries.swapAt(kept, index) }
      kept += 1
    }
    while entries.count > kept { entries.removeLast() }
  }
}
