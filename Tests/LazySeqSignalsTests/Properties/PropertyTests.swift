// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

import Dispatch
import Foundation
import LazySeqSignals
import LazySeqTestSupport
import Synchronization
import Testing

/// `MutableProperty` and `Property`, after ReactiveSwift's PropertySpec.
@Suite struct PropertyTests {
  @Test func signalSendsTheCurrentValueThenTheChanges() {
    let property = MutableProperty(1)
    let signal = Recorder(property.signal)
    let changes = Recorder(property.changes)
    property.value = 2
    property.value = 3
    #expect(signal.values == [1, 2, 3])
    #expect(changes.values == [2, 3])
    #expect(property.value == 3)
  }

  @Test func aNewValueIsVisibleBeforeAnyObserverIsTold() {
    let property = MutableProperty(0)
    let seen = Recorder<Int>()
    property.changes.subscribe(next: { value in seen.append(.next(property.value - value)) })
    property.value = 5
    property.modify { $0 += 1 }
    #expect(seen.values == [0, 0])
  }

  @Test func bothSignalsCompleteWhenThePropertyIsDeallocated() {
    weak var weakProperty: MutableProperty<Int>?
    let signal = Recorder<Int>()
    let changes = Recorder<Int>()
    var late: Signal<Int>?
    do {
      let property = MutableProperty(1)
      weakProperty = property
      signal.subscribe(to: property.signal)
      changes.subscribe(to: property.changes)
      property.value = 2
      late = property.signal
    }
    #expect(weakProperty == nil)
    #expect(signal.recorded == [.next(1), .next(2), .completed])
    #expect(changes.recorded == [.next(2), .completed])
    // A signal obtained earlier does not keep the property alive; it sends
    // the last value, then completes.
    #expect(late.map { recorded($0) } == [.next(2), .completed])
  }

  @Test func modifyReturnsTheBodysResultAndNotifiesOnce() {
    let property = MutableProperty([1, 2])
    let changes = Recorder(property.changes)
    let count = property.modify { values -> Int in
      values.append(3)
      values.append(4)
      return values.count
    }
    #expect(count == 4)
    #expect(changes.values == [[1, 2, 3, 4]])
  }

  @Test func aThrowingModifyKeepsItsChangeAndStillNotifies() {
    let property = MutableProperty(1)
    let changes = Recorder(property.changes)
    #expect(throws: TestError.boom) {
      try property.modify { value in
        value = 10
        throw TestError.boom
      }
    }
    #expect(property.value == 10)
    #expect(changes.values == [10])
  }

  @Test func aSetFromInsideAnObserverIsQueuedNotNested() {
    let property = MutableProperty(0)
    let depth = Mutex(0)
    let maxDepth = Mutex(0)
    let seen = Recorder<String>()
    property.changes.subscribe(next: { value in
      let current = depth.withLock { depth -> Int in
        depth += 1
        return depth
      }
      maxDepth.withLock { $0 = max($0, current) }
      seen.append(.next("first \(value), value now \(property.value)"))
      if value < 3 { property.value = value + 1 }
      depth.withLock { $0 -= 1 }
    })
    property.changes.subscribe(next: { seen.append(.next("second \($0)")) })
    property.value = 1
    #expect(property.value == 3)
    #expect(maxDepth.withLock { $0 } == 1)
    #expect(
      seen.values == [
        "first 1, value now 1", "second 1",
        "first 2, value now 2", "second 2",
        "first 3, value now 3", "second 3",
      ])
  }

  @Test func aSubscriptionFromInsideAnObserverSeesTheLatestValue() {
    let property = MutableProperty(0)
    let inner = Recorder<Int>()
    let outer = Recorder<Int>()
    property.changes.take(1).subscribe(next: { _ in
      property.value = 2
      inner.subscribe(to: property.signal)
      property.value = 3
    })
    outer.subscribe(to: property.changes)
    property.value = 1
    property.value = 4
    // The change to 2 was queued before the subscription: its current value
    // already says 2, so it is not sent twice.
    #expect(inner.values == [2, 3, 4])
    #expect(outer.values == [1, 2, 3, 4])
  }

  @Test func aSubscriptionFromInsideAnObserverIsSentTheValueAtOnce() {
    let property = MutableProperty(0)
    let inner = Recorder<Int>()
    let atOnce = Guarded<[Int]>([])
    property.changes.take(1).subscribe(next: { _ in
      inner.subscribe(to: property.signal)
      atOnce.value = inner.values
    })
    property.value = 1
    #expect(atOnce.value == [1])
    property.value = 2
    #expect(inner.values == [1, 2])
  }

  @Test func aChangeMadeByASubscriberJoiningFromInsideAnObserverIsNotMissed() {
    let property = MutableProperty(0)
    let seen = Guarded<[Int]>([])
    property.changes.take(1).subscribe(next: { _ in
      property.signal.subscribe(next: { value in
        seen.value.append(value)
        if value == 1 { property.value = 2 }
      })
    })
    property.value = 1
    #expect(seen.value == [1, 2])
    #expect(property.value == 2)
  }

  @Test func aConstantProperty() {
    let property = Property(value: "fixed")
    #expect(property.value == "fixed")
    #expect(recorded(property.signal) == [.next("fixed"), .completed])
    #expect(recorded(property.changes) == [.completed])
  }

  @Test func initialThenValues() {
    let source = Subject<Int>()
    let property = Property(initial: 0, then: source.signal)
    let signal = Recorder(property.signal)
    #expect(property.value == 0)
    source.sendNext(1)
    source.sendNext(2)
    #expect(property.value == 2)
    source.sendCompleted()
    #expect(signal.recorded == [.next(0), .next(1), .next(2), .completed])
    #expect(property.value == 2)
  }

  @Test func initialThenAFailingSignalKeepsTheLastValue() {
    let property = Property(initial: 0, then: signal([1, 2]).concat(.error(TestError.boom)))
    #expect(property.value == 2)
    #expect(recorded(property.signal) == [.next(2), .completed])
  }

  @Test func initialThenASynchronousSignalTakesItsLastValue() {
    let property = Property(initial: 0, then: signal([4, 5, 6]))
    #expect(property.value == 6)
  }

  @Test func deallocationStopsFollowingTheSource() {
    let disposed = Counter()
    let source = Subject<Int>()
    let followed = Signal<Int> { subscriber in
      let subscription = source.signal.subscribe(subscriber)
      return AnyDisposable {
        disposed.increment()
        subscription.dispose()
      }
    }
    let changes = Recorder<Int>()
    weak var weakProperty: Property<Int>?
    do {
      let property = Property(initial: 0, then: followed)
      weakProperty = property
      changes.subscribe(to: property.changes)
      source.sendNext(1)
    }
    #expect(weakProperty == nil)
    #expect(disposed.value == 1)
    #expect(changes.recorded == [.next(1), .completed])
  }

  @Test func aReadOnlyViewFollowsWithoutRetaining() {
    weak var weakSource: MutableProperty<Int>?
    let view: Property<Int>
    let viewSignal = Recorder<Int>()
    do {
      let source = MutableProperty(1)
      weakSource = source
      view = Property(source)
      viewSignal.subscribe(to: view.signal)
      source.value = 2
      #expect(view.value == 2)
    }
    #expect(weakSource == nil)
    #expect(view.value == 2)
    #expect(viewSignal.recorded == [.next(1), .next(2), .completed])
  }

  @Test func mapCachesItsTransformAndFollows() {
    let calls = Counter()
    let source = MutableProperty(2)
    let squared = source.map { value -> Int in
      calls.increment()
      return value * value
    }
    #expect(squared.value == 4)
    #expect(squared.value == 4)
    #expect(calls.value == 1)
    let changes = Recorder(squared.changes)
    source.value = 3
    #expect(squared.value == 9)
    #expect(calls.value == 2)
    #expect(changes.values == [9])
    let chained = squared.map { "\($0)" }
    source.value = 4
    #expect(chained.value == "16")
  }

  @Test func mapDoesNotRetainItsSource() {
    weak var weakSource: MutableProperty<Int>?
    let mapped: Property<String>
    do {
      let source = MutableProperty(1)
      weakSource = source
      mapped = source.map { "#\($0)" }
      source.value = 7
    }
    #expect(weakSource == nil)
    #expect(mapped.value == "#7")
    #expect(recorded(mapped.changes) == [.completed])
  }

  @Test func derivingAPropertyFromInsideAnObserverOfItsSource() {
    let source = MutableProperty(0)
    let derived = Guarded<[Property<String>]>([])
    let views = Guarded<[Property<Int>]>([])
    source.changes.take(1).subscribe(next: { _ in
      derived.value.append(source.map { "#\($0)" })
      views.value.append(Property(source))
    })
    source.value = 1
    #expect(derived.value.map(\.value) == ["#1"])
    #expect(views.value.map(\.value) == [1])
    source.value = 2
    #expect(derived.value.map(\.value) == ["#2"])
    #expect(views.value.map(\.value) == [2])
  }

  @Test func aViewOfAPropertyWhoseSignalIsLateStartsFromItsValue() {
    /// A conforming type whose signal answers on a scheduler, not at once.
    final class Deferred: PropertyProtocol {
      let storage = MutableProperty(1)
      let scheduler: TestScheduler
      init(scheduler: TestScheduler) { self.scheduler = scheduler }
      var value: Int { storage.value }
      var signal: Signal<Int> { storage.signal.deliver(on: scheduler) }
      var changes: Signal<Int> { storage.changes.deliver(on: scheduler) }
    }
    let scheduler = TestScheduler()
    let source = Deferred(scheduler: scheduler)
    let view = Property(source)
    let doubled = source.map { $0 * 2 }
    #expect(view.value == 1 && doubled.value == 2)
    source.storage.value = 5
    #expect(view.value == 1)
    scheduler.run()
    #expect(view.value == 5 && doubled.value == 10)
  }

  @Test func propertiesAreUsableThroughTheProtocol() {
    func describe(_ property: some PropertyProtocol<Int>) -> String {
      "\(property.value) \(history(property.signal.take(1)))"
    }
    #expect(describe(MutableProperty(1)) == #"1 ["next(1)", "completed"]"#)
    #expect(describe(Property(value: 2)) == #"2 ["next(2)", "completed"]"#)
    let existential: any PropertyProtocol<Int> = Property(value: 3)
    #expect(existential.value == 3)
  }
}

/// Properties used from several threads; run under ThreadSanitizer.
@Suite struct PropertyConcurrencyTests {
  @Test func modifyIsAtomicAndChangesArriveInOrder() {
    let property = MutableProperty(0)
    let changes = Recorder(property.changes)
    let threads = 4
    let increments = 500
    DispatchQueue.concurrentPerform(iterations: threads) { _ in
      for _ in 0..<increments { property.modify { $0 += 1 } }
    }
    #expect(property.value == threads * increments)
    // Delivery follows the order in which the value changed.
    #expect(changes.values == Array(1...(threads * increments)))
  }

  @Test func readsDuringWritesSeeAValueThatWasSet() {
    let property = MutableProperty(0)
    let bad = Counter()
    DispatchQueue.concurrentPerform(iterations: 4) { index in
      for step in 0..<500 {
        if index == 0 {
          property.value = step
        } else if !(0..<500).contains(property.value) {
          bad.increment()
        }
      }
    }
    #expect(bad.value == 0)
    #expect(property.value == 499)
  }

  @Test func observersOnManyThreadsNeverOverlap() {
    let property = MutableProperty(0)
    let inside = Atomic<Int>(0)
    let overlaps = Atomic<Int>(0)
    // A plain variable, touched only by the observer: serial delivery (and
    // its happens-before edges) is what keeps ThreadSanitizer quiet.
    let plain = Guarded(0)
    property.changes.subscribe(next: { _ in
      if inside.add(1, ordering: .sequentiallyConsistent).newValue > 1 {
        overlaps.add(1, ordering: .relaxed)
      }
      plain.value += 1
      inside.subtract(1, ordering: .sequentiallyConsistent)
    })
    DispatchQueue.concurrentPerform(iterations: 4) { index in
      for step in 0..<250 { property.value = index * 1000 + step }
    }
    #expect(overlaps.load(ordering: .relaxed) == 0)
    #expect(plain.value == 1000)
  }

  @Test func subscriptionsRacingChangesMissNothingAndRepeatNothing() {
    for iteration in 0..<50 {
      let property = MutableProperty(0)
      let recorders = (0..<4).map { _ in Recorder<Int>() }
      DispatchQueue.concurrentPerform(iterations: 6) { index in
        if index < 4 {
          recorders[index].subscribe(to: property.signal)
        } else {
          for _ in 0..<200 { property.modify { $0 += 1 } }
        }
      }
      // Each subscriber sees the value it joined at, then every later value.
      for recorder in recorders {
        let values = recorder.values
        let expected = values.first.map { Array($0...400) }
        #expect(values == expected, "iteration \(iteration)")
      }
    }
  }

  @Test func setsFromObserversOnManyThreadsNeverDeadlock() {
    for iteration in 0..<100 {
      let property = MutableProperty(0)
      property.changes.subscribe(next: { value in
        if value % 2 == 1 { property.value = value + 1 }
      })
      DispatchQueue.concurrentPerform(iterations: 4) { index in
        for step in 0..<20 { property.value = (index * 100 + step) * 2 + 1 }
      }
      #expect(property.value % 2 == 0, "iteration \(iteration)")
    }
  }

  @Test func aViewFollowsASourceChangedOnManyThreads() {
    let source = MutableProperty(0)
    let view = Property(source)
    let doubled = source.map { $0 * 2 }
    DispatchQueue.concurrentPerform(iterations: 4) { _ in
      for _ in 0..<250 { source.modify { $0 += 1 } }
    }
    #expect(view.value == 1000)
    #expect(doubled.value == 2000)
  }

  @Test func deallocatingWhileAnotherThreadObserves() {
    for iteration in 0..<200 {
      let completed = Counter()
      var property: MutableProperty<Int>? = MutableProperty(0)
      let signal = property!.signal
      let ready = DispatchSemaphore(value: 0)
      let done = DispatchSemaphore(value: 0)
      DispatchQueue.global().async {
        ready.signal()
        signal.subscribe(completed: { completed.increment() })
        done.signal()
      }
      ready.wait()
      property = nil
      done.wait()
      #expect(completed.value == 1, "iteration \(iteration)")
    }
  }
}

/// Touching a property inside its own `modify` stops with a clear message,
/// never a deadlock. Exit tests: the body runs in a child process.
@Suite struct PropertyPreconditionTests {
  /// Whether a child's standard error names `modify` (debug builds only:
  /// optimized builds drop precondition messages).
  static func mentionsModify(_ bytes: [UInt8]) -> Bool {
    #if DEBUG
      return String(decoding: bytes, as: UTF8.self).contains("inside its own `modify`")
    #else
      return true
    #endif
  }

  @Test func readingInsideModifyIsAPreconditionFailure() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let property = MutableProperty(1)
      property.modify { $0 += property.value }
    }
    if let result { #expect(Self.mentionsModify(result.standardErrorContent)) }
  }

  @Test func settingInsideModifyIsAPreconditionFailure() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let property = MutableProperty(1)
      property.modify { _ in property.value = 2 }
    }
    if let result { #expect(Self.mentionsModify(result.standardErrorContent)) }
  }
}
