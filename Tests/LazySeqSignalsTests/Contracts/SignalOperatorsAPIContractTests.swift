// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// Every name and signature of the signal operators takeLast, tryMap, switchTo,
// ifThenElse, the 3-way combineLatest and zip, withLatest and
// distinctUntilChanged(by:), and of the Swift concurrency bridge, used as
// written, with explicit types so that a renamed or reshaped member fails to
// compile.
// (`BehaviorSubject.value` belongs to the engine's branch and is checked
// there.)

import Foundation
import LazySeq
import LazySeqSignals
import LazySeqTestSupport
import Testing

@Suite("API contract: signal operators and Swift concurrency")
struct SignalOperatorsAPIContractTests {
  let numbers: Signal<Int> = Signal(Seq([1, 2, 3]))

  @Test("Signals: operators, by exact signature")
  func operatorSignatures() {
    let takeLast: (Int) -> Signal<Int> = numbers.takeLast
    let tryMap: (@escaping @Sendable (Int) throws -> String) -> Signal<String> = numbers.tryMap
    let switchTo: (Signal<String>, [String: Signal<Int>], Signal<Int>?) -> Signal<Int> = Signal<Int>.switchTo
    let ifThenElse: (Signal<Bool>, Signal<Int>, Signal<Int>) -> Signal<Int> = Signal<Int>.ifThenElse
    let combineReduce: (Signal<String>, @escaping @Sendable (Int, String) -> String) -> Signal<String> =
      numbers.combineLatest(with:reduce:)
    let combine3: (Signal<String>, Signal<Bool>) -> Signal<(Int, String, Bool)> = numbers.combineLatest(
      with:_:)
    let zip3: (Signal<String>, Signal<Bool>) -> Signal<(Int, String, Bool)> = numbers.zip(with:_:)
    let withLatest: (Signal<String>) -> Signal<(Int, String)> = numbers.withLatest(from:)
    let distinct: (@escaping @Sendable (Int, Int) -> Bool) -> Signal<Int> = numbers.distinctUntilChanged(by:)
    let debounce: (Duration, any Scheduler) -> Signal<Int> = numbers.debounce(_:on:)
    let noMatchingCase: SignalError = .noMatchingCase

    #expect(recorded(takeLast(1)) == [.next(3), .completed])
    #expect(recorded(tryMap { String($0) }) == [.next("1"), .next("2"), .next("3"), .completed])
    #expect(recorded(switchTo(.just("a"), ["a": .just(1)], nil)) == [.next(1), .completed])
    #expect(recorded(ifThenElse(.just(false), .just(1), .just(2))) == [.next(2), .completed])
    #expect(recorded(combineReduce(.just("x")) { "\($0)\($1)" }) == [.next("3x"), .completed])
    #expect(
      recorded(combine3(.just("x"), .just(true)).map { "\($0)\($1)\($2)" }) == [.next("3xtrue"), .completed])
    #expect(
      recorded(zip3(.just("x"), .just(true)).map { "\($0)\($1)\($2)" }) == [.next("1xtrue"), .completed])
    #expect(
      recorded(withLatest(.just("x")).map { "\($0)\($1)" }) == [
        .next("1x"), .next("2x"), .next("3x"), .completed,
      ])
    #expect(recorded(distinct { $0 == $1 }) == [.next(1), .next(2), .next(3), .completed])
    let scheduler = TestScheduler()
    let debounced = Recorder(debounce(.seconds(1), scheduler))
    scheduler.run()
    #expect(debounced.recorded == [.next(3), .completed])
    #expect(noMatchingCase == SignalError.noMatchingCase)
  }

  @Test("Signals: operators, as written at the call site")
  func operatorCallSites() {
    let scheduler: any Scheduler = TestScheduler()
    let takeLast: Signal<Int> = numbers.takeLast(2)
    let tryMap: Signal<String> = numbers.tryMap { value throws -> String in String(value) }
    let switched: Signal<Int> = Signal.switchTo(Signal<String>.just("a"), cases: ["a": numbers], default: nil)
    let switchedWithoutDefault: Signal<Int> = Signal.switchTo(Signal<String>.just("a"), cases: ["a": numbers])
    let chosen: Signal<Int> = Signal.ifThenElse(Signal.just(true), then: numbers, else: .empty)
    let reduced: Signal<Int> = numbers.combineLatest(with: Signal<Int>.just(10), reduce: +)
    let triple: Signal<(Int, String, Double)> = numbers.combineLatest(
      with: Signal.just("a"), Signal.just(1.5))
    let zipped: Signal<(Int, String, Double)> = numbers.zip(with: Signal.just("a"), Signal.just(1.5))
    let paired: Signal<(Int, Bool)> = numbers.withLatest(from: Signal.just(true))
    let distinct: Signal<Int> = numbers.distinctUntilChanged(by: { $0 == $1 })
    let debounced: Signal<Int> = numbers.debounce(.milliseconds(5), on: scheduler)
    #expect(recorded(takeLast) == [.next(2), .next(3), .completed])
    #expect(Recorder(tryMap).events.count == 4)
    #expect(recorded(switched) == recorded(switchedWithoutDefault))
    #expect(recorded(chosen) == [.next(1), .next(2), .next(3), .completed])
    #expect(recorded(reduced) == [.next(13), .completed])
    #expect(Recorder(triple).events.count == 2 && Recorder(zipped).events.count == 2)
    #expect(Recorder(paired).events.count == 4)
    #expect(recorded(distinct) == [.next(1), .next(2), .next(3), .completed])
    _ = debounced
  }

  @Test("Signals: Swift concurrency, by exact signature")
  func concurrencySignatures() async throws {
    let values: SignalValues<Int> = numbers.values
    let bufferedValues: (SignalBufferingPolicy) -> SignalValues<Int> = numbers.values(bufferingPolicy:)
    let policies: [SignalBufferingPolicy] = [.unbounded, .bufferingOldest(1), .bufferingNewest(1)]
    let first: () async throws -> Int? = numbers.first
    let toArray: () async throws -> [Int] = numbers.toArray
    let waitUntilCompleted: () async throws -> Void = numbers.waitUntilCompleted
    let make: (TaskPriority?, @escaping @Sendable () async throws -> Int) -> Signal<Int> =
      Signal<Int>.init(priority:operation:)

    var all: [Int] = []
    for try await value in values { all.append(value) }
    #expect(all == [1, 2, 3])
    for policy in policies {
      var received: [Int] = []
      for try await value in bufferedValues(policy) { received.append(value) }
      #expect(!received.isEmpty)
    }
    #expect(try await first() == 1)
    #expect(try await toArray() == [1, 2, 3])
    try await waitUntilCompleted()
    #expect(try await make(nil) { 5 }.toArray() == [5])
  }

  @Test("Signals: Swift concurrency, as written at the call site")
  func concurrencyCallSites() async throws {
    let buffered: SignalValues<Int> = numbers.values(bufferingPolicy: .bufferingNewest(8))
    var received: [Int] = []
    for try await value in buffered { received.append(value) }
    #expect(received == [1, 2, 3])
    let first: Int? = try await numbers.first()
    let array: [Int] = try await numbers.toArray()
    try await numbers.waitUntilCompleted()
    let defaultPriority = Signal<String>(operation: { "a" })
    let trailing = Signal<String> { "b" }
    let prioritized = Signal<String>(priority: .low) { "c" }
    #expect(first == 1 && array == [1, 2, 3])
    #expect(
      try await defaultPriority.toArray() + trailing.toArray() + prioritized.toArray() == ["a", "b", "c"])
  }
}
