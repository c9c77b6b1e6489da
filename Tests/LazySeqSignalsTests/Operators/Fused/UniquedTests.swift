// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// uniqued() and uniqued(on:) on signals: the first value of each value or
// key; errors and disposal.

import LazySeqSignals
import LazySeqTestSupport
import Testing

@Suite struct UniquedTests {
  @Test func onlyTheFirstOccurrenceOfEachValueIsSent() {
    #expect(recorded(signal([1, 2, 1, 3, 2, 3, 4]).uniqued()) == completion(after: [1, 2, 3, 4]))
    #expect(recorded(signal([Int]()).uniqued()) == [.completed])
  }

  @Test func theFirstValueOfEachKeyIsSent() {
    #expect(
      recorded(signal(["apple", "avocado", "banana", "blueberry", "cherry"]).uniqued(on: { $0.first }))
        == completion(after: ["apple", "banana", "cherry"]))
  }

  @Test func theKeyRunsOncePerValue() {
    let calls = Counter()
    let recorder = Recorder(
      signal([1, 2, 3, 4, 5, 6]).uniqued(on: { value -> Int in
        calls.increment()
        return value % 3
      }))
    #expect(recorder.recorded == completion(after: [1, 2, 3]))
    #expect(calls.value == 6)
  }

  @Test func everySubscriptionStartsWithNothingSeen() {
    let unique = signal([1, 1, 2]).uniqued()
    #expect(recorded(unique) == completion(after: [1, 2]))
    #expect(recorded(unique) == completion(after: [1, 2]))
  }

  @Test func anErrorIsForwardedOnce() {
    let subject = Subject<Int>()
    let recorder = Recorder(subject.signal.uniqued())
    for value in [1, 1, 2] { subject.sendNext(value) }
    subject.sendError(TestError.boom)
    subject.sendCompleted()
    #expect(recorder.recorded == [.next(1), .next(2), .failed("boom")])
  }

  @Test func disposingStopsTheSource() {
    #expect(disposalReachesTheSource { $0.uniqued() })
  }
}
