// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

import Foundation
import LazySeqSignals
import LazySeqTestSupport
import Testing

@Suite struct LeadingDotSchedulerTests {
  @Test func immediateRunsAtOnce() {
    let recorder = Recorder(signal([1, 2]).deliver(on: .immediate))
    #expect(recorder.recorded == completion(after: [1, 2]))
  }

  @Test func mainIsTheMainQueueScheduler() {
    let scheduler: any Scheduler = .main
    #expect((scheduler as? QueueScheduler) === QueueScheduler.main)
  }

  @Test func queueWithAQualityOfServiceDeliversOnItsQueue() throws {
    let scheduler = QueueScheduler.queue(label: "leading-dot", qos: .userInitiated)
    #expect(scheduler.queue.label == "leading-dot")
    #expect(scheduler.queue.qos == .userInitiated)
    let labels = try signal([1, 2]).deliver(on: .queue(qos: .userInitiated))
      .map { _ in Thread.isMainThread }
      .toArray(timeout: .seconds(10))
    #expect(labels == [false, false])
  }
}
