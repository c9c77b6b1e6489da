// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

import LazySeqTestSupport
import Testing

@testable import LazySeqSignals

/// The states of the combining operators, alone: no threads, no scheduler.
@Suite struct CombiningStateTests {
  @Test("ZipState: a row is complete once every source has a value waiting")
  func zipRows() {
    var state = Operators.ZipState(sources: 3)
    let first = [state.received(from: 0), state.received(from: 0), state.received(from: 1)]
    #expect(first == [false, false, false])
    let row = state.received(from: 2)
    #expect(row)  // one value of each is taken
    let secondRow = [state.received(from: 1), state.received(from: 2)]
    #expect(secondRow == [false, true])  // source 0 had a second value waiting
    #expect(!state.isExhausted)
  }

  @Test("ZipState: exhausted once a completed source has nothing waiting")
  func zipExhaustion() {
    var state = Operators.ZipState(sources: 2)
    _ = state.received(from: 0)
    state.complete(0)
    #expect(!state.isExhausted)  // its value still waits for a partner
    let row = state.received(from: 1)
    #expect(row)
    #expect(state.isExhausted)
    #expect(Operators.ZipState(sources: 0).isExhausted)
  }

  @Test("CombineLatestState: combinations start once every source has sent; completion needs all")
  func combineLatest() {
    var state = Operators.CombineLatestState(sources: 2)
    let beforeAll = [state.received(from: 0), state.received(from: 0)]
    #expect(beforeAll == [false, false])
    let all = [state.received(from: 1), state.received(from: 0)]
    #expect(all == [true, true])
    let firstDone = state.completed(0)
    #expect(!firstDone)
    let allDone = state.completed(1)
    #expect(allDone)
  }
}
