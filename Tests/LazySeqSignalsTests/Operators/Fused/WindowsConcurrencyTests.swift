// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// Windows and chunks on signals share one buffer with their neighbours: a
// window delivered to another thread is read there while the sending thread
// appends the next values after it (ThreadSanitizer runs this suite).

import LazySeq
import LazySeqSignals
import LazySeqTestSupport
import Testing

@Suite struct WindowsConcurrencyTests {
  @Test func windowsReadOnAnotherThreadWhileTheSenderAppends() throws {
    let values = Array(0..<5_000)
    let sums = try Signal(Seq(values)).windows(ofCount: 7, step: 2)
      .deliver(on: QueueScheduler())
      .map { $0.reduce(0, +) }
      .toArray(timeout: .seconds(60))
    let reference = stride(from: 0, through: values.count - 7, by: 2).map { values[$0..<$0 + 7].reduce(0, +) }
    #expect(sums == reference)
  }

  @Test func heldChunksReadOnAnotherThreadStayIntact() throws {
    let values = Array(0..<5_000)
    let chunks = try Signal(Seq(values)).chunks(ofCount: 300)
      .deliver(on: QueueScheduler())
      .toArray(timeout: .seconds(60))
    #expect(
      chunks.map(Array.init)
        == stride(from: 0, to: 5_000, by: 300).map { Array(values[$0..<min($0 + 300, 5_000)]) })
  }
}
