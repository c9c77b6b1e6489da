// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// Our side of the sequence scenarios, written against the `Seq` contract
// (Docs/Contracts.md). The closures are written inline, as users write them, on both
// sides (`Baselines.swift` spells the same work the same way), so that
// `array.lazy` gets its full specialization.
import Foundation
import LazySeq

enum OursSeq {
  /// Scenario 1: `for x in Seq(array)`.
  static func walk(_ array: [Int]) -> Int {
    var acc = 0
    for x in Seq(array) { acc = mix(acc, x) }
    return acc
  }

  /// Scenario 2: the first (memoizing) walk of `Seq(array).map(f).filter(g)`.
  /// The sequence is held while it is walked, as anyone who walks it again
  /// would, so every element of the result is memoized.
  static func firstWalk(_ array: [Int]) -> Int {
    let seq = Seq(array).map { $0 &* 3 &+ 1 }.filter { $0 & 2 == 0 }
    return withExtendedLifetime(seq) {
      var acc = 0
      for x in seq { acc = mix(acc, x) }
      return acc
    }
  }

  /// Row 10s: `for window in` a temporary `Seq(array).windows(ofCount: 8, step: 2)`.
  static func windows(_ array: [Int]) -> Int {
    var acc = 0
    for window in Seq(array).windows(ofCount: 8, step: 2) { acc = mix(acc, window[0] &+ window[7]) }
    return acc
  }

  /// Scenario 2a: scenario 2 with the opt-in policy of evaluating up to 64
  /// elements per demand.
  static func firstWalkAhead(_ array: [Int]) -> Int {
    let seq = Seq(array).evaluatingAhead(64).map { $0 &* 3 &+ 1 }.filter { $0 & 2 == 0 }
    return withExtendedLifetime(seq) {
      var acc = 0
      for x in seq { acc = mix(acc, x) }
      return acc
    }
  }

  /// Profiling case: `compactMap`, `scan` and `zip` walked once, every
  /// stage held (so none is fused and each memo runs its own producer),
  /// exactly lazy (`ahead == 1`) or evaluating ahead by `ahead`: their batch
  /// producers against their element producers.
  static func otherOperatorsFirstWalk(_ array: [Int], ahead: Int) -> Int {
    let kept = Seq(array).evaluatingAhead(ahead).compactMap { $0 & 3 == 0 ? nil : $0 &* 3 }
    let sums = kept.scan(start: 0, reduce: &+)
    let pairs = sums.zip(with: kept)
    return withExtendedLifetime((kept, sums, pairs)) {
      var acc = 0
      for (sum, value) in pairs { acc = mix(acc, sum &+ value) }
      return acc
    }
  }

  /// Scenario 2t: `for x in` a temporary `Seq(array).map(f).filter(g)`.
  /// Nothing else can see the pipeline, so LazySeq may fuse it and skip the
  /// memo entirely; this is the common loop, but not a memoizing walk.
  static func temporaryWalk(_ array: [Int]) -> Int {
    var acc = 0
    for x in Seq(array).map({ $0 &* 3 &+ 1 }).filter({ $0 & 2 == 0 }) { acc = mix(acc, x) }
    return acc
  }

  /// Profiling: row 2t's pipeline consumed by `reduce` instead of `for`-`in`
  /// (`Seq.reduce` consumes its receiver: the same fused walk).
  static func temporaryReduce(_ array: [Int]) -> Int {
    Seq(array).map({ $0 &* 3 &+ 1 }).filter({ $0 & 2 == 0 }).reduce(0, mix)
  }

  /// Profiling: `n` temporary three-operator pipelines over a four-element
  /// array, each consumed by `reduce`: the cost (and, under memcheck, the
  /// allocations) of setting a pipeline up, per pipeline.
  static func pipelineSetup(_ n: Int) -> Int {
    let small = opaque([1, 2, 3, 4])
    var acc = 0
    for i in 0..<n {
      acc = mix(acc, Seq(small).map({ $0 &+ i }).filter({ $0 & 1 == 0 }).map({ $0 &* 3 }).reduce(0, &+))
    }
    return acc
  }

  /// Scenario 3: builds the same pipeline, evaluates it fully, and returns a
  /// walk of the evaluated sequence plus its element count.
  static func prepareSecondWalk(_ array: [Int]) -> (walk: () -> Int, count: Int) {
    let evaluated = Seq(array).map { $0 &* 3 &+ 1 }.filter { $0 & 2 == 0 }
    var count = 0
    for _ in evaluated { count += 1 }
    let walk = {
      var acc = 0
      for x in evaluated { acc = mix(acc, x) }
      return acc
    }
    return (walk, count)
  }

  /// Scenario 1u: RAC's native idiom, head/tail walking with `uncons`.
  static func unconsWalk(_ array: [Int]) -> Int {
    var acc = 0
    var s = Seq(array)
    while let (h, t) = s.uncons {
      acc = mix(acc, h)
      s = t
    }
    return acc
  }

  /// Profiling: the head/tail walk of a fresh `map` memo, filled as the
  /// walk goes (each step evaluates the next element; the positions handed
  /// out cross segment boundaries before the next segment exists).
  static func unconsMemoWalk(_ array: [Int]) -> Int {
    var acc = 0
    var s = Seq(array).map { $0 &* 3 &+ 1 }
    while let (h, t) = s.uncons {
      acc = mix(acc, h)
      s = t
    }
    return acc
  }

  /// Profiling: `Seq.concat` of one single-element part per array element,
  /// walked once (one part boundary per element, no splicing).
  static func flatConcatWalk(_ array: [Int]) -> Int {
    let joined = Seq.concat(array.map { Seq.just($0) })
    return withExtendedLifetime(joined) {
      var acc = 0
      for x in joined { acc = mix(acc, x) }
      return acc
    }
  }

  /// Profiling: `flatMap` to a two-element `Seq` per array element, held
  /// and walked once (a small memo made and released per element).
  static func flatMapWalk(_ array: [Int]) -> Int {
    let pairs = Seq(array).flatMap { Seq([$0, $0 &+ 1]) }
    return withExtendedLifetime(pairs) {
      var acc = 0
      for x in pairs { acc = mix(acc, x) }
      return acc
    }
  }

  /// Profiling: `flatMap` to a `map` of a two-element `Seq` per array
  /// element, held and walked once (a small memo made and released per
  /// element).
  static func flatMapMemoWalk(_ array: [Int]) -> Int {
    let pairs = Seq(array).flatMap { Seq([$0, $0 &+ 1]).map { $0 &* 5 } }
    return withExtendedLifetime(pairs) {
      var acc = 0
      for x in pairs { acc = mix(acc, x) }
      return acc
    }
  }

  /// Profiling: the same parts as right-nested concatenations
  /// (`a + (b + (c + …))`), walked once: each nested concatenation is
  /// spliced into the outer walk at its boundary.
  static func nestedConcatWalk(_ array: [Int]) -> Int {
    let joined = array.reversed().reduce(Seq<Int>()) { rest, x in Seq.just(x).concat(rest) }
    return withExtendedLifetime(joined) {
      var acc = 0
      for x in joined { acc = mix(acc, x) }
      return acc
    }
  }

  /// Scenario 2c, baseline side: one thread walks a fresh, held
  /// `Seq.Shared(Seq(array).map(f))` (every element memoized).
  static func mapFirstWalk(_ array: [Int]) -> Int {
    let shared = Seq.Shared(Seq(array).map { $0 &* 3 &+ 1 })
    return withExtendedLifetime(shared) {
      var acc = 0
      for x in shared { acc = mix(acc, x) }
      return acc
    }
  }

  /// Scenario 2c: `threads` threads walk one fresh
  /// `Seq.Shared(Seq(array).map(f))` together, each to the end; returns the
  /// common checksum (or -1 if the threads disagree, which fails the row).
  static func contendedFirstWalk(_ array: [Int], threads: Int) -> Int {
    let seq = Seq.Shared(Seq(array).map { $0 &* 3 &+ 1 })
    return walkTogether(threads: threads) { _ in
      var acc = 0
      for x in seq { acc = mix(acc, x) }
      return acc
    }
  }

  /// Scenario 2w: `threads` threads walk one fresh `slowShared` sequence.
  /// Returns the median, over the elements and the threads that did not get
  /// an element first, of how long after the first thread each got it, in
  /// µs; `nil` if the threads disagree on the elements.
  static func slowProducerLag(count: Int, micros: UInt32, threads: Int) -> Double? {
    let seq = slowShared(count: count, micros: micros)
    let stamps = ThreadStamps(threads: threads, count: count)
    let common = walkTogether(threads: threads) { i in
      var acc = 0
      var k = 0
      for x in seq {
        stamps.set(i, k, DispatchTime.now().uptimeNanoseconds)
        acc = mix(acc, x)
        k += 1
      }
      return acc
    }
    return common == -1 ? nil : stamps.medianLagMicroseconds
  }

  /// Scenario 2w, baseline side: one thread walks a `slowShared` sequence
  /// alone; returns its wall time per element, in µs (the producer's pace).
  static func slowProducerPace(count: Int, micros: UInt32) -> Double {
    let seq = slowShared(count: count, micros: micros)
    let started = DispatchTime.now().uptimeNanoseconds
    var acc = 0
    for x in seq { acc = mix(acc, x) }
    let elapsed = DispatchTime.now().uptimeNanoseconds - started
    blackHole(acc)
    return Double(elapsed) / 1_000 / Double(count)
  }

  /// A fresh `Seq.Shared` of `count` elements whose producer sleeps
  /// `micros` µs per element (a blocking source).
  private static func slowShared(count: Int, micros: UInt32) -> Seq<Int>.Shared {
    Seq.Shared(
      Seq(Array(0..<count)).map { x -> Int in
        usleep(micros)
        return x &* 3 &+ 1
      })
  }

  /// Runs `walk` on `threads` new threads that start together, waits for
  /// all of them, and returns the checksum they agree on (or -1).
  private static func walkTogether(threads: Int, _ walk: @escaping @Sendable (Int) -> Int) -> Int {
    let results = ThreadResults(count: threads)
    let done = DispatchSemaphore(value: 0)
    let start = DispatchSemaphore(value: 0)
    for i in 0..<threads {
      Thread {
        start.wait()
        results.set(i, walk(i))
        done.signal()
      }.start()
    }
    for _ in 0..<threads { start.signal() }
    for _ in 0..<threads { done.wait() }
    return results.common
  }

  /// Scenario 4 (memory): stream an infinite generated sequence.
  static func streaming(_ n: Int) -> Int {
    var acc = 0
    for x in Seq.iterate(0, { $0 + 1 }).map({ $0 &* 3 &+ 1 }).take(n) { acc = mix(acc, x) }
    return acc
  }

  /// Scenario 5 (memory): a fully evaluated, memoized `Seq<Int>` of n
  /// elements, held while it is walked so nothing is freed.
  static func evaluatedMemory(_ n: Int) -> Int {
    let seq = Seq(0..<n).map { $0 &* 3 &+ 1 }
    return withExtendedLifetime(seq) {
      var acc = 0
      for x in seq { acc = mix(acc, x) }
      return acc
    }
  }
}

/// One checksum slot per thread of scenario 2c; each thread writes only its
/// own slot, and the semaphore orders the writes before the read.
final class ThreadResults: @unchecked Sendable {
  private var values: [Int]

  init(count: Int) { values = Array(repeating: 0, count: count) }

  func set(_ i: Int, _ value: Int) { values[i] = value }

  /// The checksum all threads agree on, or -1.
  var common: Int { values.allSatisfy { $0 == values[0] } ? values[0] : -1 }
}

/// When each thread of scenario 2w got each element (nanoseconds); each
/// thread writes only its own row, and the semaphore orders the writes
/// before the reads.
final class ThreadStamps: @unchecked Sendable {
  private var stamps: [[UInt64]]

  init(threads: Int, count: Int) {
    stamps = Array(repeating: Array(repeating: 0, count: count), count: threads)
  }

  func set(_ thread: Int, _ element: Int, _ time: UInt64) { stamps[thread][element] = time }

  /// The median lag behind the first thread to get each element, over the
  /// elements and the other threads, in µs.
  var medianLagMicroseconds: Double {
    var lags: [UInt64] = []
    for element in stamps[0].indices {
      let times = stamps.map { $0[element] }
      let first = times.min() ?? 0
      var skippedFirst = false
      for time in times {
        if time == first && !skippedFirst {
          skippedFirst = true
          continue
        }
        lags.append(time - first)
      }
    }
    lags.sort()
    return lags.isEmpty ? 0 : Double(lags[lags.count / 2]) / 1_000
  }
}
