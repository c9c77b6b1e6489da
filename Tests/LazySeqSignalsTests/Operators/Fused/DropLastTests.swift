// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// dropLast(_:) on signals: all but the last values, each sent once known
// not to be among them; errors, disposal and a bad count.

import LazySeqSignals
import LazySeqTestSupport
import Testing

@Suite struct DropLastTests {
  @Test func theLastValuesAreDropped() {
    for size in 0...6 {
      for count in 0...4 {
        let values = Array(0..<size)
        #expect(
          recorded(signal(values).dropLast(count)) == completion(after: Array(values.dropLast(count))),
          "\(size) values, dropLast(\(count))")
      }
    }
    #expect(recorded(signal([1, 2, 3]).dropLast()) == completion(after: [1, 2]))
  }

  @Test func aValueIsSentOnceKnownNotToBeAmongTheLast() {
    let subject = Subject<Int>()
    let recorder = Recorder(subject.signal.dropLast(2))
    subject.sendNext(1)
    subject.sendNext(2)
    #expect(recorder.recorded == [])
    subject.sendNext(3)
    #expect(recorder.recorded == [.next(1)])
    subject.sendNext(4)
    subject.sendCompleted()
    #expect(recorder.recorded == [.next(1), .next(2), .completed])
  }

  @Test func anErrorIsForwardedOnce() {
    let subject = Subject<Int>()
    let recorder = Recorder(subject.signal.dropLast())
    for value in 1...3 { subject.sendNext(value) }
    subject.sendError(TestError.boom)
    subject.sendError(TestError.other)
    #expect(recorder.recorded == [.next(1), .next(2), .failed("boom")])
  }

  @Test func disposingStopsTheSource() {
    #expect(disposalReachesTheSource { $0.dropLast(3) })
    #expect(recorded(infinite(1).dropLast(5).take(3)) == completion(after: [1, 1, 1]))
  }

  @Test func aNegativeCountNamesTheOperator() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = Signal.just(1).dropLast(-1)
    }
    #if DEBUG
      if let result {
        #expect(
          String(decoding: result.standardErrorContent, as: UTF8.self)
            .contains("Signal.dropLast(_:): the count must not be negative, got -1"))
      }
    #endif
  }
}
