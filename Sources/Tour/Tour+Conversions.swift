// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

import LazySeq
import LazySeqSignals

extension Tour {
  /// Between pull (Seq) and push (Signal), both ways.
  static func conversions() async {
    chapter("Conversions between sequences and signals")
    say("A sequence becomes a cold signal: each subscription walks it again.")
    Signal(Seq(["a", "b", "c"])).subscribe(
      next: { print("  next \($0)") }, completed: { print("  completed") })

    say("On another scheduler, nothing is sent until that scheduler runs:")
    let scheduler = TestScheduler()
    var received: [String] = []
    Signal(Seq(["a", "b", "c"]), on: scheduler)
      .subscribe(next: { received.append($0) })  // on the main actor: may update `received`
    show("received before the scheduler runs", received)
    scheduler.run()
    show("received after scheduler.run()", received)

    print()
    say("A signal becomes a memoized sequence: subscribed once, walked many times.")
    let subscriptions = Counter()  // thread-safe: a signal's closures are @Sendable
    let numbers = Signal<Int> { subscriber in
      subscriptions.tick()
      for value in 1...4 { subscriber.sendNext(value) }
      subscriber.sendCompleted()
      return nil
    }
    let sequence = numbers.sequence
    show("sequence.head", sequence.head!)
    show("sequence.map { $0 * 10 }.array", sequence.map { $0 * 10 }.array)
    show("sequence.array", sequence.array)
    show("subscriptions", subscriptions.calls)

    print()
    blockingConversions(numbers)

    print()
    say("A signal's error ends its sequence early; failure keeps it, checkedArray() throws it.")
    let failing = Signal<Int> { subscriber in
      subscriber.sendNext(1)
      subscriber.sendError(ServiceError(description: "offline"))
      return nil
    }.sequence
    show("failing.array", failing.array)
    show("failing.failure", failing.failure.map { "\($0)" } ?? "nil")
    do {
      _ = try failing.checkedArray()
    } catch {
      show("try failing.checkedArray() threw", error)
    }

    print()
    say("Swift concurrency: for try await over signal.values.")
    var total = 0
    do {
      for try await value in Signal(Seq(1...5)).values { total += value }
    } catch {
      print("  failed: \(error)")
    }
    show("sum of Signal(Seq(1...5)).values", total)

    say("values subscribes at the loop's first next(); break disposes even an infinite synchronous signal.")
    // The Tour is main-actor code, where a closure literal belongs to the main
    // actor; `@Sendable` lets the sequence move into the signal.
    let naturals = Signal(Seq.iterate(1) { @Sendable in $0 + 1 })
    say(
      "let naturals = Signal(Seq.iterate(1) { @Sendable in $0 + 1 }): infinite, sent synchronously on subscription."
    )
    say(
      "(In main-actor code a closure literal belongs to the main actor: @Sendable lets the sequence move into the signal.)"
    )
    var seen: [Int] = []
    do {
      for try await n in naturals.values(bufferingPolicy: .bufferingOldest(16)) {
        seen.append(n)
        if n == 3 { break }
      }
      show("values of naturals until 3", seen)

      say("In async code, first(), toArray() and waitUntilCompleted() suspend instead of blocking.")
      show("try await naturals.first()", try await naturals.first() as Any)
      show("try await numbers.toArray()", try await numbers.toArray())
      let answer = Signal<Int> { 6 * 7 }
      show("try await Signal { 6 * 7 }.toArray()", try await answer.toArray())
    } catch {
      print("  failed: \(error)")
    }
  }

  /// The blocking conversions, from synchronous code: there `try
  /// signal.first()` is the blocking version (in an `async` function the same
  /// spelling needs `await` and calls the version that suspends).
  static func blockingConversions(_ numbers: Signal<Int>) {
    say("Blocking conversions throw the signal's error instead of returning nil.")
    do {
      show("try Signal.just(7).first()", try Signal.just(7).first() as Any)
      show("try Signal<Int>.empty.first()", try Signal<Int>.empty.first() as Any)
      show("try numbers.toArray()", try numbers.toArray())
    } catch {
      print("unexpected error: \(error)")
    }
    do {
      _ = try Signal<Int>.error(ServiceError(description: "offline")).toArray()
    } catch {
      show("try Signal<Int>.error(offline).toArray() threw", error)
    }
  }
}
