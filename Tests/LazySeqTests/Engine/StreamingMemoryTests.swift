// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// Streaming in constant memory: walking an infinite source of class
// instances through any operator, as a temporary (`for x in op(source)`),
// keeps a bounded number of instances alive, however far the walk goes.
// The bound allows a few memo segments (at most 4,096 elements each) per
// stage; holding the walked prefix would keep 100,000.

import LazySeq
import LazySeqTestSupport
import Testing

extension Tracked: Hashable {
  static func == (lhs: Tracked, rhs: Tracked) -> Bool { lhs.value == rhs.value }
  func hash(into hasher: inout Hasher) { hasher.combine(value) }
}

/// The naturals as fresh `Tracked` instances, each made on demand.
private func trackedNaturals(_ tracker: LifetimeTracker, from start: Int = 0) -> Seq<Tracked> {
  Seq.iterate(Tracked(start, tracker: tracker)) { Tracked($0.value + 1, tracker: tracker) }
}

/// The most instances alive at once while walking `count` elements of
/// `build(source)` as a temporary, counted at every creation: this includes
/// what an operator walks through on its own to produce one element.
private func maxLiveWhileStreaming<T>(
  count: Int = 100_000, _ build: (Seq<Tracked>, LifetimeTracker) -> Seq<T>
) -> (walked: Int, maxLive: Int) {
  let tracker = LifetimeTracker()
  var walked = 0
  for _ in build(trackedNaturals(tracker), tracker) {
    walked += 1
    if walked == count { break }
  }
  return (walked, tracker.peakLiveCount)
}

/// The bound on instances alive while streaming (see the file comment).
let streamingBound = 12_000

private func expectStreams<T>(
  _ name: String, count: Int = 100_000, sourceLocation: SourceLocation = #_sourceLocation,
  _ build: (Seq<Tracked>, LifetimeTracker) -> Seq<T>
) {
  let (walked, maxLive) = maxLiveWhileStreaming(count: count, build)
  #expect(walked == count, "\(name) ended after \(walked)", sourceLocation: sourceLocation)
  #expect(
    maxLive <= streamingBound, "\(name) kept \(maxLive) instances alive", sourceLocation: sourceLocation)
}

@Suite("Streaming in constant memory")
struct StreamingMemoryTests {
  @Test("The source alone streams")
  func source() {
    expectStreams("source") { s, _ in s }
    expectStreams("lazy") { s, _ in s.lazy }
  }

  @Test("map, tryMap, compactMap, mapReplace stream")
  func mapping() {
    expectStreams("map") { s, _ in s.map { $0 } }
    expectStreams("tryMap") { s, _ in s.tryMap { $0 } }
    expectStreams("compactMap") { s, _ in s.compactMap { $0.value.isMultiple(of: 3) ? nil : $0 } }
    expectStreams("mapReplace") { s, _ in s.mapReplace(1) }
  }

  @Test("filter, ignore, distinctUntilChanged stream")
  func filtering() {
    expectStreams("filter") { s, _ in s.filter { $0.value.isMultiple(of: 2) } }
    expectStreams("ignore") { s, t in s.ignore(Tracked(5, tracker: t)) }
    expectStreams("distinctUntilChanged") { s, _ in s.distinctUntilChanged() }
  }

  @Test("scan and combinePrevious stream")
  func scanning() {
    expectStreams("scan") { s, _ in s.scan(start: 0) { $0 &+ $1.value } }
    expectStreams("scan with index") { s, _ in s.scan(start: 0) { $0 &+ $1.value &+ $2 } }
    expectStreams("combinePrevious") { s, t in
      s.combinePrevious(start: Tracked(-1, tracker: t)) { $1 }
    }
  }

  @Test("take, skip and their while/until forms stream")
  func takeAndSkip() {
    expectStreams("take") { s, _ in s.take(200_000) }
    expectStreams("skip") { s, _ in s.skip(50_000) }
    expectStreams("take(while:)") { s, _ in s.take(while: { $0.value >= 0 }) }
    expectStreams("take(until:)") { s, _ in s.take(until: { $0.value < 0 }) }
    expectStreams("skip(while:)") { s, _ in s.skip(while: { $0.value < 50_000 }) }
    expectStreams("skip(until:)") { s, _ in s.skip(until: { $0.value >= 50_000 }) }
  }

  @Test("Operators that walk ahead on demand hold nothing behind them while they walk")
  func walkingAhead() {
    // Each result's first elements lie 99,990 elements into the source: the
    // operator walks through them alone, within one demand.
    let far = 99_990
    expectStreams("skip", count: 10) { s, _ in s.skip(far) }
    expectStreams("skip after map", count: 10) { s, _ in s.map { $0 }.skip(far) }
    expectStreams("skip(while:)", count: 10) { s, _ in s.skip(while: { $0.value < far }) }
    expectStreams("skip(until:)", count: 10) { s, _ in s.skip(until: { $0.value >= far }) }
    expectStreams("takeLast", count: 2) { s, _ in s.take(100_000).takeLast(2) }
    expectStreams("filter", count: 10) { s, _ in s.filter { $0.value >= far } }
    expectStreams("compactMap", count: 10) { s, _ in s.compactMap { $0.value >= far ? $0 : nil } }
    expectStreams("ignore", count: 10) { s, t in
      s.map { $0.value < far ? Tracked(-1, tracker: t) : $0 }.ignore(Tracked(-1, tracker: t))
    }
    expectStreams("flatMap over empty inner sequences", count: 10) { s, _ in
      s.flatMap { $0.value >= far ? Seq.just($0) : Seq.empty }
    }
    expectStreams("bind over empty inner sequences", count: 10) { s, _ in
      s.bind { { x, _ in x.value >= far ? .just(x) : .empty } }
    }
    expectStreams("flatten of empty inner sequences", count: 10) { s, _ in
      s.map { $0.value >= far ? Seq.just($0) : Seq.empty }.flatten()
    }
    expectStreams("uniqued(on:)", count: 10) { s, _ in s.uniqued(on: { max($0.value, far) }) }
    expectStreams("distinctUntilChanged", count: 2) { s, t in
      s.map { $0.value < far ? Tracked(-1, tracker: t) : $0 }.distinctUntilChanged()
    }
    expectStreams("partitioned, false side", count: 10) { s, _ in
      s.partitioned(by: { $0.value < far }).falseElements
    }
  }

  @Test("The skip family keeps at most one chunk of its source alive while it walks")
  func skipFamilyKeepsOneChunk() {
    // A memo chunk holds at most 4,096 elements; walking from one chunk into
    // the next keeps the full one and the first of the next (4,097). A
    // plain walk of a temporary keeps the element it is at (3 counted at
    // each creation: the source's previous element, the walker's, the new
    // one).
    let far = 99_990
    let oneChunk = 4_097
    let cases: [(String, Int, (Seq<Tracked>, LifetimeTracker) -> Seq<Tracked>)] = [
      ("skip", 10, { s, _ in s.skip(far) }),
      ("skip after map", 10, { s, _ in s.map { $0 }.skip(far) }),
      ("skip(while:)", 10, { s, _ in s.skip(while: { $0.value < far }) }),
      ("skip(until:)", 10, { s, _ in s.skip(until: { $0.value >= far }) }),
      ("takeLast", 2, { s, _ in s.take(100_000).takeLast(2) }),
    ]
    for (name, count, build) in cases {
      let (walked, maxLive) = maxLiveWhileStreaming(count: count, build)
      #expect(walked == count, "\(name) ended after \(walked)")
      #expect(maxLive <= oneChunk + count, "\(name) kept \(maxLive) instances alive")
      print("\(name): at most \(maxLive) instances alive")
    }
    let (_, plain) = maxLiveWhileStreaming(count: far) { s, _ in s }
    #expect(plain <= 3, "a plain walk kept \(plain) instances alive")
  }

  @Test("The standard consumers stream over a temporary")
  func consumers() {
    // Each consumes a temporary pipeline of 100,000 fresh instances, built
    // in the call; the Sequence versions, which borrow their receiver, kept
    // them all (the receiver's head stays alive for the call).
    func peak(_ name: String, _ consume: (LifetimeTracker) -> Void) {
      let tracker = LifetimeTracker()
      consume(tracker)
      #expect(
        tracker.peakLiveCount <= streamingBound, "\(name) kept \(tracker.peakLiveCount) instances alive")
    }
    let n = 100_000
    let sum = n * (n - 1) / 2
    /// The same values as fresh instances, from a source that memoizes none.
    func others(_ t: LifetimeTracker, _ count: Int = n) -> LazyMapSequence<Range<Int>, Tracked> {
      (0..<count).lazy.map { Tracked($0, tracker: t) }
    }
    peak("reduce") { t in #expect(trackedNaturals(t).take(n).map { $0 }.reduce(0) { $0 + $1.value } == sum) }
    peak("reduce(into:)") { t in
      #expect(trackedNaturals(t).take(n).map { $0 }.reduce(into: 0) { $0 += $1.value } == sum)
    }
    peak("forEach") { t in
      var total = 0
      // swift-format-ignore: ReplaceForEachWithForLoop
      trackedNaturals(t).take(n).map { $0 }.forEach { total += $0.value }
      #expect(total == sum)
    }
    peak("contains(where:)") { t in
      #expect(!trackedNaturals(t).take(n).map { $0 }.contains { $0.value < 0 })
    }
    // A call as the whole of `#expect` would be decomposed by the macro,
    // which keeps the receiver for its message: these take the result first.
    peak("contains(_:)") { t in
      let found = trackedNaturals(t).take(n).contains(Tracked(-1, tracker: t))
      #expect(!found)
    }
    peak("first(where:)") { t in #expect(trackedNaturals(t).take(n).first { $0.value < 0 } == nil) }
    peak("allSatisfy") { t in #expect(trackedNaturals(t).take(n).map { $0 }.allSatisfy { $0.value >= 0 }) }
    peak("count(where:)") { t in
      #expect(trackedNaturals(t).take(n).count(where: { $0.value.isMultiple(of: 2) }) == n / 2)
    }
    peak("count") { t in #expect(trackedNaturals(t).take(n).map { $0 }.count == n) }
    peak("last") { t in #expect(trackedNaturals(t).take(n).map { $0 }.last?.value == n - 1) }
    peak("min(by:)") { t in #expect(trackedNaturals(t).take(n).min { $0.value > $1.value }?.value == n - 1) }
    peak("max(by:)") { t in #expect(trackedNaturals(t).take(n).max { $0.value < $1.value }?.value == n - 1) }
    peak("min()") { t in #expect(trackedNaturals(t).take(n).map(\.value).min() == 0) }
    peak("max()") { t in #expect(trackedNaturals(t).take(n).map(\.value).max() == n - 1) }
    peak("elementsEqual(_:by:)") { t in
      let equal = trackedNaturals(t).take(n).elementsEqual(0..<n, by: { $0.value == $1 })
      #expect(equal)
    }
    peak("elementsEqual(_:)") { t in
      let equal = trackedNaturals(t).take(n).elementsEqual(others(t))
      #expect(equal)
    }
    peak("starts(with:by:)") { t in
      let starts = trackedNaturals(t).take(n).starts(with: 0...n, by: { $0.value == $1 })
      #expect(!starts)
    }
    peak("starts(with:)") { t in
      let starts = trackedNaturals(t).take(n).starts(with: others(t, n - 1))
      #expect(starts)
    }
    peak("joined(separator:)") { t in
      #expect(trackedNaturals(t).take(n).map { "\($0.value % 10)" }.joined().count == n)
    }
  }

  @Test("The standard consumers memoize a held sequence")
  func consumersOfAHeldSequence() {
    let tracker = LifetimeTracker()
    let held = trackedNaturals(tracker).take(1_000).map { $0 }
    #expect(held.count == 1_000)
    #expect(tracker.liveCount >= 1_000, "a held sequence keeps what a consumer evaluated")
    #expect(held.reduce(0) { $0 + $1.value } == 499_500)
  }

  @Test("zip streams")
  func zipping() {
    expectStreams("zip(with:)") { s, t in s.zip(with: trackedNaturals(t)) }
    expectStreams("Seq.zip") { s, t in Seq<Tracked>.zip([s, trackedNaturals(t)]) }
  }

  @Test("bind, flatMap, flatten stream")
  func binding() {
    expectStreams("bind") { s, _ in s.bind { { x, _ in .just(x) } } }
    expectStreams("flatMap") { s, _ in s.flatMap { Seq([$0, $0]) } }
    expectStreams("flatMap to an array") { s, _ in s.flatMap { (x: Tracked) -> [Tracked] in [x] } }
    expectStreams("flatten") { s, _ in s.map { Seq.just($0) }.flatten() }
    expectStreams("flatMap over an infinite inner sequence") { s, t in
      Seq.just(0).flatMap { _ in trackedNaturals(t) }
    }
  }

  @Test("Concatenations stream: concat, +, Seq.concat, startWith")
  func concatenation() {
    expectStreams("startWith") { s, t in s.startWith(Tracked(-1, tracker: t)) }
    expectStreams("startWith after map") { s, t in s.map { $0 }.startWith(Tracked(-1, tracker: t)) }
    expectStreams("concat") { s, t in s.concat(.just(Tracked(-1, tracker: t))) }
    expectStreams("concat, second part") { s, t in Seq([Tracked(-1, tracker: t)]).concat(s) }
    expectStreams("+") { s, t in .just(Tracked(-1, tracker: t)) + s.map { $0 } }
    expectStreams("Seq.concat") { s, t in
      Seq<Tracked>.concat([.just(Tracked(-1, tracker: t)), .empty, s.filter { _ in true }, .empty])
    }
    expectStreams("nested concatenations") { s, t in
      .just(Tracked(-2, tracker: t)) + (.just(Tracked(-1, tracker: t)) + s)
    }
  }

  @Test("cycled holds its (finite) source and nothing more")
  func cycling() {
    expectStreams("cycled") { s, _ in s.take(100).cycled() }
    expectStreams("cycled(times:)") { s, _ in s.take(100).cycled(times: 2_000) }
  }

  @Test("The LazyList combinators stream")
  func combinators() {
    expectStreams("chunks") { s, _ in s.chunks(ofCount: 3) }
    expectStreams("windows") { s, _ in s.windows(ofCount: 3) }
    expectStreams("windows with a step") { s, _ in s.windows(ofCount: 3, step: 5) }
    expectStreams("enumerated") { s, _ in s.enumerated() }
    expectStreams("zipLongest") { s, t in s.zipLongest(with: trackedNaturals(t).take(10)) }
    expectStreams("partitioned, false side") { s, _ in
      s.partitioned(by: { $0.value.isMultiple(of: 3) }).falseElements
    }
    expectStreams("partitioned, true side") { s, _ in
      s.partitioned(by: { $0.value.isMultiple(of: 3) }).trueElements
    }
    expectStreams("partitioned, both sides in step") { s, _ in
      let sides = s.partitioned(by: { $0.value.isMultiple(of: 2) })
      return sides.falseElements.zip(with: sides.trueElements)
    }
    expectStreams("uniqued(on:)") { s, _ in s.uniqued(on: \.value) }
    expectStreams("uniqued() of the values") { s, _ in s.map(\.value).uniqued() }
    expectStreams("interspersed") { s, t in s.interspersed(with: Tracked(-1, tracker: t)) }
    expectStreams("dropLast") { s, _ in s.dropLast(10) }
    expectStreams("takeLast of a long prefix", count: 10) { s, _ in s.take(200_000).takeLast(10) }
  }
}

@Suite("Streaming in constant memory: consumers")
struct StreamingConsumerTests {
  @Test("Folds and queries over a temporary hold nothing behind them")
  func folds() {
    for name in ["any", "all", "foldLeft"] {
      let tracker = LifetimeTracker()
      var maxLive = 0
      let watch = { (x: Tracked) in
        if x.value % 500 == 0 { maxLive = max(maxLive, tracker.liveCount) }
      }
      switch name {
      case "any":
        _ = trackedNaturals(tracker).map { $0 }.any {
          watch($0)
          return $0.value == 100_000
        }
      case "all":
        _ = trackedNaturals(tracker).map { $0 }.all {
          watch($0)
          return $0.value < 100_000
        }
      default:
        _ = trackedNaturals(tracker).map { $0 }.take(100_000).foldLeft(start: 0) {
          watch($1)
          return $0 + 1
        }
      }
      #expect(maxLive <= streamingBound, "\(name) kept \(maxLive) instances alive")
    }
  }
}
