// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// `Seq.Window`, the element of `windows(ofCount:step:)` and
// `chunks(ofCount:)`: indices from 0, no copy per window (neighbours share
// one buffer), windows that stay valid when their builder moves to a new
// buffer, each element freed once, and the array-like conformances.

import LazySeq
import LazySeqTestSupport
import Testing

/// The address of a window's first element.
private func address<T>(_ window: Seq<T>.Window) -> UnsafePointer<T>? {
  window.withContiguousStorageIfAvailable { $0.baseAddress }!
}

@Suite struct WindowTests {
  @Test func indicesStartAtZeroInEveryWindow() {
    var expectedFirst = 0
    for window in Seq(0..<600).windows(ofCount: 5, step: 3) {
      #expect(window.startIndex == 0 && window.endIndex == 5 && window.indices == 0..<5)
      #expect(window[0] == expectedFirst && window[4] == expectedFirst + 4)
      #expect(Array(window) == Array(expectedFirst..<expectedFirst + 5))
      expectedFirst += 3
    }
    #expect(expectedFirst == 597)
    for (i, chunk) in Seq(0..<1_000).chunks(ofCount: 7).enumerated() {
      #expect(chunk[0] == i * 7 && chunk.last == min(i * 7 + 6, 999))
    }
  }

  @Test func neighbouringWindowsShareTheirElements() {
    // A held sequence of windows: window i + 1 starts one element after
    // window i in the same buffer, except where the builder moved on.
    let windows = Seq(0..<10_000).windows(ofCount: 20).array
    var shared = 0
    for (window, next) in zip(windows, windows.dropFirst()) {
      if let a = address(window), let b = address(next), a + 1 == b { shared += 1 }
    }
    // One move per few hundred windows at most.
    #expect(shared >= windows.count - 1 - (windows.count / 200))
    // Chunks fill a buffer exactly: adjacent chunks are adjacent in memory.
    let chunks = Seq(0..<10_000).chunks(ofCount: 100).array
    var adjacent = 0
    for (chunk, next) in zip(chunks, chunks.dropFirst()) {
      if let a = address(chunk), let b = address(next), a + 100 == b { adjacent += 1 }
    }
    #expect(adjacent >= chunks.count - 1 - (chunks.count / 3))
  }

  @Test func windowsOfAnArrayViewTheArrayItself() {
    // A complete source: every full window and chunk is a view of the
    // array's own storage; only the short last chunk is copied.
    let values = ContiguousArray(0..<1_000)
    let start = values.withUnsafeBufferPointer { $0.baseAddress! }
    let source = Seq(values)
    var windows = 0
    for (i, window) in source.windows(ofCount: 20, step: 3).enumerated() {
      #expect(address(window) == start + i * 3 && window[0] == i * 3)
      windows += 1
    }
    #expect(windows == (1_000 - 20) / 3 + 1)
    let chunks = source.chunks(ofCount: 64).array
    #expect(chunks.count == 16 && chunks[15].count == 1_000 - 15 * 64)
    for (i, chunk) in chunks.dropLast().enumerated() {
      #expect(address(chunk) == start + i * 64)
    }
    #expect(address(chunks[15]) != start + 15 * 64)
    #expect(Array(chunks[15]) == Array(960..<1_000))
    // A step larger than the count walks past the elements between windows
    // (copied windows).
    #expect(source.windows(ofCount: 2, step: 5).map { $0[0] }.array == Array(stride(from: 0, to: 999, by: 5)))
  }

  @Test func aWindowOfAnArrayKeepsItsElementsAlive() {
    let tracker = LifetimeTracker()
    var kept: Seq<Tracked>.Window?
    do {
      let source = Seq((0..<100).map { Tracked($0, tracker: tracker) })
      kept = source.windows(ofCount: 5).skip(10).head
    }
    #expect(kept.map { $0.map(\.value) } == [10, 11, 12, 13, 14])
    #expect(tracker.liveCount == 100)  // the source's storage, held by the view
    kept = nil
    #expect(tracker.liveCount == 0)
  }

  @Test func heldWindowsKeepTheirElementsAcrossBufferMoves() {
    // Windows larger than the first buffer, and many buffers: every held
    // window still reads its own elements after its builder moved on.
    for (count, step) in [(20, 1), (300, 1), (700, 250), (3, 5), (1, 1), (1_000, 1_000)] {
      let windows = Seq(0..<5_000).windows(ofCount: count, step: step).array
      let reference = stride(from: 0, through: 5_000 - count, by: step).map { Array($0..<$0 + count) }
      #expect(windows.map(Array.init) == reference, "count \(count), step \(step)")
    }
    for count in [1, 3, 255, 256, 257, 1_000] {
      let chunks = Seq(0..<5_000).chunks(ofCount: count).array
      let reference = stride(from: 0, to: 5_000, by: count).map { Array($0..<min($0 + count, 5_000)) }
      #expect(chunks.map(Array.init) == reference, "count \(count)")
    }
  }

  @Test func everyElementIsFreedOnceWhenTheWindowsGo() {
    let tracker = LifetimeTracker()
    do {
      let source = Seq((0..<3_000).map { Tracked($0, tracker: tracker) })
      let windows = source.windows(ofCount: 40, step: 3).array
      let chunks = source.chunks(ofCount: 70).array
      #expect(windows.count == 987 && chunks.count == 43)
      #expect(windows.allSatisfy { $0.count == 40 } && windows[986][0].value == 2_958)
      #expect(chunks[42].count == 3_000 - 42 * 70)
    }
    #expect(tracker.liveCount == 0)
    do {
      // Streamed: at most a few buffers are alive at once.
      let sum = Seq(0..<50_000).map { Tracked($0, tracker: tracker) }.windows(ofCount: 30)
        .reduce(0) { $0 + $1[29].value }
      #expect(sum == (29..<50_000).reduce(0, +))
      #expect(tracker.peakLiveCount < 50_000 / 10)
    }
    #expect(tracker.liveCount == 0)
  }

  @Test func comparesHashesAndPrintsAsItsArray() {
    let window: Seq<Int>.Window = [1, 2, 3]
    #expect(window == Seq<Int>.Window([1, 2, 3]) && window != [1, 2] && window != [1, 2, 4])
    #expect(Seq(1...5).windows(ofCount: 3).array == [[1, 2, 3], [2, 3, 4], [3, 4, 5]])
    #expect(Seq(1...4).windows(ofCount: 2).array[1] == [2, 3])
    #expect(Set([window, [1, 2, 3], [3]]).count == 2)
    #expect(window.hashValue == Seq(0...3).windows(ofCount: 3, step: 1).array[1].hashValue)
    #expect(window.description == "[1, 2, 3]")
    #expect(Seq<String>.Window(["a", "b"]).debugDescription == #"["a", "b"]"#)
    #expect("\(Seq(1...4).chunks(ofCount: 3).array)" == "[[1, 2, 3], [4]]")
    #expect(Seq<Int>.Window([]).isEmpty && Seq<Int>.Window(EmptyCollection()).count == 0)
    #expect(window.reversed() == [3, 2, 1] && window.map { $0 * 2 } == [2, 4, 6])
  }

  @Test func isSendableWhenItsElementsAre() async {
    let windows = Seq(0..<100).windows(ofCount: 10).array
    let total = await Task.detached { windows.reduce(0) { $0 + $1.reduce(0, +) } }.value
    #expect(total == (0...90).reduce(0) { $0 + (($1)..<($1 + 10)).reduce(0, +) })
  }
}
