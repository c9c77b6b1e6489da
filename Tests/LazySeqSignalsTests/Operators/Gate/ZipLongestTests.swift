// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// zipLongest(with:) on signals: pairs by position until both complete, the
// shorter side padded with nil; interleavings, errors, disposal.

import LazySeqSignals
import LazySeqTestSupport
import Testing

/// A pair of optionals as text: "1a", "2-", "-b".
private func describe(_ pair: (Int?, String?)) -> String {
  "\(pair.0.map(String.init) ?? "-")\(pair.1 ?? "-")"
}

@Suite struct ZipLongestTests {
  @Test func pairsUntilBothComplete() {
    #expect(
      recorded(signal([1, 2, 3]).zipLongest(with: signal(["a"])).map(describe))
        == completion(after: ["1a", "2-", "3-"]))
    #expect(
      recorded(signal([1]).zipLongest(with: signal(["a", "b"])).map(describe))
        == completion(after: ["1a", "-b"]))
    #expect(recorded(signal([Int]()).zipLongest(with: signal([String]())).map(describe)) == [.completed])
  }

  @Test func matchesTheArrayReference() {
    var rng = SplitMix64(seed: 7)
    for _ in 0..<200 {
      let left = rng.array(maxCount: 6)
      let right = rng.array(maxCount: 6).map(String.init)
      let reference = (0..<max(left.count, right.count)).map { index in
        describe((index < left.count ? left[index] : nil, index < right.count ? right[index] : nil))
      }
      #expect(
        recorded(signal(left).zipLongest(with: signal(right)).map(describe)) == completion(after: reference),
        "\(left) \(right)")
    }
  }

  @Test func valuesWaitForTheOtherSideOrItsCompletion() {
    let numbers = Subject<Int>()
    let letters = Subject<String>()
    let recorder = Recorder(numbers.signal.zipLongest(with: letters.signal).map(describe))
    numbers.sendNext(1)
    numbers.sendNext(2)
    #expect(recorder.recorded == [])
    letters.sendNext("a")
    #expect(recorder.recorded == [.next("1a")])
    letters.sendCompleted()
    #expect(recorder.recorded == [.next("1a"), .next("2-")])
    numbers.sendNext(3)
    #expect(recorder.recorded == [.next("1a"), .next("2-"), .next("3-")])
    numbers.sendCompleted()
    #expect(recorder.recorded == [.next("1a"), .next("2-"), .next("3-"), .completed])
  }

  @Test func anErrorOfEitherEndsItOnce() {
    let numbers = Subject<Int>()
    let letters = Subject<String>()
    let recorder = Recorder(numbers.signal.zipLongest(with: letters.signal).map(describe))
    numbers.sendNext(1)
    letters.sendError(TestError.boom)
    numbers.sendError(TestError.other)
    numbers.sendCompleted()
    #expect(recorder.recorded == [.failed("boom")])
  }

  @Test func disposingStopsBothSources() {
    let disposed = Guarded(0)
    let first = Signal<Int> { _ in AnyDisposable { disposed.mutate { $0 += 1 } } }
    let second = Signal<String> { _ in AnyDisposable { disposed.mutate { $0 += 1 } } }
    first.zipLongest(with: second).subscribe().dispose()
    #expect(disposed.value == 2)
  }
}
