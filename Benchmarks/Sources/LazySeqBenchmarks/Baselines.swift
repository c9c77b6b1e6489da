// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// The baselines: the Swift standard library for sequences, OpenCombine for
// signals, and the naive memoized list for the reference row. Every function
// returns an order-sensitive checksum (`mix`) that must equal ours.
import OpenCombine

/// The per-element work of the map/filter scenarios, shared by every side.
///
/// The sequence scenarios spell the same work inline (`{ $0 &* 3 &+ 1 }`,
/// `{ $0 & 2 == 0 }`), as users write it; the signal scenarios use these.
enum Work {
  static func transform(_ x: Int) -> Int { x &* 3 &+ 1 }
  /// Keeps about half of the transformed values.
  static func isIncluded(_ x: Int) -> Bool { x & 2 == 0 }
}

enum Stdlib {
  static func walk(_ array: [Int]) -> Int {
    var acc = 0
    for x in array { acc = mix(acc, x) }
    return acc
  }

  /// The head/tail walk of an `ArraySlice` (the baseline of `uncons`
  /// walks): `first`, then `dropFirst()`.
  static func sliceUnconsWalk(_ array: [Int]) -> Int {
    var acc = 0
    var s = array[...]
    while let h = s.first {
      acc = mix(acc, h)
      s = s.dropFirst()
    }
    return acc
  }

  static func lazyMapFilter(_ array: [Int]) -> Int {
    var acc = 0
    for x in array.lazy.map({ $0 &* 3 &+ 1 }).filter({ $0 & 2 == 0 }) { acc = mix(acc, x) }
    return acc
  }

  static func mapFilterArray(_ array: [Int]) -> [Int] {
    Array(array.lazy.map { $0 &* 3 &+ 1 }.filter { $0 & 2 == 0 })
  }

  /// Scenario 1u's baseline: an index loop over the array.
  static func indexWalk(_ array: [Int]) -> Int {
    var acc = 0
    var i = 0
    while i < array.count {
      acc = mix(acc, array[i])
      i += 1
    }
    return acc
  }

  /// Rows 10s and 10g's baseline: windows of 8 elements, each 2 after the
  /// last, by hand over the array (no window is copied).
  static func windowsLoop(_ array: [Int]) -> Int {
    var acc = 0
    var start = 0
    while start + 8 <= array.count {
      acc = mix(acc, array[start] &+ array[start + 7])
      start += 2
    }
    return acc
  }

  /// Streaming an infinite generated sequence: the memory baseline of scenario 4.
  static func streaming(_ n: Int) -> Int {
    var acc = 0
    for x in sequence(first: 0, next: { $0 + 1 }).lazy.map({ $0 &* 3 &+ 1 }).prefix(n) { acc = mix(acc, x) }
    return acc
  }

  /// An `[Int]` of n elements, kept alive while its checksum is taken.
  static func arrayMemory(_ n: Int) -> Int {
    let array = (0..<n).map { $0 &* 3 &+ 1 }
    return withExtendedLifetime(array) { walk(array) }
  }
}

enum Reference {
  static func naiveFirstWalk(_ array: [Int]) -> Int {
    NaiveLazyList.checksum(NaiveLazyList.from(array).map(Work.transform).filter(Work.isIncluded))
  }
}

/// A reference-typed accumulator for subscriber closures.
final class Accumulator: @unchecked Sendable {
  var value = 0
  var count = 0
  @inline(__always) func add(_ x: Int) {
    value = mix(value, x)
    count &+= 1
  }
}

enum Combine {
  /// `PassthroughSubject → map → filter → sink`, n values.
  static func pump(_ n: Int) -> Int {
    let acc = Accumulator()
    let subject = PassthroughSubject<Int, Never>()
    let cancellable = subject.map { $0 &* 3 &+ 1 }.filter { $0 & 2 == 0 }.sink { acc.add($0) }
    for i in 0..<n { subject.send(i) }
    subject.send(completion: .finished)
    cancellable.cancel()
    return acc.value
  }

  /// n times: subscribe a sink to a subject, deliver one value, cancel.
  static func subscribeDispose(_ n: Int) -> Int {
    let acc = Accumulator()
    let subject = PassthroughSubject<Int, Never>()
    for i in 0..<n {
      let cancellable = subject.sink { acc.add($0) }
      subject.send(i)
      cancellable.cancel()
    }
    return acc.value
  }

  /// `array.publisher.collect()`: the baseline of scenarios 8c and 8d.
  ///
  /// OpenCombine specializes this chain: `Publishers.Sequence.collect()`
  /// returns `Result.Publisher(Array(sequence))`, so no value is pushed
  /// through a subscriber; the cost is one array copy.
  static func collect(_ array: [Int]) -> Int {
    var result: [Int] = []
    _ = array.publisher.collect().sink { result = $0 }
    return Stdlib.walk(result)
  }

  /// `array.publisher.eraseToAnyPublisher().collect()`: the same answer with
  /// the values pushed one by one. Type erasure hides the specialization of
  /// `collect` (and of `map`, which `Publishers.Sequence` specializes too),
  /// so the generic `Publishers.Collect` operator receives every value, as
  /// a `Signal` does: the baseline of scenarios 8e and 8f.
  static func pushCollect(_ array: [Int]) -> Int {
    var result: [Int] = []
    _ = array.publisher.eraseToAnyPublisher().collect().sink { result = $0 }
    return Stdlib.walk(result)
  }
}
