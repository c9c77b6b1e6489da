// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// enumerated() on signals: each value with its offset, from 0 for every
// subscription; errors and disposal.

import LazySeqSignals
import LazySeqTestSupport
import Testing

@Suite struct EnumeratedTests {
  @Test func eachValueGetsItsOffset() {
    #expect(
      recorded(signal(["a", "b", "c"]).enumerated().map { "\($0.offset)\($0.element)" })
        == completion(after: ["0a", "1b", "2c"]))
    #expect(recorded(signal([Int]()).enumerated().map { $0.offset }) == [.completed])
  }

  @Test func everySubscriptionCountsFromZero() {
    let offsets = signal([5, 6]).enumerated().map { $0.offset }
    #expect(recorded(offsets) == completion(after: [0, 1]))
    #expect(recorded(offsets) == completion(after: [0, 1]))
  }

  @Test func anErrorIsForwardedOnce() {
    let subject = Subject<Int>()
    let recorder = Recorder(subject.signal.enumerated().map { $0.offset * 100 + $0.element })
    subject.sendNext(7)
    subject.sendNext(8)
    subject.sendError(TestError.boom)
    subject.sendError(TestError.other)
    subject.sendCompleted()
    #expect(recorder.recorded == [.next(7), .next(108), .failed("boom")])
  }

  @Test func disposingStopsTheSource() {
    #expect(disposalReachesTheSource { $0.enumerated() })
  }
}
