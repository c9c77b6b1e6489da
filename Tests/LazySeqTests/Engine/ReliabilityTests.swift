// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// Reliability targets from ARCHITECTURE.md: stack safety on a thread with a
// 512 KB stack (evaluation and release of long chains, long runs of filtered
// out values, flatMap over many empty inner sequences, deeply left-nested
// concats, equality, hashing, folds and descriptions over a million
// elements), and run-once forcing when eight threads walk the same fresh lazy
// sequence. Bad input (negative counts, re-entrant forcing) is in
// `PreconditionTests`.

import LazySeq
import LazySeqTestSupport
import Testing

private let million = 1_000_000

@Suite("Reliability", .serialized)
struct ReliabilityTests {
  // MARK: Stack safety on a 512 KB stack

  @Test("Evaluating then releasing a 1,000,000-element mapped sequence")
  func releaseMappedChain() async {
    let (count, last) = await runOnSmallStack {
      let mapped: Seq<Int> = Seq(0..<million).map { $0 * 2 }
      let array = mapped.array
      return (array.count, array.last ?? -1)
    }
    #expect(count == million)
    #expect(last == 2 * (million - 1))
  }

  @Test("Evaluating then releasing a 1,000,000-node dynamic chain")
  func releaseDynamicChain() async {
    let count = await runOnSmallStack {
      let chain = dynamicSeq(Array(0..<million))
      var count = 0
      for _ in chain {
        count += 1
      }
      return count
    }
    #expect(count == million)
  }

  @Test("Releasing an evaluated chain of stacked operators")
  func releaseOperatorChain() async {
    let sum = await runOnSmallStack {
      let chain: Seq<Int> = Seq.iterate(0) { $0 + 1 }.map { $0 + 1 }.filter { _ in true }.take(million)
      return chain.foldLeft(start: 0) { $0 + $1 }
    }
    #expect(sum == million * (million + 1) / 2)
  }

  @Test("A filter rejecting 2,000,000 elements in a row")
  func longFilteredRun() async {
    let result = await runOnSmallStack {
      let filtered: Seq<Int> = Seq(0...2_000_000).filter { $0 >= 2_000_000 }
      return filtered.array
    }
    #expect(result == [2_000_000])
  }

  @Test("A filter over a dynamic chain rejecting 1,000,000 elements in a row")
  func longFilteredDynamicRun() async {
    let head = await runOnSmallStack {
      let filtered: Seq<Int> = dynamicSeq(Array(0..<million)).filter { $0 == million - 1 }
      return filtered.head
    }
    #expect(head == million - 1)
  }

  @Test("flatMap over 1,000,000 empty inner sequences")
  func flatMapOverEmpties() async {
    let (empty, ends) = await runOnSmallStack {
      let allEmpty: Seq<Int> = Seq(0..<million).flatMap { _ in Seq<Int>.empty }
      let lastOnly: Seq<Int> = Seq(0..<million).flatMap { $0 == million - 1 ? Seq.just($0) : Seq.empty }
      return (allEmpty.isEmpty, lastOnly.array)
    }
    #expect(empty)
    #expect(ends == [million - 1])
  }

  @Test("skip(while:) and skip over 1,000,000 elements")
  func longSkips() async {
    let (skippedWhile, skipped) = await runOnSmallStack {
      let source = dynamicSeq(Array(0..<million))
      return (
        source.skip(while: { $0 < million - 1 }).array, Seq(0..<million).map { $0 }.skip(million - 1).array
      )
    }
    #expect(skippedWhile == [million - 1])
    #expect(skipped == [million - 1])
  }

  @Test("100,000 left-nested concats built by a fold")
  func leftNestedConcats() async {
    let (head, array) = await runOnSmallStack {
      let nested = (0..<100_000).reduce(Seq<Int>.empty) { $0.concat(.just($1)) }
      return (nested.head, nested.array)
    }
    #expect(head == 0)
    #expect(array == Array(0..<100_000))
  }

  @Test("100,000 right-nested concats and nested flattening")
  func rightNestedConcats() async {
    let array = await runOnSmallStack {
      let nested = (0..<100_000).reversed().reduce(Seq<Int>.empty) { Seq.just($1).concat($0) }
      return nested.array
    }
    #expect(array == Array(0..<100_000))
  }

  @Test("Equality, hashing, folds and descriptions over 1,000,000 elements")
  func wholeSequenceOperations() async {
    let results = await runOnSmallStack {
      let a: Seq<Int> = Seq(0..<million).map { $0 }
      let b = dynamicSeq(Array(0..<million))
      let c: Seq<Int> = Seq(0..<million).map { $0 == million - 1 ? -1 : $0 }
      let equal = a == b && b == a
      let unequal = a != c && c != a
      let sameHash = a.hashValue == b.hashValue
      let sum = b.foldLeft(start: 0) { $0 + $1 }
      let description = a.description
      let debugDescription = b.debugDescription
      return (equal, unequal, sameHash, sum, description.contains("0"), debugDescription.isEmpty)
    }
    #expect(results.0, "equal")
    #expect(results.1, "unequal")
    #expect(results.2, "hash")
    #expect(results.3 == million * (million - 1) / 2)
    #expect(results.4)
    #expect(!results.5)
  }

  @Test("foldRight that stops early on a small stack")
  func foldRightOnSmallStack() async {
    let result = await runOnSmallStack {
      Seq(0..<million).foldRight(start: -1) { x, rest in x == 100 ? x : rest() }
    }
    #expect(result == 100)
  }

  @Test("Iterating an infinite sequence for 1,000,000 elements")
  func longIteration() async {
    let last = await runOnSmallStack {
      var last = 0
      for value in Seq.iterate(0, { $0 + 1 }).map({ $0 * 3 }).take(million) {
        last = value
      }
      return last
    }
    #expect(last == 3 * (million - 1))
  }

}

/// Run-once forcing when eight threads walk the same fresh lazy sequence.
@Suite("Reliability: concurrency", .serialized)
struct ReliabilityConcurrencyTests {
  @Test("8 threads walking the same fresh lazy sequence: every block runs once", arguments: 0..<4)
  func concurrentWalks(round: Int) async {
    let count = 10_000
    let heads = ConcurrentCounter()
    let tails = ConcurrentCounter()
    let maps = ConcurrentCounter()
    let filters = ConcurrentCounter()
    @Sendable func node(_ index: Int) -> Seq<Int> {
      guard index < count else { return .empty }
      return Seq(
        head: {
          heads.increment(index)
          return index
        },
        tail: {
          tails.increment(index)
          return node(index + 1)
        })
    }
    let shared = Seq.Shared(
      node(0)
        .map { x in
          maps.increment(x)
          return x * 2
        }
        .filter { x in
          filters.increment(x / 2)
          return x % 3 != 0
        })
    let expected = (0..<count).map { $0 * 2 }.filter { $0 % 3 != 0 }

    let walks = await runConcurrently(threads: 8) { thread -> [Int] in
      switch (thread + round) % 4 {
      case 0:
        return shared.array
      case 1:
        return headTailWalk(shared.seq, limit: .max)
      case 2:
        var collected: [Int] = []
        for value in shared {
          collected.append(value)
        }
        return collected
      default:
        // Race on the first elements, then walk the rest.
        _ = shared.seq.tail.tail.head
        _ = shared.head
        return Array(shared)
      }
    }

    for (thread, walk) in walks.enumerated() {
      #expect(walk == expected, "thread \(thread) saw different values")
    }
    #expect(heads.snapshot.count == count)
    #expect(heads.snapshot.values.allSatisfy { $0 == 1 }, "a head block ran more than once")
    #expect(tails.snapshot.count == count)
    #expect(tails.snapshot.values.allSatisfy { $0 == 1 }, "a tail block ran more than once")
    #expect(maps.snapshot.count == count)
    #expect(maps.snapshot.values.allSatisfy { $0 == 1 }, "a map block ran more than once")
    #expect(filters.snapshot.count == count)
    #expect(filters.snapshot.values.allSatisfy { $0 == 1 }, "a filter block ran more than once")
  }

  @Test("8 threads forcing the same single-pass source and scan")
  func concurrentSinglePassAndScan() async {
    let pulls = ConcurrentCounter()
    let scans = ConcurrentCounter()
    var next = 0
    let source = Seq(
      AnySequence(
        AnyIterator<Int> {
          pulls.increment(next)
          guard next < 5_000 else { return nil }
          defer { next += 1 }
          return next
        }))
    let running = Seq.Shared(
      source.scan(start: 0) { total, x in
        scans.increment(x)
        return total + x
      })
    let expected = (0..<5_000).reduce(into: [Int]()) { $0.append(($0.last ?? 0) + $1) }
    let walks = await runConcurrently(threads: 8) { _ in running.array }
    #expect(walks.allSatisfy { $0 == expected })
    #expect(pulls.snapshot.values.allSatisfy { $0 == 1 }, "the source was pulled concurrently or twice")
    #expect(pulls.snapshot.count == 5_001)
    #expect(scans.snapshot.values.allSatisfy { $0 == 1 })
    #expect(scans.snapshot.count == 5_000)
  }
}
