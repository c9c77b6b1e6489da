// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// Signal.observing: Swift Observation as a signal. The current value, then
// one value per transaction that changes what the closure read (never a
// torn intermediate state), read in the closure's isolation; disposal stops
// observing.

import Foundation
import LazySeqSignals
import LazySeqTestSupport
import Observation
import Testing

/// Two values that belong together: every transaction sets both.
struct Span: Equatable, Sendable {
  var start: Int
  var end: Int
}

@MainActor @Observable final class RangeModel {
  var start = 0
  var end = 0
  /// How many times the observed closure ran.
  @ObservationIgnored var reads = 0

  func move(to value: Int) {
    start = value
    end = value
  }
}

/// Polls `condition` (real time: Observation's tasks run on their own),
/// bounded by the number of polls.
private func eventually(_ condition: @Sendable () -> Bool) async -> Bool {
  for _ in 0..<20_000 {
    if condition() { return true }
    try? await Task.sleep(for: .milliseconds(1))
  }
  return condition()
}

/// Whether the caller runs on the main thread (callable from async code).
private func isMainThread() -> Bool { Thread.isMainThread }

/// One observation on virtual time: subscribed from an action of the
/// scheduler, one change per action; each value with the virtual time it
/// arrived at.
private func observeOnVirtualTime() async -> [String] {
  let scheduler = TestScheduler()
  let property = MutableProperty(0)
  let seen = Guarded<[String]>([])
  let subscription = Guarded<(any Disposable)?>(nil)
  scheduler.schedule {
    subscription.value = Signal.observing { property.value }
      .subscribe(next: { value in seen.mutate { $0.append("\(value)@\(scheduler.now)") } })
  }
  for second in 1...3 {
    scheduler.schedule(after: .seconds(second)) { property.value = second * 10 }
  }
  await scheduler.advance(by: .seconds(4))
  subscription.value?.dispose()
  return seen.value
}

/// A search field's text, changed by the test itself on the main actor (a
/// `@MainActor` model cannot be changed from a scheduler's action).
@MainActor @Observable final class SearchField {
  var text = ""
}

/// An observation of a main-actor model on a scheduler, changed directly
/// between advances; each value with the virtual time it arrived at.
@MainActor private func observeDirectChangesOnVirtualTime() async -> [String] {
  let scheduler = TestScheduler()
  let field = SearchField()
  var seen: [String] = []
  let subscription = Signal.observing(on: scheduler) { field.text }
    .debounce(.milliseconds(300), on: scheduler)
    .subscribe(next: { text in seen.append("\(text)@\(scheduler.now)") })
  field.text = "s"
  await scheduler.advance(by: .milliseconds(100))
  field.text = "sw"
  await scheduler.advance(by: .milliseconds(400))  // "sw" settles at 0.4 s
  field.text = "swi"
  field.text = "swift"  // one main-actor job: one value
  await scheduler.advance(by: .seconds(1))  // "swift" settles at 0.8 s
  subscription.dispose()
  return seen
}

/// The same with a property changed directly from a thread that is not the
/// main one, the observation subscribed outside any action.
private func observePropertyChangesOnVirtualTime() async -> [String] {
  let scheduler = TestScheduler()
  let property = MutableProperty(0)
  let seen = Guarded<[String]>([])
  let subscription = Signal.observing(on: scheduler) { property.value }
    .subscribe(next: { value in seen.mutate { $0.append("\(value)@\(scheduler.now)") } })
  await scheduler.advance(by: .seconds(1))
  property.value = 1
  await scheduler.advance(by: .seconds(1))
  property.value = 2
  property.value = 3
  await scheduler.advance(by: .seconds(1))
  subscription.dispose()
  return seen.value
}

@Suite struct ObservingConcurrencyTests {
  @Test @MainActor func directChangesToAMainActorModelHaveOneOutcomeOnVirtualTime() async {
    // The empty first value settles first: the debounce holds each value
    // 0.3 s, and a newer one replaces it.
    let expected = ["sw@0.4 seconds", "swift@0.8 seconds"]
    var outcomes: [[String]: Int] = [:]
    for _ in 0..<20 { outcomes[await observeDirectChangesOnVirtualTime(), default: 0] += 1 }
    #expect(outcomes == [expected: 20])
  }

  @Test func directChangesToAPropertyHaveOneOutcomeOnVirtualTime() async {
    // Changes made together before an advance may be coalesced (2 and 3
    // here, or not): the value after them is always seen at the time they
    // were made.
    var outcomes: [[String]: Int] = [:]
    for _ in 0..<20 { outcomes[await observePropertyChangesOnVirtualTime(), default: 0] += 1 }
    let allowed: Set<[String]> = [
      ["0@0.0 seconds", "1@1.0 seconds", "3@2.0 seconds"],
      ["0@0.0 seconds", "1@1.0 seconds", "2@2.0 seconds", "3@2.0 seconds"],
    ]
    #expect(Set(outcomes.keys).isSubset(of: allowed), "\(outcomes)")
  }

  @Test @MainActor func aSubscriberNeverSeesOnePropertyChangedWithoutTheOther() async {
    let model = RangeModel()
    let seen = Guarded<[Span]>([])
    let subscription = Signal.observing { Span(start: model.start, end: model.end) }
      .subscribe(next: { span in seen.mutate { $0.append(span) } })
    defer { subscription.dispose() }
    #expect(await eventually { seen.value == [Span(start: 0, end: 0)] })
    for value in 1...200 {
      model.move(to: value)  // one main-actor job: one transaction
      if value.isMultiple(of: 3) {
        #expect(await eventually { seen.value.last == Span(start: value, end: value) })
      }
    }
    #expect(await eventually { seen.value.last == Span(start: 200, end: 200) })
    let torn = seen.value.filter { $0.start != $0.end }
    #expect(torn == [], "a transaction was seen half done")
    // Coalesced: never more values than transactions (plus the first).
    #expect(seen.value.count <= 201)
    #expect(seen.value.map(\.start) == seen.value.map(\.start).sorted())
  }

  @Test @MainActor func severalTransactionsInOneJobAreOneValue() async {
    let model = RangeModel()
    let seen = Guarded<[Span]>([])
    let subscription = Signal.observing { Span(start: model.start, end: model.end) }
      .subscribe(next: { span in seen.mutate { $0.append(span) } })
    defer { subscription.dispose() }
    #expect(await eventually { seen.value.count == 1 })
    model.move(to: 1)
    model.move(to: 2)
    model.start = 3
    model.end = 3
    #expect(await eventually { seen.value.last == Span(start: 3, end: 3) })
    #expect(seen.value == [Span(start: 0, end: 0), Span(start: 3, end: 3)])
  }

  @Test @MainActor func aMainActorModelIsReadOnTheMainActor() async {
    // The closure is main-actor isolated (written in main-actor code); CI
    // also runs this suite with -enable-actor-data-race-checks, which traps
    // if it ever runs elsewhere. At run time it runs on the main actor's
    // thread, whatever thread the subscription and the changes come from.
    let model = RangeModel()
    let mainActorIsOnMainThread = isMainThread()
    let threads = Guarded<[Bool]>([])
    let subscription = await Task.detached {
      Signal.observing { @MainActor () -> Int in
        threads.mutate { $0.append(isMainThread()) }
        return model.start
      }.subscribe()
    }.value
    defer { subscription.dispose() }
    #expect(await eventually { threads.value.count == 1 })
    model.start = 1
    #expect(await eventually { threads.value.count == 2 })
    #expect(threads.value == [mainActorIsOnMainThread, mainActorIsOnMainThread])
  }

  @Test @MainActor func disposalStopsObserving() async {
    let model = RangeModel()
    let seen = Guarded<[Int]>([])
    let subscription = Signal.observing { () -> Int in
      model.reads += 1
      return model.start
    }.subscribe(next: { value in seen.mutate { $0.append(value) } })
    #expect(await eventually { seen.value == [0] })
    model.start = 1
    #expect(await eventually { seen.value == [0, 1] })
    subscription.dispose()
    // Let the cancelled task wind down, then change the model again.
    for _ in 0..<50 { await Task.yield() }
    try? await Task.sleep(for: .milliseconds(20))
    let reads = model.reads
    model.start = 2
    model.start = 3
    try? await Task.sleep(for: .milliseconds(50))
    #expect(model.reads == reads)
    #expect(seen.value == [0, 1])
  }

  @Test func aMutablePropertyIsObservedWithoutASubscriptionToIt() async {
    let width = MutableProperty(1)
    let height = MutableProperty(2)
    let seen = Guarded<[Int]>([])
    let subscription = Signal.observing { width.value * height.value }
      .subscribe(next: { area in seen.mutate { $0.append(area) } })
    defer { subscription.dispose() }
    #expect(await eventually { seen.value == [2] })
    width.value = 3
    #expect(await eventually { seen.value.last == 6 })
    height.value = 4
    #expect(await eventually { seen.value.last == 12 })
  }

  @Test func anObservationOnVirtualTimeHasOneOutcome() async {
    // The async `advance` waits for the observation's reads: the first one
    // (subscribed from an action) and the one after each change an action
    // makes, so each value arrives at the virtual time of its change.
    let expected = [(0, 0), (10, 1), (20, 2), (30, 3)].map { value, second in
      "\(value)@\(Duration.seconds(second))"
    }
    var outcomes: [[String]: Int] = [:]
    for _ in 0..<40 { outcomes[await observeOnVirtualTime(), default: 0] += 1 }
    #expect(outcomes == [expected: 40])
  }

  @Test func eachSubscriptionStartsWithTheCurrentValue() async {
    let property = MutableProperty("a")
    let observed = Signal.observing { property.value }
    property.value = "b"
    let first = Guarded<[String]>([])
    let subscription = observed.subscribe(next: { value in first.mutate { $0.append(value) } })
    defer { subscription.dispose() }
    #expect(await eventually { first.value == ["b"] })
  }
}
