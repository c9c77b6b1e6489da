// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// chunks(ofCount:) on signals: the Seq name of buffer(count:).

import LazySeqSignals
import LazySeqTestSupport
import Testing

@Suite struct ChunksTests {
  @Test func chunksAreBufferByCount() {
    for size in 0...8 {
      for count in 1...4 {
        let source = signal(Array(0..<size))
        #expect(
          recorded(source.chunks(ofCount: count).map { Array($0) }) == recorded(source.buffer(count: count)))
      }
    }
    #expect(
      recorded(signal(Array(1...7)).chunks(ofCount: 3)) == completion(after: [[1, 2, 3], [4, 5, 6], [7]]))
  }

  @Test func disposingStopsTheSource() {
    #expect(disposalReachesTheSource { $0.chunks(ofCount: 2) })
  }
}
