// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

import Foundation
import LazySeqSignals
import LazySeqTestSupport
import Testing

@Suite struct ZipReduceTests {
  @Test func combinesTheValuesPairedByPosition() {
    let names = Subject<String>()
    let scores = Subject<Int>()
    let recorder = Recorder(names.signal.zip(with: scores.signal) { "\($0): \($1)" })
    names.sendNext("ada")
    names.sendNext("bob")
    scores.sendNext(3)
    scores.sendNext(5)
    scores.sendNext(7)
    names.sendCompleted()
    #expect(recorder.recorded == completion(after: ["ada: 3", "bob: 5"]))
  }

  @Test func isZipFollowedByMap() {
    let reduced = signal([1, 2, 3]).zip(with: signal([10, 20])) { $0 + $1 }
    let mapped = signal([1, 2, 3]).zip(with: signal([10, 20])).map { $0 + $1 }
    #expect(history(reduced) == history(mapped))
    #expect(recorded(reduced) == completion(after: [11, 22]))
  }

  @Test func anErrorOfEitherEndsIt() {
    let reduced = signal([1, 2]).zip(with: Signal<Int>.error(TestError.boom)) { $0 + $1 }
    #expect(history(reduced) == ["error(boom)"])
  }
}
