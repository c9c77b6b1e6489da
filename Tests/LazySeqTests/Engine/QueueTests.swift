// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// The first-in-first-out queue both modules share (`_Queue`): order, counts,
// growth of the ring while it wraps around, the bound that drops the oldest,
// taking everything at once, and the release of what leaves the queue.

import LazySeq
import LazySeqTestSupport
import Testing

@Suite("Queue")
struct QueueTests {
  @Test("Elements come out in the order they went in")
  func order() {
    var queue = _Queue<Int>()
    #expect(queue.isEmpty)
    #expect(queue.count == 0)
    #expect(queue.popFirst() == nil)
    for value in 0..<5 { queue.append(value) }
    #expect(!queue.isEmpty)
    #expect(queue.count == 5)
    #expect(queue.last == 4)
    #expect(queue.elements == [0, 1, 2, 3, 4])
    var popped: [Int] = []
    while let value = queue.popFirst() { popped.append(value) }
    #expect(popped == [0, 1, 2, 3, 4])
    #expect(queue.isEmpty)
    #expect(queue.count == 0)
    #expect(queue.last == nil)
    #expect(queue.popFirst() == nil)
  }

  @Test("Interleaved appends and pops keep the order while the ring wraps and grows")
  func interleaved() {
    var queue = _Queue<Int>()
    var generator = SplitMix64(seed: 7)
    var next = 0
    var expected = 0
    while next < 10_000 {
      // Two appends, then zero to two pops (so the queue grows, on average).
      for _ in 0..<2 {
        queue.append(next)
        next += 1
      }
      for _ in 0..<Int(generator.next() % 3) {
        #expect(queue.popFirst() == expected)
        expected += 1
      }
      #expect(queue.count == next - expected)
      #expect(queue.last == next - 1)
    }
    #expect(queue.elements == Array(expected..<next))
    while let value = queue.popFirst() {
      #expect(value == expected)
      expected += 1
    }
    #expect(expected == 10_000)
    #expect(queue.isEmpty)
  }

  @Test("A steady queue of a few elements, 10,000 times round the ring")
  func steady() {
    var queue = _Queue<Int>()
    for value in 0..<3 { queue.append(value) }
    for value in 3..<10_003 {
      queue.append(value)
      #expect(queue.popFirst() == value - 3)
      #expect(queue.count == 3)
    }
    #expect(queue.elements == [10_000, 10_001, 10_002])
  }

  @Test("A bounded queue drops the oldest when full")
  func bounded() {
    var queue = _Queue<Int>(maximumCount: 3)
    for value in 0..<3 { queue.append(value) }
    #expect(queue.elements == [0, 1, 2])
    queue.append(3)
    #expect(queue.count == 3)
    #expect(queue.elements == [1, 2, 3])
    #expect(queue.popFirst() == 1)
    queue.append(4)
    #expect(queue.elements == [2, 3, 4])
    for value in 5..<1_000 { queue.append(value) }
    #expect(queue.count == 3)
    #expect(queue.last == 999)
    #expect(queue.takeAll() == [997, 998, 999])
    #expect(queue.isEmpty)

    var single = _Queue<String>(maximumCount: 1)
    single.append("a")
    single.append("b")
    #expect(single.elements == ["b"])
    #expect(single.last == "b")

    var none = _Queue<Int>(maximumCount: 0)
    none.append(1)
    #expect(none.isEmpty)
    #expect(none.popFirst() == nil)
  }

  @Test("removeAll empties the queue, which then works as new")
  func removeAll() {
    var queue = _Queue<Int>()
    for value in 0..<100 { queue.append(value) }
    for _ in 0..<30 { _ = queue.popFirst() }
    queue.removeAll()
    #expect(queue.isEmpty)
    #expect(queue.count == 0)
    #expect(queue.popFirst() == nil)
    queue.append(7)
    queue.append(8)
    #expect(queue.elements == [7, 8])

    var bounded = _Queue<Int>(maximumCount: 2)
    for value in 0..<5 { bounded.append(value) }
    bounded.removeAll()
    for value in 10..<13 { bounded.append(value) }
    #expect(bounded.elements == [11, 12], "the bound outlives removeAll")
  }

  @Test("takeAll returns everything oldest first, also when the ring has wrapped")
  func takeAll() {
    var queue = _Queue<Int>()
    for value in 0..<8 { queue.append(value) }
    for _ in 0..<6 { _ = queue.popFirst() }
    for value in 8..<14 { queue.append(value) }  // wraps around slot 0
    #expect(queue.takeAll() == Array(6..<14))
    #expect(queue.isEmpty)
    #expect(queue.takeAll() == [])

    for value in 0..<3 { queue.append(value) }
    var batch = [-1]
    queue.takeAll(into: &batch)
    #expect(batch == [-1, 0, 1, 2])
    #expect(queue.isEmpty)
    queue.append(3)
    #expect(queue.popFirst() == 3)
  }

  @Test("An element leaves the storage as it leaves the queue")
  func release() {
    let tracker = LifetimeTracker()
    var queue = _Queue<Tracked>()
    for value in 0..<10 { queue.append(Tracked(value, tracker: tracker)) }
    for _ in 0..<4 { _ = queue.popFirst() }
    #expect(tracker.liveCount == 6)

    var bounded = _Queue<Tracked>(maximumCount: 2)
    for value in 0..<10 { bounded.append(Tracked(value, tracker: tracker)) }
    #expect(tracker.liveCount == 6 + 2)
    #expect(bounded.takeAll().map(\.value) == [8, 9])
    #expect(tracker.liveCount == 6)
    queue.removeAll()
    #expect(tracker.liveCount == 0)
  }

  @Test("A copy is independent of the original")
  func valueSemantics() {
    var queue = _Queue<Int>()
    for value in 0..<5 { queue.append(value) }
    var copy = queue
    _ = copy.popFirst()
    copy.append(5)
    #expect(queue.elements == [0, 1, 2, 3, 4])
    #expect(copy.elements == [1, 2, 3, 4, 5])
  }
}
