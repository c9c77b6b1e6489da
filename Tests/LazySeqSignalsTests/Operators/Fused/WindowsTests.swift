// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// windows(ofCount:step:) on signals: full windows only, sent as they fill,
// the same as the array reference; errors, disposal and bad counts.

import LazySeq
import LazySeqSignals
import LazySeqTestSupport
import Testing

/// The windows of `values` as an array computes them.
private func reference(_ values: [Int], count: Int, step: Int) -> [Seq<Int>.Window] {
  stride(from: 0, through: values.count - count, by: step).map { Seq<Int>.Window(values[$0..<$0 + count]) }
}

@Suite struct WindowsTests {
  @Test func windowsMatchTheArrayReference() {
    for size in 0...9 {
      let values = Array(0..<size)
      for count in 1...4 {
        for step in 1...6 {
          let expected = reference(values, count: count, step: step)
          #expect(
            recorded(signal(values).windows(ofCount: count, step: step)) == completion(after: expected),
            "\(size) values, count \(count), step \(step)")
        }
      }
    }
  }

  @Test func eachWindowIsSentWhenItsLastValueArrives() {
    let subject = Subject<Int>()
    let recorder = Recorder(subject.signal.windows(ofCount: 3, step: 2))
    subject.sendNext(1)
    subject.sendNext(2)
    #expect(recorder.recorded == [])
    subject.sendNext(3)
    #expect(recorder.recorded == [.next([1, 2, 3])])
    subject.sendNext(4)
    #expect(recorder.recorded == [.next([1, 2, 3])])
    subject.sendNext(5)
    subject.sendNext(6)
    subject.sendCompleted()
    #expect(recorder.recorded == [.next([1, 2, 3]), .next([3, 4, 5]), .completed])
  }

  @Test func aStepLargerThanTheCountSkipsValues() {
    #expect(
      recorded(signal(Array(1...9)).windows(ofCount: 2, step: 4))
        == completion(after: [[1, 2], [5, 6]]))
  }

  @Test func anErrorIsForwardedOnceAndDropsThePartialWindow() {
    let subject = Subject<Int>()
    let recorder = Recorder(subject.signal.windows(ofCount: 2))
    for value in 1...3 { subject.sendNext(value) }
    subject.sendError(TestError.boom)
    subject.sendNext(4)
    subject.sendCompleted()
    #expect(recorder.recorded == [.next([1, 2]), .next([2, 3]), .failed("boom")])
  }

  @Test func disposingStopsTheSource() {
    let disposed = Guarded(false)
    let source = Signal<Int> { _ in AnyDisposable { disposed.value = true } }
    source.windows(ofCount: 2, step: 3).subscribe().dispose()
    #expect(disposed.value)
    #expect(recorded(infinite(7).windows(ofCount: 2).take(2)) == completion(after: [[7, 7], [7, 7]]))
  }

  @Test func badCountsNameTheOperator() async {
    let count = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = Signal.just(1).windows(ofCount: 0)
    }
    let step = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = Signal.just(1).windows(ofCount: 2, step: -1)
    }
    #if DEBUG
      if let count {
        #expect(
          String(decoding: count.standardErrorContent, as: UTF8.self)
            .contains("Signal.windows(ofCount:step:): the count must be at least 1, got 0"))
      }
      if let step {
        #expect(
          String(decoding: step.standardErrorContent, as: UTF8.self)
            .contains("Signal.windows(ofCount:step:): the step must be at least 1, got -1"))
      }
    #endif
  }
}
