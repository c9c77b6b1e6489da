// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

import LazySeq
import LazySeqSignals
import Synchronization

extension Tour {
  /// The search box with an async search, in virtual time: no real sleep,
  /// the same output every run.
  static func virtualTime() async {
    chapter("Virtual time for async code")
    say("TestScheduler.clock is a Clock on virtual time: an async search sleeps on it.")
    let scheduler = TestScheduler()
    let clock = scheduler.clock
    @Sendable func search(_ text: String) async throws -> [String] {
      try await clock.sleep(for: .milliseconds(500))  // the search takes 0.5 s
      return [text + ".swift", text + ".md"]
    }
    say("query.debounce(0.3 s)")
    say("  .map { text in Signal(operation: { try await search(text) }) }.switchToLatest()")
    let query = Subject<String>()
    let found = Mutex<[String]>([])  // the subscriber's closure is @Sendable
    let results = query.signal
      .debounce(.milliseconds(300), on: scheduler)
      .map { text in Signal(operation: { try await search(text) }) }
      .switchToLatest()
      .subscribe(next: { files in found.withLock { $0.append("\(files) at \(scheduler.now)") } })

    query.sendNext("sw")
    await scheduler.advance(by: .milliseconds(400))
    say("typed \"sw\", then 0.4 s: the search for \"sw\" started at 0.3 s")
    query.sendNext("swi")
    await scheduler.advance(by: .milliseconds(400))
    say("typed \"swi\", then 0.4 s: its search, started at 0.7 s, replaced the one for \"sw\"")
    await scheduler.advance(by: .seconds(1))
    for line in found.withLock({ $0 }) { show("found", line) }
    results.dispose()
    say("await advance(by:) waits for the tasks Signal(operation:) starts from the scheduler's actions")
    say("until they finish or sleep on the clock: the search box gives the same output every run.")
  }
}
