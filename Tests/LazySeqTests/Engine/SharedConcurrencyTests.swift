// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// `Seq.Shared` and the invariant it rests on (I1): every closure stored in
// the storages reachable from one `Seq` runs only while that sequence's
// forcing claim is held, and no operator forces two storages of one region
// on two threads at once.
//
// Each test builds a pipeline out of many operator kinds in which every
// closure reports to one `RegionProbe`: how often it ran for each input, and
// how many closures of the pipeline were running at that moment (never more
// than one, if I1 holds). A fresh copy of the pipeline walked on one thread
// gives the reference: the same values, and each closure run once per
// element. The probe synchronizes nothing (relaxed atomics), so it hides no
// missing happens-before edge from ThreadSanitizer (`.ci/tsan-filter`
// selects every `…ConcurrencyTests` suite).

import Foundation
import LazySeq
import LazySeqTestSupport
import Synchronization
import Testing

/// The closures of a probed pipeline.
private enum Step: Int, CaseIterable {
  case dynamicHead, dynamicTail, unfold, iterate, zip, filter, flatMap, innerHead, innerTail
  case takeWhile, map, uniquedKey, compactMap, skipWhile, partition, join, scan, chunk
}

/// Counts the runs of every closure of one pipeline, per step and input, and
/// the most closures of the pipeline ever running at once.
///
/// `@unchecked Sendable`: its only state is atomics, reached through a
/// buffer it owns for its whole life.
private final class RegionProbe: @unchecked Sendable {
  /// Inputs of each step are in `-range..<range` (stored zigzag-encoded).
  private let range: Int
  private let counts: UnsafeMutablePointer<Atomic<Int>>
  private let slots: Int
  private let inFlight = Atomic<Int>(0)
  private let mostInFlight = Atomic<Int>(0)

  init(range: Int) {
    self.range = range
    slots = Step.allCases.count * 2 * range
    counts = .allocate(capacity: slots)
    for slot in 0..<slots { (counts + slot).initialize(to: Atomic(0)) }
  }

  deinit {
    counts.deinitialize(count: slots)
    counts.deallocate()
  }

  /// Runs `body` as the closure `step` of the pipeline on `input`: counts
  /// the run and whether another closure of the pipeline is running now.
  /// Some inputs hold the closure open a little longer, so that a closure
  /// running beside it, if any could, would be seen.
  func run<T>(_ step: Step, _ input: Int, _ body: () -> T) -> T {
    precondition(-range <= input && input < range, "probe input \(input) out of range")
    let now = inFlight.wrappingAdd(1, ordering: .relaxed).newValue
    mostInFlight.raise(to: now)
    let slot = step.rawValue * 2 * range + (input >= 0 ? 2 * input : -2 * input - 1)
    counts[slot].wrappingAdd(1, ordering: .relaxed)
    if input % 97 == 0 {
      usleep(100)
    } else if input % 7 == 0 {
      for _ in 0..<200 { _ = inFlight.load(ordering: .relaxed) }
    }
    let result = body()
    inFlight.wrappingSubtract(1, ordering: .relaxed)
    return result
  }

  /// How many closures of the pipeline were ever running at the same time.
  var maximumInFlight: Int { mostInFlight.load(ordering: .relaxed) }

  /// The runs of `step` for each input it ran on.
  func runs(of step: Step) -> [Int: Int] {
    var result: [Int: Int] = [:]
    for encoded in 0..<2 * range {
      let count = counts[step.rawValue * 2 * range + encoded].load(ordering: .relaxed)
      if count != 0 { result[encoded.isMultiple(of: 2) ? encoded / 2 : -(encoded + 1) / 2] = count }
    }
    return result
  }
}

extension Atomic where Value == Int {
  /// Raises the value to `candidate` if it is larger (relaxed: the probe
  /// orders nothing).
  fileprivate func raise(to candidate: Int) {
    var current = load(ordering: .relaxed)
    while candidate > current {
      let (exchanged, original) = compareExchange(
        expected: current, desired: candidate, successOrdering: .relaxed, failureOrdering: .relaxed)
      if exchanged { return }
      current = original
    }
  }
}

/// `index..<count` as a chain of dynamic nodes whose closures report to
/// `probe`.
private func probedNodes(from index: Int, count: Int, _ probe: RegionProbe) -> Seq<Int> {
  Seq(
    head: { probe.run(.dynamicHead, index) { index < count ? index : nil } },
    tail: { probe.run(.dynamicTail, index) { probedNodes(from: index + 1, count: count, probe) } })
}

/// The storage kinds a shared sequence can start with that force under
/// their own claim or lock, each over probed closures.
/// How many threads walk a shared sequence, and how many elements each
/// demand evaluates (1: exactly lazy; more: batched by `evaluatingAhead`).
struct SharedWalkers: Sendable, CustomStringConvertible {
  var threads: Int
  var ahead: Int

  static let all = [2, 4, 8].flatMap { threads in
    [1, 16].map { SharedWalkers(threads: threads, ahead: $0) }
  }

  var description: String { "\(threads) threads, \(ahead == 1 ? "exact" : "ahead \(ahead)")" }
}

enum SharedTop: String, CaseIterable, Sendable {
  /// A chain of dynamic nodes: every walker forces the nodes itself.
  case dynamicChain
  /// A deferred sequence (`skip(while:)`) over a dynamic chain.
  case deferredOverChain
  /// A dynamic node whose tail is a memo (`map`) over a dynamic chain.
  case nodeOverMemo
  /// A memo (`concat`) over a dynamic chain and `unfold`.
  case memoOverChain

  fileprivate func make(count: Int, _ probe: RegionProbe) -> Seq<Int> {
    switch self {
    case .dynamicChain:
      return probedNodes(from: 0, count: count, probe)
    case .deferredOverChain:
      return probedNodes(from: 0, count: count, probe)
        .skip(while: { x in probe.run(.skipWhile, x) { x < count / 3 } })
    case .nodeOverMemo:
      return Seq(
        head: { probe.run(.innerHead, 0) { -1 } },
        tail: {
          probe.run(.innerTail, 0) {
            probedNodes(from: 0, count: count, probe).map { x in probe.run(.map, x) { x * 2 } }
          }
        })
    case .memoOverChain:
      let unfolded = Seq.unfold(count) { (index: inout Int) -> Int? in
        probe.run(.unfold, index) {
          guard index < 2 * count else { return nil }
          defer { index += 1 }
          return index
        }
      }
      return probedNodes(from: 0, count: count, probe).concat(unfolded)
    }
  }
}

/// The elements `0..<count` and some negative tail values, through dynamic
/// nodes, `unfold`, `iterate`, `zip`, `filter`, `flatMap` (into dynamic
/// inner sequences), `take(while:)`, `map`, `concat`, `uniqued(on:)`,
/// `compactMap`, `skip(while:)`, `take`/`skip`, `enumerated`, with every
/// closure reporting to `probe` (inputs stay unique per closure).
private func probedSource(count: Int, _ probe: RegionProbe) -> Seq<Int> {
  let unfolded = Seq.unfold(0) { (index: inout Int) -> Int? in
    probe.run(.unfold, index) {
      guard index < count else { return nil }
      defer { index += 1 }
      return index
    }
  }
  let iterated = Seq.iterate(0) { previous in probe.run(.iterate, previous) { previous + 1 } }
  let doubled = probedNodes(from: 0, count: count, probe).zip(with: unfolded).map { a, b in
    probe.run(.zip, a) { a + b }
  }
  let spread =
    doubled
    .filter { x in probe.run(.filter, x / 2) { x % 3 != 0 } }
    .flatMap { x in
      probe.run(.flatMap, x / 2) {
        Seq(
          head: { probe.run(.innerHead, x / 2) { x } },
          tail: { probe.run(.innerTail, x / 2) { [x + 1] } })
      }
    }
    .take(while: { y in probe.run(.takeWhile, y) { y < 2 * count - 9 } })
  let negatives = iterated.map { i in probe.run(.map, i) { -1 - i } }.take(count / 4)
  return
    spread
    .concat(negatives)
    .uniqued(on: { u in probe.run(.uniquedKey, u) { u / 2 } })
    .compactMap { u in probe.run(.compactMap, u) { u % 5 == 4 ? nil : u } }
    .skip(while: { u in probe.run(.skipWhile, u) { u < 20 } })
    .skip(1)
}

/// `probedSource` through `partitioned(by:)`, `zipLongest`, `scan`,
/// `chunks(ofCount:)` and the static `zip`: one `Seq` whose region holds
/// every probed closure.
private func probedPipeline(count: Int, _ probe: RegionProbe) -> Seq<Int> {
  let (odd, even) = probedSource(count: count, probe).partitioned(by: { u in
    probe.run(.partition, u) { u.isMultiple(of: 2) }
  })
  let joined = odd.zipLongest(with: even).enumerated().map { offset, pair in
    probe.run(.join, offset) { (pair.0 ?? 0) &* 3 &+ (pair.1 ?? 0) }
  }
  let sums = joined.scan(start: 0) { total, x in total &+ x }
  let indexed = joined.scan(
    start: 0,
    reduceWithIndex: { total, x, index in
      probe.run(.scan, index) { total ^ (x &+ index) }
    })
  return Seq.zip([sums, indexed]).chunks(ofCount: 3).enumerated().map { offset, chunk in
    probe.run(.chunk, offset) { chunk.reduce(0) { $0 &* 31 &+ $1[0] &+ $1[1] } }
  }
}

/// Walks `shared` in one of several ways (by `style`), to the end.
private func walk(_ shared: Seq<Int>.Shared, style: Int) -> [Int] {
  switch style % 5 {
  case 0:
    return shared.array
  case 1:
    return headTailWalk(shared.seq, limit: .max)
  case 2:
    var collected: [Int] = []
    for value in shared { collected.append(value) }
    return collected
  case 3:
    var collected: [Int] = []
    var rest = shared.seq
    while let (head, tail) = rest.uncons {
      collected.append(head)
      rest = tail
    }
    return collected
  default:
    // Race on the first elements through other entry points, then walk.
    _ = shared.seq.tail.tail.head
    _ = shared.head
    _ = shared.isEmpty
    _ = shared.description
    return Array(shared)
  }
}

@Suite("Seq.Shared: one evaluation for every thread (invariant I1)", .serialized)
struct SharedConcurrencyTests {
  private static let count = 1_200
  private static let range = 4 * count

  /// Checks that `probe` saw the same runs as `reference`, each closure
  /// once per input, every closure at least once.
  private func expectSameRuns(
    _ probe: RegionProbe, _ reference: RegionProbe, steps: [Step],
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    for step in steps {
      let expected = reference.runs(of: step)
      let runs = probe.runs(of: step)
      #expect(!expected.isEmpty, "\(step) never ran", sourceLocation: sourceLocation)
      #expect(
        expected.values.allSatisfy { $0 == 1 }, "\(step) ran twice for an input on one thread",
        sourceLocation: sourceLocation)
      #expect(
        runs == expected, "\(step) ran \(runs.values.reduce(0, +)) times, not \(expected.count)",
        sourceLocation: sourceLocation)
    }
  }

  @Test(
    "Threads walking one shared pipeline see the same values; each closure runs once per element, one at a time",
    arguments: [4, 8])
  func pipelineWalkedByThreads(threads: Int) async {
    let reference = RegionProbe(range: Self.range)
    let expected = probedPipeline(count: Self.count, reference).array
    #expect(expected.count > 200)
    #expect(reference.maximumInFlight == 1)

    let probe = RegionProbe(range: Self.range)
    let shared = Seq.Shared(probedPipeline(count: Self.count, probe))
    let walks = await runConcurrently(threads: threads) { thread in walk(shared, style: thread) }
    for (thread, values) in walks.enumerated() {
      #expect(values == expected, "thread \(thread) saw different values")
    }
    #expect(probe.maximumInFlight == 1, "two closures of one shared sequence ran at once")
    expectSameRuns(probe, reference, steps: Step.allCases)
  }

  @Test(
    "Whatever storage a shared sequence starts with, its closures run once per element, one at a time",
    arguments: SharedTop.allCases, SharedWalkers.all)
  func everyKindOfStart(top: SharedTop, walkers: SharedWalkers) async {
    let reference = RegionProbe(range: Self.range)
    let expected = top.make(count: Self.count, reference).array
    let probe = RegionProbe(range: Self.range)
    let made = top.make(count: Self.count, probe)
    let shared = Seq.Shared(walkers.ahead > 1 ? made.evaluatingAhead(walkers.ahead) : made)
    let walks = await runConcurrently(threads: walkers.threads) { thread in
      walk(shared, style: thread)
    }
    for (thread, values) in walks.enumerated() {
      #expect(values == expected, "thread \(thread) saw different values")
    }
    #expect(probe.maximumInFlight == 1, "two closures of one shared sequence ran at once")
    expectSameRuns(probe, reference, steps: Step.allCases.filter { !reference.runs(of: $0).isEmpty })
  }

  @Test("The sides of a shared partition, walked by different threads, still run one closure at a time")
  func partitionSidesWalkedApart() async {
    let reference = RegionProbe(range: Self.range)
    let (referenceOdd, referenceEven) = probedSource(count: Self.count, reference).partitioned(by: { u in
      reference.run(.partition, u) { u.isMultiple(of: 2) }
    })
    let expected = [referenceOdd.array, referenceEven.array]

    let probe = RegionProbe(range: Self.range)
    let (odd, even) = Seq.Shared(probedSource(count: Self.count, probe)).partitioned(by: { u in
      probe.run(.partition, u) { u.isMultiple(of: 2) }
    })
    let walks = await runConcurrently(threads: 6) { thread in
      walk(thread.isMultiple(of: 2) ? odd : even, style: thread / 2)
    }
    for (thread, values) in walks.enumerated() {
      #expect(values == expected[thread % 2], "thread \(thread) saw different values")
    }
    #expect(probe.maximumInFlight == 1, "two closures of one shared partition ran at once")
    let sourceSteps = Step.allCases.filter { ![.join, .scan, .chunk].contains($0) }
    expectSameRuns(probe, reference, steps: sourceSteps)
  }

  @Test("Operators each thread builds on a handle run on that thread; the shared closures still run once")
  func localOperatorsOnHandles() async {
    let reference = RegionProbe(range: Self.range)
    let source = probedSource(count: Self.count, reference).array

    let probe = RegionProbe(range: Self.range)
    let shared = Seq.Shared(probedSource(count: Self.count, probe))
    let walks = await runConcurrently(threads: 6) { thread -> [Int] in
      // Local state, mutated by local closures: this thread's own region.
      var mapped = 0
      var kept = 0
      let local = shared.seq
        .map { u in
          mapped += 1
          return u &* 2 &+ thread
        }
        .filter { v in
          kept += 1
          return v % 4 != 1
        }
      let values = local.array
      return mapped == source.count && kept == source.count ? values : []
    }
    for (thread, values) in walks.enumerated() {
      let expected = source.map { $0 &* 2 &+ thread }.filter { $0 % 4 != 1 }
      #expect(values == expected, "thread \(thread) saw different values, or its closures ran twice")
    }
    #expect(probe.maximumInFlight == 1, "two closures of one shared sequence ran at once")
    let sourceSteps = Step.allCases.filter { ![.partition, .join, .scan, .chunk].contains($0) }
    expectSameRuns(probe, reference, steps: sourceSteps)
  }

  @Test("Seq.Shared { … } in main-actor code runs its closure once, at once; threads share what it built")
  @MainActor func sharedBuiltInAClosure() async {
    final class Counts: Sendable {
      let built = Atomic(0)
      let squared = Atomic(0)
    }
    let counts = Counts()
    let squares = Seq.Shared {
      counts.built.add(1, ordering: .relaxed)
      return Seq(0..<1_000).map { x in
        counts.squared.add(1, ordering: .relaxed)
        return x * x
      }
    }
    #expect(counts.built.load(ordering: .relaxed) == 1)
    #expect(counts.squared.load(ordering: .relaxed) == 0)
    let sums = await runConcurrently(threads: 4) { _ in squares.reduce(0, +) }
    #expect(sums == Array(repeating: 332_833_500, count: 4))
    #expect(counts.built.load(ordering: .relaxed) == 1)
    #expect(counts.squared.load(ordering: .relaxed) == 1_000)
  }

  @Test("The probe sees closures of two separate sequences running at once")
  func probeDetectsOverlap() async {
    let probe = RegionProbe(range: 4)
    /// A one-element sequence whose closure waits (a bounded time) until
    /// the probe has seen another closure running beside it.
    func waiting(_ input: Int) -> Seq<Int>.Shared {
      Seq.Shared(
        Seq([input]).map { x in
          probe.run(.map, x) {
            var polls = 0
            while probe.maximumInFlight < 2 && polls < 100_000 {
              polls += 1
              usleep(50)
            }
            return x
          }
        })
    }
    let first = waiting(1)
    let second = waiting(2)
    let values = await runConcurrently(threads: 2) { thread in (thread == 0 ? first : second).array }
    #expect(values == [[1], [2]])
    #expect(probe.maximumInFlight == 2)
    #expect(probe.runs(of: .map) == [1: 1, 2: 1])
  }
}
