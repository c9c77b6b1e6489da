// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

import Foundation
import LazySeqSignals
import LazySeqTestSupport
import Testing

@Suite struct ErrorDescriptionTests {
  @Test func commandErrorDescribesItself() {
    let error: any Error = CommandError.notEnabled
    #expect(
      error.localizedDescription
        == "The command is not enabled: execute(_:) was called while it was disabled.")
    #expect("\(error)" == "notEnabled")
  }

  @Test func signalErrorDescribesItself() {
    let timedOut: any Error = SignalError.timedOut
    let noMatchingCase: any Error = SignalError.noMatchingCase
    #expect(timedOut.localizedDescription.hasPrefix("The signal timed out"))
    #expect(noMatchingCase.localizedDescription.contains("Signal.switchTo(_:cases:default:)"))
    #expect("\(timedOut)" == "timedOut")
  }
}
