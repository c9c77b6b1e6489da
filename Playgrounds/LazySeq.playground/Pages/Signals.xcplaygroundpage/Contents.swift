// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

/*:
 [Previous](@previous)

 # Signals

 Where a `Seq` is *pulled* (you ask for the next element), a `Signal` *pushes*
 values to its subscribers as they happen: ReactiveCocoa's `RACSignal`.

 A signal sends any number of `next` events, then at most one `error` or
 `completed`. Nothing is delivered after that, nor after the subscription is
 disposed.
 */
import LazySeq
import LazySeqSignals
import Synchronization

let countdown = Signal<Int> { subscriber in
  print("subscribed")
  for value in [3, 2, 1] { subscriber.sendNext(value) }
  subscriber.sendCompleted()
  return nil
}
/*:
 Signals are **cold**: the closure runs once per subscription, and nothing
 runs before the first one.
 */
countdown.subscribe(next: { print("next", $0) }, completed: { print("completed") })
countdown.map { $0 * 10 }.collect().subscribe(next: { print($0) })  // subscribed, then [30, 20, 10]
/*:
 ## Operators

 Every `Seq` operator that makes sense for a stream exists on `Signal` with the
 same name, plus the time- and concurrency-aware ones.
 */
let words = Signal<String> { subscriber in
  for word in ["a", "bb", "bb", "ccc"] { subscriber.sendNext(word) }
  subscriber.sendCompleted()
  return nil
}
words
  .filter { $0.count >= 2 }
  .map { $0 + "foobar" }
  .distinctUntilChanged()
  .subscribe(next: { print($0) })
Signal<Int>.merge([.just(1), .just(2)]).collect().subscribe(next: { print($0) })
Signal.just("a").zip(with: Signal.just(1)).subscribe(next: { print($0, $1) })
/*:
 ## Subjects: signals you send to by hand

 A `Subject` is hot: subscribers see only what is sent after they subscribe.
 A `ReplaySubject` replays what it has seen; a `BehaviorSubject` always has a
 current value.
 */
let subject = Subject<String>()
subject.sendNext("too early")
let subscription = subject.signal.subscribe(next: { print("subject:", $0) })
subject.sendNext("hello")
subscription.dispose()
subject.sendNext("too late")

let replay = ReplaySubject<Int>(capacity: 2)
for value in 1...3 { replay.sendNext(value) }
replay.signal.subscribe(next: { print("replayed", $0) })  // 2, then 3

let current = BehaviorSubject("idle")
current.signal.subscribe(next: { print("state:", $0) })
current.sendNext("busy")
/*:
 ## Errors

 `catch` replaces a failed signal; `retry(n)` subscribes again, at most `n`
 more times.
 */
struct Offline: Error {}
let attempts = Mutex(0)  // a signal's closures are @Sendable: count in a thread-safe box
let flaky = Signal<String> { subscriber in
  let attempt = attempts.withLock { count in
    count += 1
    return count
  }
  if attempt < 3 { subscriber.sendError(Offline()) } else { subscriber.sendNext("data") }
  subscriber.sendCompleted()
  return nil
}
flaky.retry(5).subscribe(next: { print($0, "after", attempts.withLock { $0 }, "attempts") })  // data after 3 attempts
Signal<String>.error(Offline()).catch { _ in .just("fallback") }.subscribe(next: { print($0) })
/*:
 ## Sharing one subscription

 `replay()` subscribes once, now, and replays everything to each subscriber,
 so the expensive work runs once.
 */
let runs = Mutex(0)
let expensive = Signal<Int> { subscriber in
  runs.withLock { $0 += 1 }
  subscriber.sendNext(42)
  subscriber.sendCompleted()
  return nil
}
let shared = expensive.replay()
shared.subscribe(next: { print("first", $0) })
shared.subscribe(next: { print("second", $0) })
print("runs:", runs.withLock { $0 })  // 1
/*:
 ## More of RAC's operators

 `combineLatest(with:reduce:)` combines as it goes; `withLatest(from:)` pairs
 each value with another signal's latest; `Signal.switchTo(_:cases:default:)`
 (RAC's `+switch:cases:default:`) follows a key; `tryMap` ends the signal with
 the error its closure throws; `takeLast` keeps the end.
 */
let width = Subject<Int>()
let height = Subject<Int>()
width.signal.combineLatest(with: height.signal) { $0 * $1 }.subscribe(next: { print("area", $0) })
width.sendNext(2)
height.sendNext(3)  // area 6
width.sendNext(4)  // area 12

let clicks = Subject<Int>()
clicks.signal.withLatest(from: width.signal).subscribe(next: { print("click", $0, "width", $1) })
clicks.sendNext(1)  // nothing: width has not changed since the subscription
width.sendNext(5)  // area 15
clicks.sendNext(2)  // click 2 width 5

let mode = Subject<String>()
Signal.switchTo(mode.signal, cases: ["a": .just("apple"), "b": .just("banana")], default: .just("?"))
  .subscribe(next: { print("mode", $0) })
mode.sendNext("b")  // mode banana
mode.sendNext("z")  // mode ?

struct NotANumber: Error {}
Signal(Seq(["1", "2", "x", "4"]))
  .tryMap { text -> Int in
    guard let number = Int(text) else { throw NotANumber() }
    return number
  }
  .subscribe(next: { print("parsed", $0) }, error: { print("error", $0) })  // parsed 1, parsed 2, error NotANumber()
Signal(Seq(1...10)).takeLast(3).collect().subscribe(next: { print($0) })  // [8, 9, 10]
//: [Next: Schedulers & Time](@next)
