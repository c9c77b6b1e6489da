// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// Windows and chunks share one buffer with their neighbours, and the builder
// appends to it after a window was handed out: threads that walk one shared
// sequence of windows read elements while another thread appends after them
// (ThreadSanitizer runs this suite; `.ci/tsan-filter`).

import LazySeq
import LazySeqTestSupport
import Testing

@Suite struct WindowConcurrencyTests {
  static let count = 10_000

  @Test(arguments: [(7, 1), (7, 3), (300, 1), (50, 50)])
  func threadsReadWindowsWhileTheBuilderAppends(count: Int, step: Int) {
    let shared = Seq.Shared(Seq(0..<Self.count).map { $0 &* 3 }.windows(ofCount: count, step: step))
    let totals = Guarded<[Int]>([])
    onThreads(4) { _ in
      var total = 0
      var held: [Seq<Int>.Window] = []
      for window in shared {
        total &+= window.reduce(0, &+)
        held.append(window)
      }
      // Read the held windows again, after the builder moved on.
      for window in held { total &+= window[0] &+ window[window.count - 1] }
      totals.mutate { $0.append(total) }
    }
    var expected = 0
    let values = (0..<Self.count).map { $0 &* 3 }
    for start in stride(from: 0, through: Self.count - count, by: step) {
      expected &+= values[start..<start + count].reduce(0, &+) &+ values[start] &+ values[start + count - 1]
    }
    #expect(totals.value == Array(repeating: expected, count: 4))
  }
}
