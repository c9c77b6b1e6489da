// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// The scenarios of ARCHITECTURE.md's "Performance targets" table, each run as
// ours against its baseline in the same process.

struct Config {
  var quick: Bool
  /// Elements for scenarios 1–3.
  var n: Int
  /// Timed repetitions per side (after one warm-up); the median is reported.
  var reps: Int
  /// Elements for the naive memoized list (reference row).
  var naiveN: Int
  /// n values for the streaming and evaluated memory cases.
  var memorySizes: [Int]
  /// Values pushed through the signal pipeline (scenario 6).
  var signalN: Int
  /// Subscribe + dispose cycles (scenario 7).
  var subscribeN: Int
  /// The two sizes of the conversion rows (scenario 8).
  var conversionSizes: (small: Int, large: Int)
  /// Extra sizes for the chart's sweep (scenarios 1–3 and the reference).
  var sweepSizes: [Int]
  /// Small inputs are repeated within one timed sample up to this many elements.
  var minElementsPerSample: Int
  /// Elements of the scripts rows, D1–D10 (D3 runs a tenth as many pipelines).
  var scriptN: Int

  static let full = Config(
    quick: false, n: 10_000_000, reps: 5, naiveN: 1_000_000,
    memorySizes: [1_000_000, 2_000_000, 4_000_000, 8_000_000],
    signalN: 1_000_000, subscribeN: 100_000, conversionSizes: (100_000, 1_000_000),
    sweepSizes: [1_000, 10_000, 100_000, 1_000_000], minElementsPerSample: 1_000_000,
    scriptN: 1_000_000)

  static let quickConfig = Config(
    quick: true, n: 200_000, reps: 5, naiveN: 50_000,
    memorySizes: [100_000, 200_000, 400_000, 800_000],
    signalN: 100_000, subscribeN: 10_000, conversionSizes: (10_000, 100_000),
    sweepSizes: [1_000, 10_000], minElementsPerSample: 100_000, scriptN: 100_000)
}

/// Cases runnable once in a child process (`--memory-case NAME --n N`): the
/// memory scenarios, plus single runs of the timed bodies for profiling
/// (`valgrind --tool=callgrind … --memory-case seq-first-walk --n 100000`).
let memoryCases: [String: MemoryCase] = {
  let input: @Sendable (Int) -> [Int] = { opaque(Array(0..<$0)) }
  let cases = [
    MemoryCase(name: "seq-streaming", run: OursSeq.streaming),
    MemoryCase(name: "stdlib-streaming", run: Stdlib.streaming),
    MemoryCase(name: "seq-evaluated", run: OursSeq.evaluatedMemory),
    MemoryCase(name: "array", run: Stdlib.arrayMemory),
    // Profiling: one run of a timed body.
    MemoryCase(name: "seq-walk") { OursSeq.walk(input($0)) },
    MemoryCase(name: "seq-first-walk") { OursSeq.firstWalk(input($0)) },
    MemoryCase(name: "seq-temporary-walk") { OursSeq.temporaryWalk(input($0)) },
    MemoryCase(name: "seq-temporary-reduce") { OursSeq.temporaryReduce(input($0)) },
    MemoryCase(name: "seq-pipeline-setup", run: OursSeq.pipelineSetup),
    MemoryCase(name: "seq-ahead-first-walk") { OursSeq.firstWalkAhead(input($0)) },
    MemoryCase(name: "seq-operators-first-walk") {
      OursSeq.otherOperatorsFirstWalk(input($0), ahead: 1)
    },
    MemoryCase(name: "seq-operators-ahead-first-walk") {
      OursSeq.otherOperatorsFirstWalk(input($0), ahead: 64)
    },
    MemoryCase(name: "seq-uncons-walk") { OursSeq.unconsWalk(input($0)) },
    MemoryCase(name: "seq-uncons-memo-walk") { OursSeq.unconsMemoWalk(input($0)) },
    MemoryCase(name: "slice-uncons-walk") { Stdlib.sliceUnconsWalk(input($0)) },
    MemoryCase(name: "seq-flatmap-walk") { OursSeq.flatMapWalk(input($0)) },
    MemoryCase(name: "seq-flatmap-memo-walk") { OursSeq.flatMapMemoWalk(input($0)) },
    MemoryCase(name: "seq-flat-concat-walk") { OursSeq.flatConcatWalk(input($0)) },
    MemoryCase(name: "seq-nested-concat-walk") { OursSeq.nestedConcatWalk(input($0)) },
    MemoryCase(name: "seq-map-first-walk") { OursSeq.mapFirstWalk(input($0)) },
    MemoryCase(name: "seq-contended-walk") { OursSeq.contendedFirstWalk(input($0), threads: 4) },
    // Evaluates once, then walks the evaluated Seq ten times.
    MemoryCase(name: "seq-second-walk") { n in
      let walk = OursSeq.prepareSecondWalk(input(n)).walk
      return (0..<10).reduce(0) { acc, _ in acc &+ walk() }
    },
    MemoryCase(name: "naive-first-walk") { Reference.naiveFirstWalk(input($0)) },
    MemoryCase(name: "lazy-map-filter") { Stdlib.lazyMapFilter(input($0)) },
    MemoryCase(name: "signal-pump", run: OursSignals.pump),
    MemoryCase(name: "signal-subscribe-dispose", run: OursSignals.subscribeDispose),
    MemoryCase(name: "combine-pump", run: Combine.pump),
    MemoryCase(name: "combine-subscribe-dispose", run: Combine.subscribeDispose),
  ]
  return Dictionary(uniqueKeysWithValues: cases.map { ($0.name, $0) })
}()

struct Runner {
  let config: Config
  var rows: [ResultRow] = []
  var sweep: [SweepPoint] = []

  init(config: Config) { self.config = config }

  func progress(_ text: String) {
    print("… " + text)
  }

  /// Runs ours against the baseline at size `n`, verifies the checksums and
  /// returns (ours, baseline) in ns/element.
  private func compare(
    _ id: String, ours: Contender, baseline: Contender, reps: Int? = nil
  ) -> (ours: Double, baseline: Double) {
    let samples = runInterleaved(
      [ours, baseline], reps: reps ?? config.reps, minElementsPerSample: config.minElementsPerSample)
    expectSameChecksum(id, ours: samples[0].checksum, baseline: samples[1].checksum)
    return (samples[0].nsPerElement, samples[1].nsPerElement)
  }

  /// Groups selectable with `--only`.
  static let groups = ["seq", "ref", "mem", "signals", "conv", "score", "async", "windows", "scripts"]

  mutating func runAll(only: Set<String>? = nil) {
    let run = { (group: String) in only?.contains(group) ?? true }
    if run("seq") { sequenceScenarios() }
    if run("ref") { referenceRow() }
    if run("mem") { memoryScenarios() }
    if run("signals") { signalScenarios() }
    if run("conv") { conversionScenarios() }
    if run("score") { scoreboardScenarios() }
    if run("windows") { windowScenarios() }
    if run("scripts") { scriptScenarios() }
  }

  // MARK: Rows 10s and 10g (sliding windows, reported only)

  mutating func windowScenarios() {
    let n = config.signalN
    progress("rows 10s, 10g (windows(ofCount: 8, step: 2)) at n = \(formatSize(n))")
    let array = opaque(Array(0..<n))
    let loop = Contender(name: "loop", elements: n) { Stdlib.windowsLoop(array) }
    let onSeq = compare(
      "10s", ours: Contender(name: "Seq", elements: n) { OursSeq.windows(array) }, baseline: loop)
    rows.append(
      ResultRow(
        id: "10s", scenario: "sliding windows of 8, step 2, on a Seq", size: n, unit: "ns/el",
        ours: onSeq.ours, oursName: "for w in Seq(array).windows(ofCount: 8, step: 2)",
        baseline: onSeq.baseline, baselineName: "index loop over the array (no copies)", target: .reference,
        note:
          "Each window is a Seq.Window (a view of a shared buffer, no copy); the loop reads two elements of each."
      ))
    let onSignal = compare(
      "10g", ours: Contender(name: "Signal", elements: n) { OursSignals.windows(n) }, baseline: loop)
    rows.append(
      ResultRow(
        id: "10g", scenario: "sliding windows of 8, step 2, on a signal", size: n, unit: "ns/val",
        ours: onSignal.ours, oursName: "Subject().signal.windows(ofCount: 8, step: 2).subscribe(next:)",
        baseline: onSignal.baseline, baselineName: "index loop over the array (no copies)",
        target: .reference,
        note:
          "Each window is a Seq.Window (a view of a shared buffer, no copy), sent through the subject's gate."
      ))
  }

  // MARK: Scenarios 1–3 (+ sweep)

  mutating func sequenceScenarios() {
    let sizes = config.sweepSizes + [config.n]
    for size in sizes {
      let isMain = size == config.n
      progress("scenarios 1–3 at n = \(formatSize(size))")
      let array = opaque(Array(0..<size))

      // 1. for x in Seq(array) vs for x in array
      let s1 = compare(
        "1 walk", ours: Contender(name: "Seq(array)", elements: size) { OursSeq.walk(array) },
        baseline: Contender(name: "array", elements: size) { Stdlib.walk(array) })
      record(
        "1", "for x in Seq(array)", size: size, isMain: isMain, ours: s1.ours, oursName: "Seq(array)",
        baseline: s1.baseline, baselineName: "for x in array", target: .ratio(2))

      // 2. first walk of seq.map(f).filter(g) vs array.lazy.map(f).filter(g)
      let s2 = compare(
        "2 first walk",
        ours: Contender(name: "Seq.map.filter", elements: size) { OursSeq.firstWalk(array) },
        baseline: Contender(name: "array.lazy.map.filter", elements: size) { Stdlib.lazyMapFilter(array) })
      record(
        "2", "first walk of Seq.map(f).filter(g)", size: size, isMain: isMain, ours: s2.ours,
        oursName: "Seq(array).map(f).filter(g), fresh each repetition and held while walked (memoized)",
        baseline: s2.baseline, baselineName: "array.lazy.map(f).filter(g)", target: .ratio(10),
        note: "ns per source element. Target ≤ 10× (the moonshot is 5×).")

      // 2a. the same first walk with the opt-in policy of evaluating 64 ahead
      let s2a = compare(
        "2a first walk, evaluating ahead",
        ours: Contender(name: "Seq.evaluatingAhead(64).map.filter", elements: size) {
          OursSeq.firstWalkAhead(array)
        },
        baseline: Contender(name: "array.lazy.map.filter", elements: size) { Stdlib.lazyMapFilter(array) })
      record(
        "2a", "first walk, evaluatingAhead(64)", size: size, isMain: isMain, ours: s2a.ours,
        oursName: "Seq(array).evaluatingAhead(64).map(f).filter(g), fresh and held (memoized)",
        baseline: s2a.baseline, baselineName: "array.lazy.map(f).filter(g)", target: .ratio(5),
        note: "Row 2 with the opt-in policy: one claim evaluates up to 64 elements.")

      // 2t. the same pipeline as a temporary in a for-in (may be fused: no memo)
      let s2t = compare(
        "2t temporary walk",
        ours: Contender(name: "for x in Seq.map.filter", elements: size) { OursSeq.temporaryWalk(array) },
        baseline: Contender(name: "array.lazy.map.filter", elements: size) { Stdlib.lazyMapFilter(array) })
      record(
        "2t", "for x in a temporary Seq.map(f).filter(g)", size: size, isMain: isMain, ours: s2t.ours,
        oursName: "for x in Seq(array).map(f).filter(g) (nothing else sees it: fusable, not memoized)",
        baseline: s2t.baseline, baselineName: "array.lazy.map(f).filter(g)", target: .ratio(8),
        note: "Not the memoizing walk of row 2: the common loop, fused.")

      // 3. second walk of the evaluated Seq vs walking an array of the same elements
      let expected = Stdlib.mapFilterArray(array)
      let prepared = OursSeq.prepareSecondWalk(array)
      if prepared.count != expected.count {
        fail("3 second walk: evaluated Seq has \(prepared.count) elements, expected \(expected.count)")
      }
      let s3 = compare(
        "3 second walk",
        ours: Contender(name: "evaluated Seq", elements: expected.count, body: prepared.walk),
        baseline: Contender(name: "array", elements: expected.count) { Stdlib.walk(expected) })
      record(
        "3", "second walk of the evaluated Seq", size: size, isMain: isMain, ours: s3.ours,
        oursName: "the Seq of scenario 2, already evaluated",
        baseline: s3.baseline, baselineName: "for x in an [Int] of the same elements", target: .ratio(2),
        note: "n is the source size; ns per walked element (about n/2).")

      if isMain { headTailAndContention(array) }
    }
  }

  /// Rows 1u, 2c and 2w, at the main size only (2c and 2w start threads per
  /// call).
  private mutating func headTailAndContention(_ array: [Int]) {
    let size = array.count
    progress("scenarios 1u, 2c, 2w at n = \(formatSize(size))")
    // 1u. while let (h, t) = s.uncons { …; s = t } vs an index loop
    let s1u = compare(
      "1u uncons walk",
      ours: Contender(name: "uncons loop", elements: size) { OursSeq.unconsWalk(array) },
      baseline: Contender(name: "index loop", elements: size) { Stdlib.indexWalk(array) })
    // One size only: a table row, no sweep points (the chart draws sweeps).
    rows.append(
      ResultRow(
        id: "1u", scenario: "while let (h, t) = s.uncons over Seq(array)", size: size, unit: "ns/el",
        ours: s1u.ours, oursName: "var s = Seq(array); while let (h, t) = s.uncons { …; s = t }",
        baseline: s1u.baseline, baselineName: "while i < array.count { …array[i]…; i += 1 }",
        target: .reference,
        note: "Reported, no target: its floor is one retain/release pair per step (about 12×)."))

    // 2c. four threads walk one fresh Seq.Shared together vs one alone
    let threads = 4
    let s2c = compare(
      "2c contended first walk",
      ours: Contender(name: "\(threads) threads", elements: size) {
        OursSeq.contendedFirstWalk(array, threads: threads)
      },
      baseline: Contender(name: "1 thread", elements: size) { OursSeq.mapFirstWalk(array) })
    rows.append(
      ResultRow(
        id: "2c", scenario: "\(threads) threads walk one fresh Seq.Shared", size: size, unit: "ns/el",
        ours: s2c.ours,
        oursName: "\(threads) threads walk one fresh Seq.Shared(Seq(array).map(f)) to the end, together",
        baseline: s2c.baseline,
        baselineName: "1 thread walks a fresh, held Seq.Shared(Seq(array).map(f)) alone",
        target: .ratio(2), note: "Wall time per element of the sequence (each thread walks all of it)."))

    // 2w. threads waiting behind a slow producer: how late they get each element
    let slowCount = 100
    let slowMicros: UInt32 = 2_000
    progress("scenario 2w: \(threads) threads behind a producer of \(slowMicros) µs per element")
    var lags: [Double] = []
    var paces: [Double] = []
    for _ in 0..<config.reps {
      guard let lag = OursSeq.slowProducerLag(count: slowCount, micros: slowMicros, threads: threads) else {
        fail("2w: the threads walked different elements")
        return
      }
      lags.append(lag)
      paces.append(OursSeq.slowProducerPace(count: slowCount, micros: slowMicros))
    }
    rows.append(
      ResultRow(
        id: "2w", scenario: "\(threads) threads behind a slow producer: lag", size: slowCount, unit: "µs",
        ours: lags.sorted()[lags.count / 2],
        oursName:
          "\(threads) threads walk one fresh Seq.Shared whose producer sleeps \(slowMicros) µs per element: median delay after the first thread gets an element until each other thread gets it",
        baseline: paces.sorted()[paces.count / 2],
        baselineName: "1 thread walks such a sequence alone: µs per element (the producer's pace)",
        target: .ratio(0.1),
        note:
          "A waiting thread parks behind a slow element; the producer wakes it when it goes on. Median of \(config.reps) runs."
      ))
  }

  private mutating func record(
    _ id: String, _ scenario: String, size: Int, isMain: Bool, ours: Double?, oursName: String,
    baseline: Double, baselineName: String, target: Target, note: String = ""
  ) {
    if let ours { sweep.append(SweepPoint(id: id, impl: "ours", size: size, nsPerElement: ours)) }
    sweep.append(SweepPoint(id: id, impl: "baseline", size: size, nsPerElement: baseline))
    if isMain {
      rows.append(
        ResultRow(
          id: id, scenario: scenario, size: size, unit: "ns/el", ours: ours, oursName: oursName,
          baseline: baseline, baselineName: baselineName, target: target, note: note))
    }
  }

  // MARK: Reference row

  mutating func referenceRow() {
    let sizes = config.sweepSizes.filter { $0 < config.naiveN } + [config.naiveN]
    for size in sizes {
      progress("reference (naive memoized list) at n = \(formatSize(size))")
      let array = opaque(Array(0..<size))
      let r = compare(
        "R naive list",
        ours: Contender(name: "naive memoized list", elements: size) { Reference.naiveFirstWalk(array) },
        baseline: Contender(name: "array.lazy.map.filter", elements: size) { Stdlib.lazyMapFilter(array) },
        reps: config.quick ? config.reps : 3)
      sweep.append(SweepPoint(id: "R", impl: "naive", size: size, nsPerElement: r.ours))
      if size == config.naiveN {
        rows.append(
          ResultRow(
            id: "R", scenario: "reference: naive memoized cons list, map+filter", size: size, unit: "ns/el",
            ours: r.ours, oursName: "NaiveLazyList (class cell + thunk + lock per element), first walk",
            baseline: r.baseline, baselineName: "array.lazy.map(f).filter(g)", target: .reference,
            note: "Not LazySeq: shows what classic per-element memoization costs."))
      }
    }
  }

  // MARK: Scenarios 4–5 (memory, child processes)

  private func memoryPoints(_ name: String) -> [(n: Int, kb: Int, checksum: Int)]? {
    var points: [(n: Int, kb: Int, checksum: Int)] = []
    for n in config.memorySizes {
      guard let m = measureMemoryInChild(name, n: n) else { return nil }
      points.append((n, m.growthKB, m.checksum))
    }
    return points
  }

  private func checkMemoryChecksums(
    _ id: String, _ ours: [(n: Int, kb: Int, checksum: Int)]?, _ base: [(n: Int, kb: Int, checksum: Int)]?
  ) {
    guard let ours, let base else { return }
    for (o, b) in zip(ours, base) {
      expectSameChecksum("\(id) memory n=\(o.n)", ours: o.checksum, baseline: b.checksum)
    }
  }

  mutating func memoryScenarios() {
    let largest = config.memorySizes.max() ?? 0
    progress("scenario 4 (streaming peak memory) at n = \(config.memorySizes.map(formatSize))")
    let base4 = memoryPoints("stdlib-streaming")
    let ours4 = memoryPoints("seq-streaming")
    checkMemoryChecksums("4", ours4, base4)
    let peaks = { (points: [(n: Int, kb: Int, checksum: Int)]?) -> String in
      guard let points else { return "n/a" }
      return points.map { "\(formatSize($0.n)): \($0.kb) kB" }.joined(separator: ", ")
    }
    rows.append(
      ResultRow(
        id: "4", scenario: "streaming Seq.iterate.map.take(n): peak growth", size: largest, unit: "B/el",
        ours: ours4.map { slopeBytesPerElement($0.map { ($0.n, $0.kb) }) },
        oursName: "for x in Seq.iterate(0) { $0 + 1 }.map(f).take(n)",
        baseline: base4.map { slopeBytesPerElement($0.map { ($0.n, $0.kb) }) },
        baselineName: "sequence(first: 0) { $0 + 1 }.lazy.map(f).prefix(n)",
        target: .constantMemory(maxBytesPerElement: 1),
        note:
          "Slope of peak RSS growth against n (fresh child process per point). Peaks — ours: \(peaks(ours4)); baseline: \(peaks(base4))."
      ))

    progress("scenario 5 (evaluated Seq memory) at n = \(config.memorySizes.map(formatSize))")
    let base5 = memoryPoints("array")
    let ours5 = memoryPoints("seq-evaluated")
    checkMemoryChecksums("5", ours5, base5)
    rows.append(
      ResultRow(
        id: "5", scenario: "memory of an evaluated Seq<Int>", size: largest, unit: "B/el",
        ours: ours5.map { slopeBytesPerElement($0.map { ($0.n, $0.kb) }) },
        oursName: "Seq(0..<n).map(f), walked while held",
        baseline: base5.map { slopeBytesPerElement($0.map { ($0.n, $0.kb) }) },
        baselineName: "(0..<n).map(f) as [Int]", target: .ratio(2),
        note:
          "Bytes per element = slope of peak RSS growth against n. Peaks — ours: \(peaks(ours5)); baseline: \(peaks(base5))."
      ))
  }

  // MARK: Scenarios 6–7 (signals)

  mutating func signalScenarios() {
    progress("scenario 6 (signal pumping) at n = \(formatSize(config.signalN))")
    let n6 = config.signalN
    let s6 = compare(
      "6 pump", ours: Contender(name: "Signal", elements: n6) { OursSignals.pump(n6) },
      baseline: Contender(name: "OpenCombine", elements: n6) { Combine.pump(n6) })
    rows.append(
      ResultRow(
        id: "6", scenario: "signal: subject → map → filter → subscribe", size: n6, unit: "ns/val",
        ours: s6.ours, oursName: "Subject().signal.map(f).filter(g).subscribe(next:)",
        baseline: s6.baseline, baselineName: "OpenCombine PassthroughSubject.map(f).filter(g).sink",
        target: .ratio(1)))

    progress("scenario 7 (subscribe + dispose) at n = \(formatSize(config.subscribeN))")
    let n7 = config.subscribeN
    let s7 = compare(
      "7 subscribe+dispose",
      ours: Contender(name: "Signal", elements: n7) { OursSignals.subscribeDispose(n7) },
      baseline: Contender(name: "OpenCombine", elements: n7) { Combine.subscribeDispose(n7) })
    rows.append(
      ResultRow(
        id: "7", scenario: "signal: subscribe + one value + dispose", size: n7, unit: "ns/sub",
        ours: s7.ours, oursName: "subject.signal.subscribe(next:) … dispose()",
        baseline: s7.baseline, baselineName: "OpenCombine PassthroughSubject.sink … cancel()",
        target: .ratio(1)))

    // One size only (a tenth of scenario 6's): cheap in `--quick`.
    let n6p = config.signalN / 10
    progress("scenario 6p (property set) at n = \(formatSize(n6p))")
    let s6p = compare(
      "6p property set",
      ours: Contender(name: "MutableProperty", elements: n6p) {
        OursProperties.setWithSignalObserver(n6p)
      },
      baseline: Contender(name: "OpenCombine", elements: n6p) { Combine.currentValueSend(n6p) })
    rows.append(
      ResultRow(
        id: "6p", scenario: "property: set with one observer", size: n6p, unit: "ns/set",
        ours: s6p.ours, oursName: "MutableProperty.signal.subscribe(next:); value = x",
        baseline: s6p.baseline, baselineName: "OpenCombine CurrentValueSubject.sink; send(x)",
        target: .ratio(1)))
  }

  // MARK: Scenario 8 (conversions)

  mutating func conversionScenarios() {
    let (small, large) = config.conversionSizes
    progress("scenario 8c/8d (conversions against array.publisher.collect()) at n = \(formatSize(large))")
    let bigArray = opaque(Array(0..<large))
    let s8c = compare(
      "8c toArray",
      ours: Contender(name: "Signal", elements: large) { OursConversions.seqToSignalToArray(bigArray) },
      baseline: Contender(name: "OpenCombine", elements: large) { Combine.collect(bigArray) })
    rows.append(
      ResultRow(
        id: "8c", scenario: "Signal(Seq(array)).toArray() vs publisher.collect()", size: large,
        unit: "ns/val", ours: s8c.ours, oursName: "Signal(Seq(array)).toArray()",
        baseline: s8c.baseline, baselineName: "OpenCombine array.publisher.collect().sink",
        target: .ratio(3)))
    let s8d = compare(
      "8d sequence",
      ours: Contender(name: "Signal", elements: large) { OursConversions.signalToSequenceArray(bigArray) },
      baseline: Contender(name: "OpenCombine", elements: large) { Combine.collect(bigArray) })
    rows.append(
      ResultRow(
        id: "8d", scenario: "signal.sequence.array vs publisher.collect()", size: large,
        unit: "ns/val", ours: s8d.ours, oursName: "signal.sequence.array (target ≤ 100 ns/value)",
        baseline: s8d.baseline, baselineName: "OpenCombine array.publisher.collect().sink",
        target: .reference))
    progress("scenario 8e/8f (conversions against a pushed collect()) at n = \(formatSize(large))")
    let pushedName = "OpenCombine array.publisher.eraseToAnyPublisher().collect().sink"
    let s8e = compare(
      "8e toArray",
      ours: Contender(name: "Signal", elements: large) { OursConversions.seqToSignalToArray(bigArray) },
      baseline: Contender(name: "OpenCombine", elements: large) { Combine.pushCollect(bigArray) })
    rows.append(
      ResultRow(
        id: "8e", scenario: "Signal(Seq(array)).toArray() vs pushed collect()", size: large,
        unit: "ns/val", ours: s8e.ours, oursName: "Signal(Seq(array)).toArray()",
        baseline: s8e.baseline, baselineName: pushedName,
        target: .ratio(3)))
    let s8f = compare(
      "8f sequence",
      ours: Contender(name: "Signal", elements: large) { OursConversions.signalToSequenceArray(bigArray) },
      baseline: Contender(name: "OpenCombine", elements: large) { Combine.pushCollect(bigArray) })
    rows.append(
      ResultRow(
        id: "8f", scenario: "signal.sequence.array vs pushed collect()", size: large,
        unit: "ns/val", ours: s8f.ours, oursName: "signal.sequence.array (target ≤ 100 ns/value)",
        baseline: s8f.baseline, baselineName: pushedName,
        target: .reference))
    let cases: [(id: String, name: String, body: ([Int]) -> Int)] = [
      ("8a", "Signal(seq).toArray()", OursConversions.seqToSignalToArray),
      ("8b", "signal.sequence.array", OursConversions.signalToSequenceArray),
    ]
    progress("scenario 8 (conversions) at n = \(formatSize(small)), \(formatSize(large))")
    for c in cases {
      var perSize: [Double] = []
      for size in [small, large] {
        let array = opaque(Array(0..<size))
        let expected = Stdlib.walk(array)
        let sample = runInterleaved(
          [Contender(name: c.name, elements: size) { c.body(array) }],
          reps: config.reps, minElementsPerSample: config.minElementsPerSample)[0]
        expectSameChecksum("\(c.id) \(c.name) n=\(size)", ours: sample.checksum, baseline: expected)
        perSize.append(sample.nsPerElement)
        sweep.append(SweepPoint(id: c.id, impl: "ours", size: size, nsPerElement: sample.nsPerElement))
      }
      rows.append(
        ResultRow(
          id: c.id, scenario: "\(c.name): ns/value at n vs at \(formatSize(small))", size: large,
          unit: "ns/val",
          ours: perSize.count == 2 ? perSize[1] : nil, oursName: "\(c.name) at \(formatSize(large))",
          baseline: perSize.count == 2 ? perSize[0] : nil,
          baselineName: "the same at \(formatSize(small)) (linear cost keeps the ratio near 1)",
          target: .linear(2), note: "Baseline column = ours at the smaller size."))
    }
  }
}
