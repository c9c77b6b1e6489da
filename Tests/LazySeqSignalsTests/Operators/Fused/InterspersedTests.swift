// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// interspersed(with:) on signals: the separator between values, sent with
// the value after it; errors and disposal.

import LazySeqSignals
import LazySeqTestSupport
import Testing

@Suite struct InterspersedTests {
  @Test func theSeparatorGoesBetweenValues() {
    #expect(recorded(signal([1, 2, 3]).interspersed(with: 0)) == completion(after: [1, 0, 2, 0, 3]))
    #expect(recorded(signal([1]).interspersed(with: 0)) == completion(after: [1]))
    #expect(recorded(signal([Int]()).interspersed(with: 0)) == [.completed])
  }

  @Test func theSeparatorWaitsForTheNextValue() {
    let subject = Subject<Int>()
    let recorder = Recorder(subject.signal.interspersed(with: 0))
    subject.sendNext(1)
    #expect(recorder.recorded == [.next(1)])
    subject.sendNext(2)
    #expect(recorder.recorded == [.next(1), .next(0), .next(2)])
    subject.sendError(TestError.boom)
    subject.sendNext(3)
    #expect(recorder.recorded == [.next(1), .next(0), .next(2), .failed("boom")])
  }

  @Test func disposingStopsTheSource() {
    #expect(disposalReachesTheSource { $0.interspersed(with: 0) })
  }
}
