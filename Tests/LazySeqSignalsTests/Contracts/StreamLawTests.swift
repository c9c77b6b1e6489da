// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

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

  @Test("S1: empty completes at once") func emptyCompletesAtOnce() {
    #expect(recorded(Signal<Int>.empty) == [.completed])
  }

  @Test("S2: return (just) sends one value and completes") func justSendsOneValue() {
    #expect(recorded(Signal.just(Unit())) == [.next(Unit()), .completed])
  }

  @Test("S3, S4, S5: concat") func concat() {
    #expect(recorded(Signal.just(0).concat(.just(1))) == [.next(0), .next(1), .completed])
    #expect(
      recorded(Signal.just(0).concat(.just(1)).concat(.just(2))) == [
        .next(0), .next(1), .next(2), .completed,
      ])
    #expect(recorded(Signal.just(0).concat(.empty).concat(.just(2))) == [.next(0), .next(2), .completed])
  }

  @Test("S6: flatten") func flatten() {
    #expect(recorded(Signal.just(Signal.just(Unit())).flatten()) == [.next(Unit()), .completed])
  }

  @Test("S7, S8, S9: bind") func bind() {
    let plusOne: @Sendable (Int, inout Bool) -> Signal<Int>? = { value, _ in .just(value + 1) }
    #expect(recorded(Signal.just(0).bind { plusOne }) == [.next(1), .completed])
    #expect(recorded(signal([0, 1]).bind { plusOne }) == [.next(1), .next(2), .completed])
    let skipOne = signal([0, 1, 2]).bind {
      { value, _ in value == 1 ? .empty : .just(value + 1) }
    }
    #expect(recorded(skipOne) == [.next(1), .next(3), .completed])
  }

  @Test("S10, S11, S12: bind terminates infinite") func bindTerminatesInfinite() {
    let none = infinite(Unit()).bind { { (_, _) -> Signal<Unit>? in nil } }
    #expect(recorded(none) == [.completed])
    let stopAfterOne = infinite(Unit()).bind {
      { (value, stop) -> Signal<Unit>? in
        stop = true
        return .just(value)
      }
    }
    #expect(recorded(stopAfterOne) == [.next(Unit()), .completed])
    let nilAndStop = infinite(Unit()).bind {
      { (_, stop) -> Signal<Unit>? in
        stop = true
        return nil
      }
    }
    #expect(recorded(nilAndStop) == [.completed])
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

  @Test("S13: restartable with block state") func restartableWithBlockState() {
    let counting = countingStream()
    #expect(recorded(counting) == [.next(0), .next(1), .next(2), .completed])
    #expect(recorded(counting) == [.next(0), .next(1), .next(2), .completed])
  }

  @Test("S14: interleavable with block state") func interleavableWithBlockState() {
    let counting = countingStream()
    let other = Signal<Int>.empty.concat(counting)
    let sums = Signal<Int>.zip([counting, other]).map { $0[0] + $0[1] }
    #expect(recorded(sums) == [.next(0), .next(2), .next(4), .completed])
  }

  @Test("S15–S18: flat map") func flatMap() {
    #expect(recorded(Signal.just(0).flatMap { Signal.just($0 + 1) }) == [.next(1), .completed])
    #expect(recorded(signal([0, 1]).flatMap { Signal.just($0 + 1) }) == [.next(1), .next(2), .completed])
    let emptyForOne = signal([0, 1, 2]).flatMap { $0 == 1 ? Signal<Int>.empty : .just($0 + 1) }
    #expect(recorded(emptyForOne) == [.next(1), .next(3), .completed])
    let nilForOne = signal([0, 1, 2]).flatMap { value -> Signal<Int>? in
      value == 1 ? nil : .just(value + 1)
    }
    #expect(recorded(nilForOne) == [.next(1), .next(3), .completed])
  }

  @Test("S19, S20: map and map replace") func mapAndMapReplace() {
    #expect(recorded(signal([0, 1, 2]).map { $0 + 1 }) == [.next(1), .next(2), .next(3), .completed])
    #expect(
      recorded(signal([0, 1, 2]).mapReplace(Unit())) == [
        .next(Unit()), .next(Unit()), .next(Unit()), .completed,
      ])
  }

  @Test("S21–S23: filter and ignore") func filterAndIgnore() {
    #expect(
      recorded(signal(Array(0...6)).filter { $0 % 2 == 0 }) == [
        .next(0), .next(2), .next(4), .next(6), .completed,
      ])
    #expect(
      recorded(signal(Array(0...6)).ignore(1)) == [
        .next(0), .next(2), .next(3), .next(4), .next(5), .next(6), .completed,
      ])
    let strings = (0...6).map(String.init)
    let one = String(["1"])
    #expect(recorded(signal(strings).ignore(one)) == completion(after: strings.filter { $0 != "1" }))
  }

  @Test("S24: start with") func startWith() {
    #expect(recorded(Signal.just(1).startWith(0)) == [.next(0), .next(1), .completed])
  }

  @Test("S25–S30: skip and take") func skipAndTake() {
    let numbers = signal([0, 1, 2])
    for count in 0...2 {
      #expect(recorded(numbers.skip(count)) == completion(after: Array([0, 1, 2].dropFirst(count))))
      #expect(recorded(numbers.take(count)) == completion(after: Array([0, 1, 2].prefix(count))))
    }
    #expect(recorded(numbers.skip(4)) == [.completed])
    #expect(recorded(numbers.take(4)) == [.next(0), .next(1), .next(2), .completed])
    #expect(recorded(infinite(Unit()).take(0)) == [.completed])
    #expect(recorded(infinite(Unit()).take(1)) == [.next(Unit()), .completed])
    #expect(recorded(infinite(Unit()).take(2)) == [.next(Unit()), .next(Unit()), .completed])
    #expect(recorded(Signal.just(Unit()).take(1)) == [.next(Unit()), .completed])
  }

  @Test("S31–S34: zip with") func zipWith() {
    let pairs = one.zip(with: two).map { "\($0) \($1)" }
    #expect(recorded(pairs) == [.next("Ada eats"), .next("Bob cooks"), .next("Dea jumps"), .completed])
    let truncated = one.zip(with: signal(["now", "later"])).map { "\($0) \($1)" }
    #expect(recorded(truncated) == [.next("Ada now"), .next("Bob later"), .completed])
    let withInfinite = one.zip(with: infinite(Unit())).map { "\($0) \($1)" }
    #expect(recorded(withInfinite) == [.next("Ada unit"), .next("Bob unit"), .next("Dea unit"), .completed])
    let withSelf = one.zip(with: one).map { "\($0) \($1)" }
    #expect(recorded(withSelf) == [.next("Ada Ada"), .next("Bob Bob"), .next("Dea Dea"), .completed])
  }

  @Test("S35–S41: zip arrays") func zipArrays() {
    let joined = { (signals: [Signal<String>]) in
      Signal<String>.zip(signals).map { $0.joined(separator: " ") }
    }
    #expect(
      recorded(joined([one, two, three]))
        == [.next("Ada eats fish"), .next("Bob cooks bear"), .next("Dea jumps rock"), .completed])
    #expect(
      recorded(joined([one, two, three, signal(["now", "later"])]))
        == [.next("Ada eats fish now"), .next("Bob cooks bear later"), .completed])
    let withInfinite = Signal<String>.zip([one, two, three, infinite("x")]).map {
      $0.prefix(3).joined(separator: " ")
    }
    #expect(
      recorded(withInfinite) == [
        .next("Ada eats fish"), .next("Bob cooks bear"), .next("Dea jumps rock"), .completed,
      ])
    #expect(
      recorded(joined([one, one, two, three, two, three])) == [
        .next("Ada Ada eats fish eats fish"), .next("Bob Bob cooks bear cooks bear"),
        .next("Dea Dea jumps rock jumps rock"), .completed,
      ])
    #expect(recorded(joined([one])) == [.next("Ada"), .next("Bob"), .next("Dea"), .completed])
    #expect(recorded(Signal<String>.zip([])) == [.completed])
  }

  @Test("S44: concat array") func concatArray() {
    let parts: [Signal<Int>] = [
      .just(0), .empty, signal([1, 2, 3]), .just(4), .just(5), .empty, .empty, signal([6, 7]),
    ]
    #expect(recorded(Signal<Int>.concat(parts)) == completion(after: Array(0...7)))
    #expect(recorded(signal(parts).concat()) == completion(after: Array(0...7)))
  }

  @Test("S46, S47: scan") func scan() {
    #expect(
      recorded(signal([1, 2, 3, 4]).scan(start: 0, reduce: +)) == [
        .next(1), .next(3), .next(6), .next(10), .completed,
      ])
    let indexed = signal([1, 2, 3, 4]).scan(start: 0) { running, next, index in running + next + index }
    #expect(recorded(indexed) == [.next(1), .next(4), .next(9), .next(16), .completed])
  }

  let values = signal([0, 1, 2, 3, 0, 2, 4])

  @Test("S48–S52: take until and while") func takeUntilAndWhile() {
    #expect(recorded(values.take(until: { $0 >= 3 })) == [.next(0), .next(1), .next(2), .completed])
    #expect(recorded(values.take(while: { $0 <= 1 })) == [.next(0), .next(1), .completed])
    #expect(
      recorded(values.take(while: { $0 <= 10 })) == [
        .next(0), .next(1), .next(2), .next(3), .next(0), .next(2), .next(4), .completed,
      ])
    #expect(recorded(values.take(while: { $0 < 0 })) == [.completed])
    let counting = infinite(1).scan(start: 0, reduce: +)
    #expect(
      recorded(counting.take(while: { $0 <= 5 })) == [
        .next(1), .next(2), .next(3), .next(4), .next(5), .completed,
      ])
  }

  @Test("S53–S56: skip until and while") func skipUntilAndWhile() {
    #expect(
      recorded(values.skip(until: { $0 >= 3 })) == [.next(3), .next(0), .next(2), .next(4), .completed])
    #expect(
      recorded(values.skip(while: { $0 <= 1 })) == [
        .next(2), .next(3), .next(0), .next(2), .next(4), .completed,
      ])
    #expect(recorded(values.skip(while: { $0 <= 10 })) == [.completed])
    #expect(
      recorded(values.skip(while: { $0 < 0 })) == [
        .next(0), .next(1), .next(2), .next(3), .next(0), .next(2), .next(4), .completed,
      ])
  }

  @Test("S57, S58: combine previous") func combinePrevious() {
    let previouses = Guarded<[Int?]>([])
    let nexts = signal([1, 2, 3].map { Optional($0) }).combinePrevious(start: nil) { previous, next in
      previouses.value.append(previous)
      return next!
    }
    #expect(recorded(nexts) == [.next(1), .next(2), .next(3), .completed])
    #expect(previouses.value == [nil, 1, 2])
    let combined = signal([1, 2, 3]).combinePrevious(start: 1) { "\($0) - \($1)" }
    #expect(recorded(combined) == [.next("1 - 1"), .next("1 - 2"), .next("2 - 3"), .completed])
  }

  @Test("S59: map over pairs") func mapOverPairs() {
    let pairs = signal([("foo", "bar"), ("buzz", "baz"), ("", "_")]).map { $0 + $1 }
    #expect(recorded(pairs) == [.next("foobar"), .next("buzzbaz"), .next("_"), .completed])
  }

  @Test func negativeCountsAreRejected() async {
    await #expect(processExitsWith: .failure) { _ = Signal.just(1).take(-1) }
    await #expect(processExitsWith: .failure) { _ = Signal.just(1).skip(-1) }
  }
}
