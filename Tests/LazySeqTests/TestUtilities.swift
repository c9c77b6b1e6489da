// Shared helpers for the LazySeq test suite: a sequence-equality helper that
// reports the first differing position, call counters, a seeded random number
// generator for small random inputs, and a small-stack thread runner.

import Foundation
import LazySeq
import Synchronization
import Testing

// MARK: - Sequence equality

/// Expects `actual` and `expected` to hold the same elements in the same order,
/// and reports the first position where they differ.
func expectEqualSequences<S1: Sequence, S2: Sequence>(
  _ actual: S1,
  _ expected: S2,
  _ comment: Comment? = nil,
  sourceLocation: SourceLocation = #_sourceLocation
) where S1.Element == S2.Element, S1.Element: Equatable {
  expectEqualSequences(actual, expected, by: ==, comment, sourceLocation: sourceLocation)
}

/// Expects `actual` and `expected` to hold equivalent elements in the same
/// order (as judged by `areEquivalent`), and reports the first position where
/// they differ.
func expectEqualSequences<S1: Sequence, S2: Sequence>(
  _ actual: S1,
  _ expected: S2,
  by areEquivalent: (S1.Element, S2.Element) -> Bool,
  _ comment: Comment? = nil,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  var actualIterator = actual.makeIterator()
  var expectedIterator = expected.makeIterator()
  var index = 0
  while true {
    switch (actualIterator.next(), expectedIterator.next()) {
    case (nil, nil):
      return
    case (let a?, let e?):
      if !areEquivalent(a, e) {
        Issue.record(
          "Sequences differ at position \(index): actual \(a), expected \(e). \(comment?.rawValue ?? "")",
          sourceLocation: sourceLocation)
        return
      }
    case (let a?, nil):
      Issue.record(
        "Actual sequence is longer: extra element \(a) at position \(index). \(comment?.rawValue ?? "")",
        sourceLocation: sourceLocation)
      return
    case (nil, let e?):
      Issue.record(
        "Actual sequence is shorter: missing \(e) at position \(index). \(comment?.rawValue ?? "")",
        sourceLocation: sourceLocation)
      return
    }
    index += 1
  }
}

/// Walks `seq` through `head` and `tail` only (the RAC `verifyValues` walker),
/// collecting at most `limit` elements.
func headTailWalk<Element>(_ seq: Seq<Element>, limit: Int = 10_000) -> [Element] {
  var result: [Element] = []
  var current = seq
  while let head = current.head, result.count < limit {
    result.append(head)
    current = current.tail
  }
  return result
}

// MARK: - Counting

/// Counts calls, for laziness and memoization checks on one thread.
final class CallCounter {
  private(set) var count = 0

  init() {}

  func increment() {
    count += 1
  }

  /// Increments the counter and returns `value`, for use inside closures.
  func tick<T>(_ value: T) -> T {
    count += 1
    return value
  }
}

/// Counts calls per key from any thread.
final class ConcurrentCounter: Sendable {
  private let counts = Mutex<[Int: Int]>([:])

  init() {}

  func increment(_ key: Int = 0) {
    counts.withLock { $0[key, default: 0] += 1 }
  }

  func count(_ key: Int = 0) -> Int {
    counts.withLock { $0[key, default: 0] }
  }

  var total: Int {
    counts.withLock { $0.values.reduce(0, +) }
  }

  var snapshot: [Int: Int] {
    counts.withLock { $0 }
  }
}

/// An instance of this class is counted while alive; use it as an element to
/// check that sequences release what they no longer need.
final class Tracked: Sendable {
  let value: Int
  private let tracker: LifetimeTracker

  init(_ value: Int, tracker: LifetimeTracker) {
    self.value = value
    self.tracker = tracker
    tracker.created()
  }

  deinit {
    tracker.destroyed()
  }
}

/// Counts live `Tracked` instances, and the most alive at once.
final class LifetimeTracker: Sendable {
  private let live = Mutex((count: 0, peak: 0))

  init() {}

  func created() {
    live.withLock {
      $0.count += 1
      $0.peak = max($0.peak, $0.count)
    }
  }

  func destroyed() {
    live.withLock { $0.count -= 1 }
  }

  var liveCount: Int {
    live.withLock { $0.count }
  }

  /// The most instances that were alive at once so far.
  var peakLiveCount: Int {
    live.withLock { $0.peak }
  }
}

/// RAC's `RACUnit`: a value carrying no information.
struct Unit: Hashable, Codable, Sendable, CustomStringConvertible {
  var description: String { "unit" }
}

let unit = Unit()

// MARK: - Random inputs

/// SplitMix64: a small, fast, seedable generator, so random inputs are
/// reproducible from the seed printed in a failure.
struct SplitMix64: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) {
    state = seed
  }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE5_E4B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

extension SplitMix64 {
  /// A random array of `0...maxCount` elements in `values`.
  mutating func array(maxCount: Int = 12, values: ClosedRange<Int> = 0...5) -> [Int] {
    let count = Int.random(in: 0...maxCount, using: &self)
    return (0..<count).map { _ in Int.random(in: values, using: &self) }
  }
}

// MARK: - Constructions of the same values

/// A sequence made of fresh dynamic nodes, one per element, each built only
/// when the previous node's tail is demanded.
func dynamicSeq<Element>(_ elements: [Element], from index: Int = 0) -> Seq<Element> {
  guard index < elements.count else { return .empty }
  return Seq(head: { elements[index] }, tail: { dynamicSeq(elements, from: index + 1) })
}

/// RAC's `streamWithValues`: `empty ++ just(x0) ++ just(x1) ++ …`, left-nested.
func streamWithValues<Element>(_ elements: [Element]) -> Seq<Element> {
  elements.reduce(Seq<Element>.empty) { $0.concat(.just($1)) }
}

/// A sequence pulled from a single-pass iterator.
func singlePassSeq<Element>(_ elements: [Element]) -> Seq<Element> {
  var index = 0
  let iterator = AnyIterator<Element> {
    guard index < elements.count else { return nil }
    defer { index += 1 }
    return elements[index]
  }
  return Seq(AnySequence(iterator))
}

/// An infinite sequence of `value`, made of a fresh dynamic node per tail (no
/// self-loop, so laziness checks are not defeated by memoization). `counter`
/// counts head evaluations.
func infiniteSeq<Element>(_ value: Element, counter: CallCounter? = nil) -> Seq<Element> {
  Seq(
    head: {
      counter?.increment()
      return value
    },
    tail: { infiniteSeq(value, counter: counter) })
}

/// The same values built in many different ways, each lazy and fresh.
func constructions(of elements: [Int]) -> [(name: String, seq: Seq<Int>)] {
  [
    ("array", Seq(elements)),
    ("dot-seq", elements.seq),
    ("dynamic", dynamicSeq(elements)),
    ("concat chain", streamWithValues(elements)),
    ("single-pass", singlePassSeq(elements)),
    ("eager", dynamicSeq(elements).eager),
    ("eager-then-lazy", Seq(elements).eager.lazy),
    ("mapped", Seq(elements.map { $0 - 7 }).map { $0 + 7 }),
    (
      "unfold",
      Seq.unfold(0) { (index: inout Int) -> Int? in
        guard index < elements.count else { return nil }
        defer { index += 1 }
        return elements[index]
      }
    ),
  ]
}

// MARK: - Threads

/// Runs `body` on a new `Thread` with a 512 KB stack and returns its result.
func runOnSmallStack<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
  await withCheckedContinuation { continuation in
    let thread = Thread {
      continuation.resume(returning: body())
    }
    thread.stackSize = 512 * 1024
    thread.start()
  }
}

/// Runs `body` on `count` threads at once (each receives its index) and
/// returns their results in index order.
func runConcurrently<T: Sendable>(
  threads count: Int, _ body: @escaping @Sendable (Int) -> T
) async -> [T] {
  let results = ResultBox<T>(count: count)
  let group = DispatchGroup()
  for index in 0..<count {
    group.enter()
    let thread = Thread {
      results.set(index, body(index))
      group.leave()
    }
    thread.start()
  }
  await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
    group.notify(queue: .global()) { continuation.resume() }
  }
  return results.values
}

private final class ResultBox<T: Sendable>: Sendable {
  private let storage: Mutex<[T?]>

  init(count: Int) {
    storage = Mutex(Array(repeating: nil, count: count))
  }

  func set(_ index: Int, _ value: T) {
    storage.withLock { $0[index] = value }
  }

  var values: [T] {
    storage.withLock { $0.map { $0! } }
  }
}
