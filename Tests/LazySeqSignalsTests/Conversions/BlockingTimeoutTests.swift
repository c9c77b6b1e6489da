// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

import Foundation
import LazySeqSignals
import LazySeqTestSupport
import Testing

@Suite struct BlockingTimeoutTests {
  @Test(arguments: [
    Duration.seconds(Int64.max), .seconds(Int64.max / 1_000_000_000), .nanoseconds(Int64.max),
  ])
  func aHugeTimeoutWaitsForTheSignal(timeout: Duration) throws {
    let late = signal([1, 2]).delay(.milliseconds(5), on: QueueScheduler())
    #expect(try late.first(timeout: timeout) == 1)
    #expect(try late.toArray(timeout: timeout) == [1, 2])
    try late.waitUntilCompleted(timeout: timeout)
  }

  @Test func aNegativeTimeoutDoesNotWait() {
    #expect(throws: SignalError.timedOut) {
      try Signal<Int>.never.first(timeout: .seconds(Int64.min))
    }
    #expect(throws: SignalError.timedOut) {
      try Signal<Int>.never.toArray(timeout: .milliseconds(-1))
    }
  }

  @Test func aShortTimeoutStillTimesOut() {
    #expect(throws: SignalError.timedOut) {
      try Signal<Int>.never.waitUntilCompleted(timeout: .milliseconds(10))
    }
  }
}
