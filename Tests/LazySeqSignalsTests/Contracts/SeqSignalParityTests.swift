// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// Every operator that `Seq` and `Signal` share, run on the same random
// inputs through both types: `seq.op(…).array` and
// `Signal(seq).op(…).toArray()` must give the same elements. Each signal run
// is repeated with an error injected after a random prefix of the input,
// and must send what the operator can send from that prefix, then the same
// error (or complete first, if the operator ends before it).
//
// Out of this test, because they have no `Seq` form: the time and thread
// operators (delay, throttle, debounce, buffer by time, timeout, interval,
// deliver(on:), subscribe(on:), deliverOnMainThread), the multicasting and
// sharing ones (publish, multicast, replay…, share), the error handlers
// (catch, retry, materialize), switchToLatest, sample, combineLatest,
// withLatest, groupBy and the side effects (doNext, initially, finally).
// Also out: `cycled()` without a count (infinite on both types; bounded by
// `take` it is covered by `cycled(times:)`); `tryMap`, whose thrown error
// ends a `Seq` quietly (kept as its `failure`) but fails a signal; `bind`,
// whose binders differ in kind; and the constructors (`just`, `empty`).
// `flatMap` and `flatten` are compared on synchronous inner signals, where
// merging and concatenating give the same order.

import LazySeq
import LazySeqSignals
import LazySeqTestSupport
import Testing

/// One operator with its random arguments, applied to both types. Results
/// are compared as text, so that tuples and arrays compare alike.
private struct Operation {
  let name: String
  /// `true` for operators of two inputs (zip, concat…): the error is then
  /// injected into the second input.
  var binary = false
  let onSeq: (Seq<Int>, Seq<Int>) -> [String]
  let onSignal: (Signal<Int>, Signal<Int>) -> Signal<String>
  /// What the signal sends when its (injected) input fails after `prefix`:
  /// the values, and whether it completes before the error. `nil`: the
  /// `Seq` operator on the prefix, then the error.
  var onError: (([Int], [Int]) -> (values: [String], completes: Bool))?
}

private func text<T>(_ value: T) -> String { "\(value)" }

/// The operators both types have, each with arguments drawn from `rng`.
private func operations(_ rng: inout SplitMix64) -> [Operation] {
  let count = Int.random(in: 0...4, using: &rng)
  let positive = Int.random(in: 1...4, using: &rng)
  let step = Int.random(in: 1...5, using: &rng)
  let pivot = Int.random(in: 0...5, using: &rng)
  let times = Int.random(in: 0...3, using: &rng)
  let seqOf: ([Int]) -> Seq<Int> = { Seq($0) }
  return [
    Operation(
      name: "map", onSeq: { s, _ in s.map { $0 * 3 }.array.map(text) },
      onSignal: { s, _ in s.map { text($0 * 3) } }),
    Operation(
      name: "filter", onSeq: { s, _ in s.filter { $0 < pivot }.array.map(text) },
      onSignal: { s, _ in s.filter { $0 < pivot }.map(text) }),
    Operation(
      name: "compactMap", onSeq: { s, _ in s.compactMap { $0 < pivot ? -$0 : nil }.array.map(text) },
      onSignal: { s, _ in s.compactMap { $0 < pivot ? -$0 : nil }.map(text) }),
    Operation(
      name: "mapReplace", onSeq: { s, _ in s.mapReplace(pivot).array.map(text) },
      onSignal: { s, _ in s.mapReplace(pivot).map(text) }),
    Operation(
      name: "ignore", onSeq: { s, _ in s.ignore(pivot).array.map(text) },
      onSignal: { s, _ in s.ignore(pivot).map(text) }),
    Operation(
      name: "scan",
      onSeq: { s, _ in s.scan(start: pivot, reduce: { ($0 * 2 + $1) % 1_000 }).array.map(text) },
      onSignal: { s, _ in s.scan(start: pivot, reduce: { ($0 * 2 + $1) % 1_000 }).map(text) }),
    Operation(
      name: "scan(reduceWithIndex:)",
      onSeq: { s, _ in s.scan(start: 0, reduceWithIndex: { $0 + $1 * $2 }).array.map(text) },
      onSignal: { s, _ in s.scan(start: 0, reduceWithIndex: { $0 + $1 * $2 }).map(text) }),
    Operation(
      name: "reductions",
      onSeq: { s, _ in s.reductions(pivot, { ($0 * 2 + $1) % 1_000 }).array.map(text) },
      onSignal: { s, _ in s.reductions(pivot, { ($0 * 2 + $1) % 1_000 }).map(text) }),
    Operation(
      name: "reductions(into:)",
      onSeq: { s, _ in s.reductions(into: pivot) { $0 = ($0 + $1) % 1_000 }.array.map(text) },
      onSignal: { s, _ in s.reductions(into: pivot) { $0 = ($0 + $1) % 1_000 }.map(text) }),
    Operation(
      name: "reductions(_:)", onSeq: { s, _ in s.reductions { ($0 * 3 - $1) % 1_000 }.array.map(text) },
      onSignal: { s, _ in s.reductions { ($0 * 3 - $1) % 1_000 }.map(text) }),
    Operation(
      name: "combinePrevious",
      onSeq: { s, _ in s.combinePrevious(start: pivot, reduce: { $1 - $0 }).array.map(text) },
      onSignal: { s, _ in s.combinePrevious(start: pivot, reduce: { $1 - $0 }).map(text) }),
    Operation(
      name: "take", onSeq: { s, _ in s.take(count).array.map(text) },
      onSignal: { s, _ in s.take(count).map(text) },
      onError: { prefix, _ in (prefix.prefix(count).map(text), count <= prefix.count) }),
    Operation(
      name: "skip", onSeq: { s, _ in s.skip(count).array.map(text) },
      onSignal: { s, _ in s.skip(count).map(text) }),
    Operation(
      name: "take(while:)", onSeq: { s, _ in s.take(while: { $0 < pivot }).array.map(text) },
      onSignal: { s, _ in s.take(while: { $0 < pivot }).map(text) },
      onError: { prefix, _ in
        (prefix.prefix(while: { $0 < pivot }).map(text), prefix.contains { $0 >= pivot })
      }),
    Operation(
      name: "take(until:)", onSeq: { s, _ in s.take(until: { $0 == pivot }).array.map(text) },
      onSignal: { s, _ in s.take(until: { $0 == pivot }).map(text) },
      onError: { prefix, _ in (prefix.prefix(while: { $0 != pivot }).map(text), prefix.contains(pivot)) }),
    Operation(
      name: "skip(while:)", onSeq: { s, _ in s.skip(while: { $0 < pivot }).array.map(text) },
      onSignal: { s, _ in s.skip(while: { $0 < pivot }).map(text) }),
    Operation(
      name: "skip(until:)", onSeq: { s, _ in s.skip(until: { $0 == pivot }).array.map(text) },
      onSignal: { s, _ in s.skip(until: { $0 == pivot }).map(text) }),
    Operation(
      name: "distinctUntilChanged", onSeq: { s, _ in s.distinctUntilChanged().array.map(text) },
      onSignal: { s, _ in s.distinctUntilChanged().map(text) }),
    Operation(
      name: "startWith", onSeq: { s, _ in s.startWith(pivot).array.map(text) },
      onSignal: { s, _ in s.startWith(pivot).map(text) }),
    Operation(
      name: "windows(ofCount:step:)",
      onSeq: { s, _ in s.windows(ofCount: positive, step: step).array.map(text) },
      onSignal: { s, _ in s.windows(ofCount: positive, step: step).map(text) }),
    Operation(
      name: "chunks(ofCount:)", onSeq: { s, _ in s.chunks(ofCount: positive).array.map(text) },
      onSignal: { s, _ in s.chunks(ofCount: positive).map(text) },
      // The short last chunk is sent at completion only.
      onError: { prefix, _ in
        (seqOf(prefix).chunks(ofCount: positive).array.filter { $0.count == positive }.map(text), false)
      }),
    Operation(
      name: "enumerated", onSeq: { s, _ in s.enumerated().array.map(text) },
      onSignal: { s, _ in s.enumerated().map(text) }),
    Operation(
      name: "uniqued", onSeq: { s, _ in s.uniqued().array.map(text) },
      onSignal: { s, _ in s.uniqued().map(text) }),
    Operation(
      name: "uniqued(on:)", onSeq: { s, _ in s.uniqued(on: { $0 % 3 }).array.map(text) },
      onSignal: { s, _ in s.uniqued(on: { $0 % 3 }).map(text) }),
    Operation(
      name: "interspersed", onSeq: { s, _ in s.interspersed(with: -1).array.map(text) },
      onSignal: { s, _ in s.interspersed(with: -1).map(text) }),
    Operation(
      name: "dropLast", onSeq: { s, _ in s.dropLast(count).array.map(text) },
      onSignal: { s, _ in s.dropLast(count).map(text) }),
    Operation(
      name: "takeLast", onSeq: { s, _ in s.takeLast(count).array.map(text) },
      onSignal: { s, _ in s.takeLast(count).map(text) },
      // Everything is sent at completion.
      onError: { _, _ in ([], false) }),
    Operation(
      name: "cycled(times:)", onSeq: { s, _ in s.cycled(times: times).array.map(text) },
      onSignal: { s, _ in s.cycled(times: times).map(text) },
      // The first run fails.
      onError: { prefix, _ in times == 0 ? ([], true) : (prefix.map(text), false) }),
    Operation(
      name: "partitioned(by:).falseElements",
      onSeq: { s, _ in s.partitioned(by: { $0 < pivot }).falseElements.array.map(text) },
      onSignal: { s, _ in s.partitioned(by: { $0 < pivot }).falseElements.map(text) }),
    Operation(
      name: "partitioned(by:).trueElements",
      onSeq: { s, _ in s.partitioned(by: { $0 < pivot }).trueElements.array.map(text) },
      onSignal: { s, _ in s.partitioned(by: { $0 < pivot }).trueElements.map(text) }),
    Operation(
      name: "flatMap", onSeq: { s, _ in s.flatMap { Seq(repeatElement($0, count: $0 % 3)) }.array.map(text) },
      onSignal: { s, _ in s.flatMap { Signal(Seq(repeatElement($0, count: $0 % 3))) }.map(text) }),
    Operation(
      name: "flatten",
      onSeq: { s, _ in s.map { Seq(repeatElement($0, count: $0 % 3)) }.flatten().array.map(text) },
      onSignal: { s, _ in s.map { Signal(Seq(repeatElement($0, count: $0 % 3))) }.flatten().map(text) }),
    Operation(
      name: "concat", binary: true, onSeq: { s, t in s.concat(t).array.map(text) },
      onSignal: { s, t in s.concat(t).map(text) }),
    Operation(
      name: "zip(with:)", binary: true, onSeq: { s, t in s.zip(with: t).array.map(text) },
      onSignal: { s, t in s.zip(with: t).map(text) },
      // The first input runs to its end before the second is subscribed;
      // it completes the result if it is not longer than the second's prefix.
      onError: { first, prefix in
        (seqOf(first).zip(with: seqOf(prefix)).array.map(text), first.count <= prefix.count)
      }),
    Operation(
      name: "zip(_:)", binary: true, onSeq: { s, t in Seq.zip([s, t]).array.map(text) },
      onSignal: { s, t in Signal.zip([s, t]).map(text) },
      onError: { first, prefix in
        (Seq.zip([seqOf(first), seqOf(prefix)]).array.map(text), first.count <= prefix.count)
      }),
    Operation(
      name: "zipLongest(with:)", binary: true, onSeq: { s, t in s.zipLongest(with: t).array.map(text) },
      onSignal: { s, t in s.zipLongest(with: t).map(text) },
      onError: { first, prefix in
        (Array(seqOf(first).zipLongest(with: seqOf(prefix)).array.prefix(prefix.count)).map(text), false)
      }),
  ]
}

/// A random input: empty, one element, short with many repeats, or long.
private func input(_ rng: inout SplitMix64) -> [Int] {
  switch Int.random(in: 0..<8, using: &rng) {
  case 0: return []
  case 1: return [Int.random(in: 0...5, using: &rng)]
  case 2: return rng.array(maxCount: 200, values: 0...9)
  case 3: return rng.array(maxCount: 12, values: 0...1)
  default: return rng.array(maxCount: 12)
  }
}

@Suite struct SeqSignalParityTests {
  @Test func sharedOperatorsAgreeOnRandomInputs() throws {
    var rng = SplitMix64(seed: 0x5EC5_1C4A)
    var cases = 0
    for trial in 0..<320 {
      let first = input(&rng)
      let second = input(&rng)
      for operation in operations(&rng) {
        let label = "\(operation.name), trial \(trial): \(first) \(second)"
        let expected = operation.onSeq(Seq(first), Seq(second))
        let sent = try operation.onSignal(Signal(Seq(first)), Signal(Seq(second))).toArray()
        #expect(sent == expected, "\(label)")

        // The same, with the error after a random prefix of the input that
        // fails (the second for a binary operator).
        let failing = operation.binary ? second : first
        let prefix = Array(failing.prefix(Int.random(in: 0...failing.count, using: &rng)))
        let broken = Signal(Seq(prefix)).concat(Signal.error(TestError.boom))
        let result =
          operation.binary
          ? operation.onSignal(Signal(Seq(first)), broken) : operation.onSignal(broken, Signal(Seq(second)))
        let (values, completes) =
          operation.onError?(operation.binary ? first : prefix, prefix)
          ?? (
            operation.binary
              ? operation.onSeq(Seq(first), Seq(prefix)) : operation.onSeq(Seq(prefix), Seq(second)),
            false
          )
        #expect(
          Recorder(result).recorded == values.map { .next($0) } + [completes ? .completed : .failed("boom")],
          "\(label), failing after \(prefix)")
        cases += 1
      }
    }
    #expect(cases >= 10_000)
    print("SeqSignalParityTests: \(cases) random cases, each on both types, with and without an error")
  }
}
