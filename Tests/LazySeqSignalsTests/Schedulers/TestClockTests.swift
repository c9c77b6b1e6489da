// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// TestScheduler.clock and the async advance(by:): async code that sleeps on
// the clock runs in virtual time, deterministically, with no real sleep.

import LazySeqSignals
import LazySeqTestSupport
import Testing

/// The search box: a debounced query, an async search that takes half a
/// second of (virtual) time, only the latest query's results.
private func searchBox(_ scheduler: TestScheduler, _ query: Signal<String>) -> Signal<[String]> {
  let clock = scheduler.clock
  @Sendable func search(_ text: String) async throws -> [String] {
    try await clock.sleep(for: .milliseconds(500))
    return [text + ".swift", text + ".md"]
  }
  return
    query
    .debounce(.milliseconds(300), on: scheduler)
    .map { text in Signal(operation: { try await search(text) }) }
    .switchToLatest()
}

/// One run of the search box, returning each result with its virtual time.
private func runSearchBox() async -> [String] {
  let scheduler = TestScheduler()
  let query = Subject<String>()
  let results = Guarded<[String]>([])
  let subscription = searchBox(scheduler, query.signal)
    .subscribe(next: { found in results.mutate { $0.append("\(found)@\(scheduler.now)") } })
  defer { subscription.dispose() }
  query.sendNext("s")
  await scheduler.advance(by: .milliseconds(100))
  query.sendNext("sw")
  await scheduler.advance(by: .milliseconds(300))  // 0.4 s: searching "sw" until 0.9 s
  query.sendNext("swi")
  await scheduler.advance(by: .milliseconds(400))  // 0.7 s: "swi" replaces "sw"
  await scheduler.advance(by: .milliseconds(400))  // 1.2 s: "swi" found
  query.sendNext("swift")
  await scheduler.advance(by: .seconds(1))  // 1.5 s: searching; 2.0 s: found
  return results.value
}

/// Work that is not on the clock: an actor hop per call.
private actor HopCounter {
  var count = 0
  func increment() { count += 1 }
}

@Suite struct TestClockTests {
  @Test func aSleepEndsWhenVirtualTimeReachesItsDeadline() async throws {
    let scheduler = TestScheduler()
    let clock = scheduler.clock
    let woke = Guarded<[Duration]>([])
    let sleeper = Signal<Int>(operation: {
      try await clock.sleep(for: .seconds(5))
      woke.mutate { $0.append(clock.now.offset) }
      try await clock.sleep(for: .seconds(1))
      woke.mutate { $0.append(clock.now.offset) }
      return 2
    })
    // Started from one of the scheduler's actions, so the async `advance`
    // waits for the task exactly (a bare `Task` gets only a quiet period).
    let recorder = Recorder<Int>()
    scheduler.schedule { recorder.subscribe(to: sleeper) }
    await scheduler.advance(by: .seconds(4))
    #expect(woke.value == [])
    await scheduler.advance(by: .seconds(1))
    #expect(woke.value == [.seconds(5)])
    await scheduler.advance(by: .seconds(10))
    #expect(woke.value == [.seconds(5), .seconds(6)])
    #expect(recorder.recorded == [.next(2), .completed])
  }

  @Test func aPastDeadlineReturnsAtOnce() async throws {
    let scheduler = TestScheduler()
    await scheduler.advance(by: .seconds(2))
    let clock = scheduler.clock
    try await clock.sleep(until: clock.now.advanced(by: .seconds(-1)))
    #expect(scheduler.pendingCount == 0)
  }

  @Test func cancellingASleepThrowsAndDropsItsAction() async {
    let scheduler = TestScheduler()
    let clock = scheduler.clock
    let task = Task { try await clock.sleep(for: .seconds(1)) }
    await scheduler.advance(by: .zero)
    task.cancel()
    let result = await task.result
    #expect(throws: CancellationError.self) { try result.get() }
    await scheduler.advance(by: .seconds(2))
  }

  @Test func anAsyncOperationSignalRunsInVirtualTime() async {
    let scheduler = TestScheduler()
    let answer = Signal(operation: {
      try await scheduler.clock.sleep(for: .seconds(1))
      return 42
    })
    // Subscribed from an action, so the async `advance` waits for the task.
    let recorder = Recorder<Int>()
    scheduler.schedule { recorder.subscribe(to: answer) }
    await scheduler.advance(by: .milliseconds(999))
    #expect(recorder.recorded == [])
    await scheduler.advance(by: .milliseconds(1))
    #expect(recorder.recorded == [.next(42), .completed])
  }

  /// An operation started from an action is waited for after each wake,
  /// however long it takes before it sleeps again: one `advance` covering
  /// both sleeps delivers at exactly the sum.
  @Test func aTrackedTaskIsWaitedForUntilItSleepsAgain() async {
    let actor = HopCounter()
    for run in 0..<100 {
      let scheduler = TestScheduler()
      let clock = scheduler.clock
      let delivered = Guarded<[String]>([])
      let subscription = Signal.just(())
        .delay(.seconds(1), on: scheduler)
        .flatMap { _ in
          Signal(operation: {
            try await clock.sleep(for: .seconds(1))
            for _ in 0..<10 { await actor.increment() }  // busy, not on the clock
            try await clock.sleep(for: .seconds(1))
            return "done"
          })
        }
        .subscribe(next: { value in delivered.mutate { $0.append("\(value)@\(scheduler.now)") } })
      await scheduler.advance(by: .seconds(5))
      subscription.dispose()
      #expect(delivered.value == ["done@3.0 seconds"], "run \(run)")
      if delivered.value != ["done@3.0 seconds"] { break }
    }
  }

  @Test @MainActor func theSearchBoxWithAMainActorSubscriberIsDeterministic() async {
    // Written on the main actor, the subscriber's callback is delivered
    // there through its mailbox: advance waits for that delivery too.
    await runMainActorSearchBox(hoppingFirst: false)
  }

  @Test @MainActor func theSearchBoxDeliveredOnTheMainThreadIsDeterministic() async {
    // deliverOnMainThread() queues through the same mailbox as a
    // main-actor callback: advance waits for that delivery too.
    await runMainActorSearchBox(hoppingFirst: true)
  }

  /// The search box with a subscriber written on the main actor, a hundred
  /// times, through `deliverOnMainThread()` first or not.
  @MainActor private func runMainActorSearchBox(hoppingFirst: Bool) async {
    let expected = ["[\"swi.swift\", \"swi.md\"]@1.2 seconds", "[\"swift.swift\", \"swift.md\"]@2.0 seconds"]
    for run in 0..<100 {
      let scheduler = TestScheduler()
      let query = Subject<String>()
      var results: [String] = []
      let found = searchBox(scheduler, query.signal)
      let subscription: any Disposable
      if hoppingFirst {
        subscription = found.deliverOnMainThread()
          .subscribe(next: { results.append("\($0)@\(scheduler.now)") })
      } else {
        subscription = found.subscribe(next: { results.append("\($0)@\(scheduler.now)") })
      }
      query.sendNext("sw")
      await scheduler.advance(by: .milliseconds(400))
      query.sendNext("swi")
      await scheduler.advance(by: .milliseconds(400))
      await scheduler.advance(by: .milliseconds(400))
      query.sendNext("swift")
      await scheduler.advance(by: .seconds(1))
      subscription.dispose()
      #expect(results == expected, "run \(run)")
      if results != expected { break }
    }
  }

  @Test func theSearchBoxRunsDeterministicallyAThousandTimes() async {
    let expected = ["[\"swi.swift\", \"swi.md\"]@1.2 seconds", "[\"swift.swift\", \"swift.md\"]@2.0 seconds"]
    for run in 0..<1000 {
      let results = await runSearchBox()
      #expect(results == expected, "run \(run)")
      if results != expected { break }
    }
  }
}
