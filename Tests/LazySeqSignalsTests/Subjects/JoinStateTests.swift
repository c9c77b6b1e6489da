// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

import Testing

@testable import LazySeqSignals

/// How subscribers join a subject, as a state machine alone: no threads, no
/// gate, no lock.
@Suite struct JoinStateTests {
  private func entry() -> SubscriberEntry { SubscriberEntry(lifetime: Lifetime()) }

  private func isCompleted(_ completion: Completion?) -> Bool {
    if case .completed? = completion { return true }
    return false
  }

  @Test("A subscriber with nothing to replay is ready, and the next delivery admits it")
  func readyThenAdmitted() {
    var state = JoinState()
    #expect(!state.isJoining)
    let first = entry()
    let second = entry()
    #expect(state.join(first, replaying: false) == nil)
    #expect(state.join(second, replaying: false) == nil)
    #expect(state.isJoining)
    var live: ContiguousArray<SubscriberEntry> = []
    state.admitReady(into: &live)
    #expect(live.map(ObjectIdentifier.init) == [first, second].map(ObjectIdentifier.init))
    #expect(state.ready.isEmpty)
    #expect(!state.isJoining)
  }

  @Test("Admitted subscribers follow the live ones, in the order they became ready")
  func admittedAfterLive() {
    var state = JoinState()
    let old = entry()
    let new = entry()
    var live: ContiguousArray<SubscriberEntry> = [old]
    _ = state.join(new, replaying: false)
    state.admitReady(into: &live)
    #expect(live.map(ObjectIdentifier.init) == [old, new].map(ObjectIdentifier.init))
  }

  @Test("A subscriber being replayed to is not admitted until it has caught up")
  func replayingWaitsUntilCaughtUp() {
    var state = JoinState()
    let joining = entry()
    _ = state.join(joining, replaying: true)
    var live: ContiguousArray<SubscriberEntry> = []
    state.admitReady(into: &live)
    #expect(live.isEmpty)
    #expect(state.isJoining)  // deliveries keep feeding its mailbox
    #expect(state.replaying.count == 1)
    state.caughtUp(joining)
    #expect(state.replaying.isEmpty)
    #expect(state.ready.count == 1)
    state.admitReady(into: &live)
    #expect(live.count == 1 && live[0] === joining)
    #expect(!state.isJoining)
  }

  @Test("A change told later takes the ready subscribers with it")
  func takeReadyForALaterDelivery() {
    var state = JoinState()
    let joining = entry()
    _ = state.join(joining, replaying: false)
    let taken = state.takeReady()
    #expect(taken.count == 1 && taken[0] === joining)
    #expect(!state.isJoining)
    #expect(state.takeReady().isEmpty)
  }

  @Test("After the end a subscriber is handed the terminal event and not registered")
  func joinAfterEnd() {
    var state = JoinState()
    #expect(state.end(.completed) != nil)
    #expect(isCompleted(state.join(entry(), replaying: false)))
    #expect(isCompleted(state.join(entry(), replaying: true)))
    #expect(!state.isJoining)
  }

  @Test("The end takes the ready subscribers, keeps those being replayed to, and happens once")
  func endOnce() {
    var state = JoinState()
    let ready = entry()
    let replaying = entry()
    _ = state.join(ready, replaying: false)
    _ = state.join(replaying, replaying: true)
    let ended = state.end(.failed(TestFailure()))
    #expect(ended?.count == 1 && ended?[0] === ready)
    #expect(state.replaying.count == 1)  // it receives the end from its mailbox
    #expect(state.end(.completed) == nil)
    if case .failed? = state.terminal {} else { Issue.record("the first end stays") }
    state.leave(replaying)
    #expect(!state.isJoining)
  }

  @Test("A subscriber disposed during its replay leaves; the others stay")
  func leave() {
    var state = JoinState()
    let first = entry()
    let second = entry()
    _ = state.join(first, replaying: true)
    _ = state.join(second, replaying: true)
    state.leave(first)
    #expect(state.replaying.count == 1 && state.replaying[0] === second)
    state.leave(first)  // leaving twice changes nothing
    #expect(state.replaying.count == 1)
  }

  @Test("Ready subscribers whose lifetime has ended are dropped, the order of the others kept")
  func dropEnded() {
    var state = JoinState()
    let entries = (0..<5).map { _ in entry() }
    for entry in entries { _ = state.join(entry, replaying: false) }
    entries[1].lifetime.dispose()
    entries[3].lifetime.dispose()
    state.dropEnded()
    let kept = [entries[0], entries[2], entries[4]].map(ObjectIdentifier.init)
    #expect(state.ready.map(ObjectIdentifier.init) == kept)
    entries[0].lifetime.dispose()
    entries[2].lifetime.dispose()
    entries[4].lifetime.dispose()
    state.dropEnded()
    #expect(!state.isJoining)
  }

  @Test("When the subject goes, every joining subscriber is taken")
  func takeAll() {
    var state = JoinState()
    _ = state.join(entry(), replaying: false)
    _ = state.join(entry(), replaying: true)
    #expect(state.takeAll().count == 2)
    #expect(!state.isJoining)
  }

  private struct TestFailure: Error {}
}
