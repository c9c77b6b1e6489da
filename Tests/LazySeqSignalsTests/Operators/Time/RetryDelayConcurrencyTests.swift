// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// retry(_:delay:on:) on a scheduler that runs actions at once: attempts of a
// source that fails synchronously run one after the other, not one inside the
// previous one (checked on a thread with a small stack).

import LazySeqSignals
import LazySeqTestSupport
import Testing

@Suite struct RetryDelayConcurrencyTests {
  @Test func immediateRetriesOfASynchronousFailureUseConstantStack() {
    let attempts = Counter()
    let failing = Signal<Int> { subscriber in
      attempts.increment()
      subscriber.sendError(TestError.boom)
      return nil
    }
    let recorded = Guarded<[Recorded<Int>]>([])
    onThread(stackSize: 512 * 1024) {
      recorded.value = Recorder(failing.retry(100_000, delay: .zero, on: .immediate)).recorded
    }
    #expect(attempts.value == 100_001)
    #expect(recorded.value == marbles("#"))
  }

  @Test func immediateRetriesForwardEveryAttemptsValues() {
    let attempts = Counter()
    let flaky = Signal<Int> { subscriber in
      let attempt = attempts.increment()
      subscriber.sendNext(attempt)
      if attempt <= 3 { subscriber.sendError(TestError.boom) } else { subscriber.sendCompleted() }
      return nil
    }
    let recorded = Guarded<[Recorded<Int>]>([])
    onThread(stackSize: 512 * 1024) {
      recorded.value = Recorder(flaky.retry(5, delay: .zero, on: .immediate)).recorded
    }
    #expect(recorded.value == marbles("1 2 3 4 |"))
  }
}
