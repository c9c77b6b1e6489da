// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

import LazySeq
import LazySeqSignals
import Synchronization

extension Tour {
  /// Virtual time as `t=0.700s`.
  nonisolated static func stamp(_ scheduler: TestScheduler) -> String {
    let (seconds, attoseconds) = scheduler.now.components
    let milliseconds = seconds * 1_000 + attoseconds / 1_000_000_000_000_000
    let fraction = String(milliseconds % 1_000)
    return "t=\(milliseconds / 1_000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)s"
  }

  /// RAC's search box: text changes, filter, throttle, flatMap; the results reach the main actor.
  static func signals() {
    chapter("Signals: RAC's search box on virtual time")
    say("A TestScheduler moves a virtual clock: no sleeping, same output every run.")
    let scheduler = TestScheduler()
    let text = Subject<String>()

    @Sendable func search(_ query: String) -> Signal<[String]> {
      Signal { subscriber in
        print("\(stamp(scheduler))  search(\"\(query)\") starts")
        return scheduler.schedule(after: .milliseconds(300)) {
          subscriber.sendNext(["\(query) 1", "\(query) 2"])
          subscriber.sendCompleted()
        }
      }
    }

    let subscription =
      text.signal
      .filter { $0.count > 2 }
      .throttle(.milliseconds(500), on: scheduler)
      .flatMap { search($0) }
      // Written on the main actor: the results update the view there.
      .subscribe(next: { results in print("\(stamp(scheduler))  show \(results)") })

    let typing: [(Int, String)] = [
      (0, "s"), (100, "sw"), (200, "swi"), (300, "swif"), (400, "swift"),
      (1_500, "swiftui"), (2_600, "sw"),
    ]
    for (milliseconds, value) in typing {
      scheduler.schedule(after: .milliseconds(milliseconds)) {
        print("\(stamp(scheduler))  text = \"\(value)\"")
        text.sendNext(value)
      }
    }
    scheduler.run()
    subscription.dispose()
    say("\"s\" and \"sw\" were too short; \"swi\"…\"swift\" were one burst: only \"swift\" was searched.")

    print()
    say("map + switchToLatest: a new query cancels the search still running.")
    let clock = TestScheduler()
    let queries = Subject<String>()
    @Sendable func cancellableSearch(_ query: String) -> Signal<String> {
      Signal { subscriber in
        let answered = Mutex(false)  // signal closures are @Sendable: no captured `var`
        let reply = clock.schedule(after: .milliseconds(300)) {
          answered.withLock { $0 = true }
          subscriber.sendNext("results for \(query)")
          subscriber.sendCompleted()
        }
        return AnyDisposable {
          reply.dispose()
          if !answered.withLock({ $0 }) { print("\(stamp(clock))  search(\"\(query)\") cancelled") }
        }
      }
    }
    let latest =
      queries.signal
      .map { cancellableSearch($0) }
      .switchToLatest()
      .subscribe(next: { print("\(stamp(clock))  \($0)") })
    for (milliseconds, value) in [(0, "cat"), (100, "cats"), (1_000, "dogs")] {
      clock.schedule(after: .milliseconds(milliseconds)) {
        print("\(stamp(clock))  query = \"\(value)\"")
        queries.sendNext(value)
      }
    }
    clock.run()
    latest.dispose()

    print()
    say("retry, then catch: two retries may rescue a flaky request; catch supplies a fallback.")
    func flaky(failures: Int) -> Signal<String> {
      let attempts = Counter()  // thread-safe: a signal's closures are @Sendable
      return Signal { subscriber in
        let attempt = attempts.tick()
        print("  attempt \(attempt)")
        if attempt <= failures {
          subscriber.sendError(ServiceError(description: "timeout #\(attempt)"))
        } else {
          subscriber.sendNext("payload")
          subscriber.sendCompleted()
        }
        return nil
      }
    }
    for failures in [2, 5] {
      print("flaky(failures: \(failures)).retry(2).catch { .just(\"cached\") }")
      flaky(failures: failures)
        .retry(2)
        .catch { error in
          print("  caught \(error)")
          return .just("cached")
        }
        .subscribe(next: { print("  value \($0)") }, completed: { print("  completed") })
    }
    print()
    windowedReadings()
    print()
    signupForm()
  }

  /// The Seq vocabulary on a signal: a sliding average, then pages.
  static func windowedReadings() {
    say("windows(ofCount:step:) on a signal: each window is sent when its last value arrives.")
    let readings = Subject<Double>()
    readings.signal
      .windows(ofCount: 3, step: 1)
      .map { window in (window.reduce(0, +) / Double(window.count) * 10).rounded() / 10 }
      .subscribe(next: { print("  sliding average \($0)") })
    for reading in [20.0, 22.0, 21.0, 25.0, 24.0] {
      print("  reading \(reading)")
      readings.sendNext(reading)
    }
    readings.sendCompleted()
    say("Pagination: windows(ofCount: 10, step: 10) sends full pages only (chunks(ofCount:) keeps the rest).")
    Signal(Seq(1...25))
      .windows(ofCount: 10, step: 10)
      .enumerated()
      .map { page in "  page \(page.offset): \(page.element[0])…\(page.element[page.element.count - 1])" }
      .subscribe(next: { print($0) })
  }

  /// A sign-up form: three fields, a submit button.
  static func signupForm() {
    say("A sign-up form: combineLatest of three fields, withLatest(from:) on submit, tryMap to parse.")
    let name = Subject<String>()
    let age = Subject<String>()
    let accepted = Subject<Bool>()
    let submit = Subject<Void>()
    struct NotANumber: Error, CustomStringConvertible {
      let text: String
      var description: String { "not a number: \(text)" }
    }
    let form = name.signal.combineLatest(with: age.signal, accepted.signal)
    form.map { fields in fields.0.isEmpty || !fields.2 ? "incomplete" : "ready" }
      .distinctUntilChanged(by: ==)
      .subscribe(next: { print("  form is \($0)") })
    submit.signal.withLatest(from: form)
      .tryMap { _, fields -> String in
        guard fields.2 else { return "not yet: accept the terms first" }
        guard let years = Int(fields.1) else { throw NotANumber(text: fields.1) }
        return "submitted \(fields.0), \(years)"
      }
      .subscribe(next: { print("  \($0)") }, error: { print("  rejected: \($0)") })
    name.sendNext("Ada")
    age.sendNext("36")
    accepted.sendNext(false)
    submit.sendNext(())
    accepted.sendNext(true)
    submit.sendNext(())
    age.sendNext("thirty-six")
    submit.sendNext(())

    say("Signal.switchTo picks a signal by key; takeLast keeps the end; debounce is throttle's other name.")
    let tab = Subject<String>()
    Signal.switchTo(
      tab.signal, cases: ["inbox": .just("3 messages"), "sent": .just("12 messages")],
      default: .just("empty")
    )
    .subscribe(next: { print("  tab shows \($0)") })
    for name in ["inbox", "sent", "spam"] { tab.sendNext(name) }
    Signal(Seq(1...10)).takeLast(3).collect().subscribe(next: { print("  takeLast(3) \($0)") })
    let clock = TestScheduler()
    let keys = Subject<String>()
    keys.signal.debounce(.milliseconds(250), on: clock)
      .subscribe(next: { print("  \(stamp(clock))  debounced \"\($0)\"") })
    for (milliseconds, value) in [(0, "a"), (100, "ab"), (200, "abc"), (600, "abcd")] {
      clock.schedule(after: .milliseconds(milliseconds)) { keys.sendNext(value) }
    }
    clock.run()
  }
}
