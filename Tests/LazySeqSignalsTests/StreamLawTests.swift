import LazySeqSignals
import LazySeqTestSupport
import Testing

/// RAC's RACStreamExamples (S1–S58) for signals (G1). The infinite stream is
/// a signal that sends until its subscription is disposed.
@Suite struct StreamLawTests {
  struct Unit: Equatable, CustomStringConvertible {
    var description: String { "unit" }
  }

  let one = signal(["Ada", "Bob", "Dea"])
  let two = signal(["eats", "cooks", "jumps"])
  let three = signal(["fish", "bear", "rock"])

  @Test func s1Empty() { #expect(history(Signal<Int>.empty) == ["completed"]) }

  @Test func s2Return() { #expect(history(Signal.just(Unit())) == ["next(unit)", "completed"]) }

  @Test func s3s4s5Concat() {
    #expect(history(Signal.just(0).concat(.just(1))) == expectHistory([0, 1]))
    #expect(history(Signal.just(0).concat(.just(1)).concat(.just(2))) == expectHistory([0, 1, 2]))
    #expect(history(Signal.just(0).concat(.empty).concat(.just(2))) == expectHistory([0, 2]))
  }

  @Test func s6Flatten() {
    #expect(history(Signal.just(Signal.just(Unit())).flatten()) == ["next(unit)", "completed"])
  }

  @Test func s7s8s9Bind() {
    let plusOne: @Sendable (Int, inout Bool) -> Signal<Int>? = { value, _ in .just(value + 1) }
    #expect(history(Signal.just(0).bind { plusOne }) == expectHistory([1]))
    #expect(history(signal([0, 1]).bind { plusOne }) == expectHistory([1, 2]))
    let skipOne = signal([0, 1, 2]).bind {
      { value, _ in value == 1 ? .empty : .just(value + 1) }
    }
    #expect(history(skipOne) == expectHistory([1, 3]))
  }

  @Test func s10s11s12BindTerminatesInfinite() {
    let none = infinite(Unit()).bind { { (_, _) -> Signal<Unit>? in nil } }
    #expect(history(none) == ["completed"])
    let stopAfterOne = infinite(Unit()).bind {
      { (value, stop) -> Signal<Unit>? in
        stop = true
        return .just(value)
      }
    }
    #expect(history(stopAfterOne) == ["next(unit)", "completed"])
    let nilAndStop = infinite(Unit()).bind {
      { (_, stop) -> Signal<Unit>? in
        stop = true
        return nil
      }
    }
    #expect(history(nilAndStop) == ["completed"])
  }

  func countingStream() -> Signal<Int> {
    signal([0, 1, 2]).bind {
      var counter = 0
      return { _, _ in
        defer { counter += 1 }
        return .just(counter)
      }
    }
  }

  @Test func s13RestartableWithBlockState() {
    let counting = countingStream()
    #expect(history(counting) == expectHistory([0, 1, 2]))
    #expect(history(counting) == expectHistory([0, 1, 2]))
  }

  @Test func s14InterleavableWithBlockState() {
    let counting = countingStream()
    let other = Signal<Int>.empty.concat(counting)
    let sums = Signal<Int>.zip([counting, other]).map { $0[0] + $0[1] }
    #expect(history(sums) == expectHistory([0, 2, 4]))
  }

  @Test func s15toS18FlatMap() {
    #expect(history(Signal.just(0).flatMap { Signal.just($0 + 1) }) == expectHistory([1]))
    #expect(history(signal([0, 1]).flatMap { Signal.just($0 + 1) }) == expectHistory([1, 2]))
    let emptyForOne = signal([0, 1, 2]).flatMap { $0 == 1 ? Signal<Int>.empty : .just($0 + 1) }
    #expect(history(emptyForOne) == expectHistory([1, 3]))
    let nilForOne = signal([0, 1, 2]).flatMap { value -> Signal<Int>? in
      value == 1 ? nil : .just(value + 1)
    }
    #expect(history(nilForOne) == expectHistory([1, 3]))
  }

  @Test func s19s20MapAndMapReplace() {
    #expect(history(signal([0, 1, 2]).map { $0 + 1 }) == expectHistory([1, 2, 3]))
    #expect(history(signal([0, 1, 2]).mapReplace(Unit())) == expectHistory([Unit(), Unit(), Unit()]))
  }

  @Test func s21toS23FilterAndIgnore() {
    #expect(history(signal(Array(0...6)).filter { $0 % 2 == 0 }) == expectHistory([0, 2, 4, 6]))
    #expect(history(signal(Array(0...6)).ignore(1)) == expectHistory([0, 2, 3, 4, 5, 6]))
    let strings = (0...6).map(String.init)
    let one = String(["1"])
    #expect(history(signal(strings).ignore(one)) == expectHistory(strings.filter { $0 != "1" }))
  }

  @Test func s24StartWith() {
    #expect(history(Signal.just(1).startWith(0)) == expectHistory([0, 1]))
  }

  @Test func s25toS30SkipAndTake() {
    let numbers = signal([0, 1, 2])
    for count in 0...2 {
      #expect(history(numbers.skip(count)) == expectHistory(Array([0, 1, 2].dropFirst(count))))
      #expect(history(numbers.take(count)) == expectHistory(Array([0, 1, 2].prefix(count))))
    }
    #expect(history(numbers.skip(4)) == ["completed"])
    #expect(history(numbers.take(4)) == expectHistory([0, 1, 2]))
    #expect(history(infinite(Unit()).take(0)) == ["completed"])
    #expect(history(infinite(Unit()).take(1)) == ["next(unit)", "completed"])
    #expect(history(infinite(Unit()).take(2)) == ["next(unit)", "next(unit)", "completed"])
    #expect(history(Signal.just(Unit()).take(1)) == ["next(unit)", "completed"])
  }

  @Test func s31toS34ZipWith() {
    let pairs = one.zip(with: two).map { "\($0) \($1)" }
    #expect(history(pairs) == expectHistory(["Ada eats", "Bob cooks", "Dea jumps"]))
    let truncated = one.zip(with: signal(["now", "later"])).map { "\($0) \($1)" }
    #expect(history(truncated) == expectHistory(["Ada now", "Bob later"]))
    let withInfinite = one.zip(with: infinite(Unit())).map { "\($0) \($1)" }
    #expect(history(withInfinite) == expectHistory(["Ada unit", "Bob unit", "Dea unit"]))
    let withSelf = one.zip(with: one).map { "\($0) \($1)" }
    #expect(history(withSelf) == expectHistory(["Ada Ada", "Bob Bob", "Dea Dea"]))
  }

  @Test func s35toS41ZipArrays() {
    let joined = { (signals: [Signal<String>]) in
      Signal<String>.zip(signals).map { $0.joined(separator: " ") }
    }
    #expect(
      history(joined([one, two, three]))
        == expectHistory(["Ada eats fish", "Bob cooks bear", "Dea jumps rock"]))
    #expect(
      history(joined([one, two, three, signal(["now", "later"])]))
        == expectHistory(["Ada eats fish now", "Bob cooks bear later"]))
    let withInfinite = Signal<String>.zip([one, two, three, infinite("x")]).map {
      $0.prefix(3).joined(separator: " ")
    }
    #expect(
      history(withInfinite) == expectHistory(["Ada eats fish", "Bob cooks bear", "Dea jumps rock"]))
    #expect(
      history(joined([one, one, two, three, two, three]))
        == expectHistory([
          "Ada Ada eats fish eats fish", "Bob Bob cooks bear cooks bear",
          "Dea Dea jumps rock jumps rock",
        ]))
    #expect(history(joined([one])) == expectHistory(["Ada", "Bob", "Dea"]))
    #expect(history(Signal<String>.zip([])) == ["completed"])
  }

  @Test func s44ConcatArray() {
    let parts: [Signal<Int>] = [
      .just(0), .empty, signal([1, 2, 3]), .just(4), .just(5), .empty, .empty, signal([6, 7]),
    ]
    #expect(history(Signal<Int>.concat(parts)) == expectHistory(Array(0...7)))
    #expect(history(signal(parts).concat()) == expectHistory(Array(0...7)))
  }

  @Test func s46s47Scan() {
    #expect(history(signal([1, 2, 3, 4]).scan(start: 0, reduce: +)) == expectHistory([1, 3, 6, 10]))
    let indexed = signal([1, 2, 3, 4]).scan(start: 0) { running, next, index in running + next + index }
    #expect(history(indexed) == expectHistory([1, 4, 9, 16]))
  }

  let values = signal([0, 1, 2, 3, 0, 2, 4])

  @Test func s48toS52TakeUntilAndWhile() {
    #expect(history(values.take(until: { $0 >= 3 })) == expectHistory([0, 1, 2]))
    #expect(history(values.take(while: { $0 <= 1 })) == expectHistory([0, 1]))
    #expect(history(values.take(while: { $0 <= 10 })) == expectHistory([0, 1, 2, 3, 0, 2, 4]))
    #expect(history(values.take(while: { $0 < 0 })) == ["completed"])
    let counting = infinite(1).scan(start: 0, reduce: +)
    #expect(history(counting.take(while: { $0 <= 5 })) == expectHistory([1, 2, 3, 4, 5]))
  }

  @Test func s53toS56SkipUntilAndWhile() {
    #expect(history(values.skip(until: { $0 >= 3 })) == expectHistory([3, 0, 2, 4]))
    #expect(history(values.skip(while: { $0 <= 1 })) == expectHistory([2, 3, 0, 2, 4]))
    #expect(history(values.skip(while: { $0 <= 10 })) == ["completed"])
    #expect(history(values.skip(while: { $0 < 0 })) == expectHistory([0, 1, 2, 3, 0, 2, 4]))
  }

  @Test func s57s58CombinePrevious() {
    let previouses = Guarded<[Int?]>([])
    let nexts = signal([1, 2, 3].map { Optional($0) }).combinePrevious(start: nil) { previous, next in
      previouses.value.append(previous)
      return next!
    }
    #expect(history(nexts) == expectHistory([1, 2, 3]))
    #expect(previouses.value == [nil, 1, 2])
    let combined = signal([1, 2, 3]).combinePrevious(start: 1) { "\($0) - \($1)" }
    #expect(history(combined) == expectHistory(["1 - 1", "1 - 2", "2 - 3"]))
  }

  @Test func s59MapOverPairs() {
    let pairs = signal([("foo", "bar"), ("buzz", "baz"), ("", "_")]).map { $0 + $1 }
    #expect(history(pairs) == expectHistory(["foobar", "buzzbaz", "_"]))
  }

  @Test func negativeCountsAreRejected() async {
    await #expect(processExitsWith: .failure) { _ = Signal.just(1).take(-1) }
    await #expect(processExitsWith: .failure) { _ = Signal.just(1).skip(-1) }
  }
}
