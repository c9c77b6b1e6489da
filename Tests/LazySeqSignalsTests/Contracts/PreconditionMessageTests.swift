// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

import Foundation
import LazySeqSignals
import LazySeqTestSupport
import Testing

/// A misused operator stops the program with a message that names the
/// operator the caller wrote, not a scheduler or an internal type.
@Suite struct PreconditionMessageTests {
  /// Optimized builds drop precondition messages; debug builds must name
  /// the operator.
  private func expectMessage(_ result: ExitTest.Result?, _ expected: String) {
    #if DEBUG
      if let result {
        let message = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(message.contains(expected), "\(message)")
      }
    #endif
  }

  @Test func intervalWithAZeroPeriodNamesInterval() async {
    let onTest = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = Signal.interval(.zero, on: TestScheduler())
    }
    expectMessage(onTest, "Signal.interval(_:on:): the period must be positive")
    let onQueue = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = Signal.interval(.seconds(-1), on: QueueScheduler())
    }
    expectMessage(onQueue, "Signal.interval(_:on:): the period must be positive, got -1.0 seconds")
  }

  @Test func intervalOnTheImmediateSchedulerNamesInterval() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      Signal.interval(.seconds(1), on: .immediate).subscribe()
    }
    expectMessage(result, "Signal.interval(_:on:)")
  }

  @Test func negativeThrottleIsAPreconditionFailure() async {
    let plain = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = Signal.just(1).throttle(.milliseconds(-1), on: TestScheduler())
    }
    expectMessage(plain, "Signal.throttle(_:on:): the interval must not be negative")
    let passing = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = Signal.just(1).throttle(.milliseconds(-1), on: TestScheduler(), valuesPassing: { _ in true })
    }
    expectMessage(passing, "Signal.throttle(_:on:valuesPassing:): the interval must not be negative")
  }

  @Test func negativeDebounceIsAPreconditionFailure() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = Signal.just(1).debounce(.milliseconds(-1), on: TestScheduler())
    }
    expectMessage(result, "Signal.debounce(_:on:): the interval must not be negative")
  }

  @Test func negativeDelayIsAPreconditionFailure() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = Signal.just(1).delay(.seconds(-2), on: TestScheduler())
    }
    expectMessage(result, "Signal.delay(_:on:): the interval must not be negative, got -2.0 seconds")
  }

  @Test func zeroDurationsAreAccepted() {
    let scheduler = TestScheduler()
    let recorder = Recorder(
      signal([1, 2]).throttle(.zero, on: scheduler).debounce(.zero, on: scheduler)
        .delay(.zero, on: scheduler))
    scheduler.run()
    #expect(recorder.recorded == completion(after: [2]))
  }
}
