// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

/*:
 [Previous](@previous)

 # Schedulers and time

 A scheduler decides *where* and *when* work runs: `ImmediateScheduler` (now,
 here), `QueueScheduler` (a serial Dispatch queue; `QueueScheduler.main`) and
 `TestScheduler`, whose clock is virtual: it moves only when you advance it,
 so timing code runs instantly and the same way every time.
 */
import LazySeq
import LazySeqSignals

let scheduler = TestScheduler()
func now() -> String { "[\(scheduler.now)]" }

scheduler.schedule(after: .seconds(2)) { print(now(), "two seconds in") }
scheduler.schedule(after: .seconds(1)) { print(now(), "one second in") }
scheduler.advance(by: .milliseconds(1_500))  // runs the one-second action
scheduler.run()  // runs the rest, moving the clock to each action's time
/*:
 ## RAC's search box

 Text changes → ignore queries of two characters or fewer → wait for 0.5 s of
 silence (`throttle`) → search → deliver the results on the "main" scheduler.
 The clock keeps running from the examples above: it is at 2 seconds now.
 */
let text = Subject<String>()
func search(_ query: String) -> Signal<String> {
  Signal { subscriber in
    print(now(), "searching for", query)
    return scheduler.schedule(after: .milliseconds(200)) {
      subscriber.sendNext("results for \(query)")
      subscriber.sendCompleted()
    }
  }
}
let searches = text.signal
  .filter { $0.count > 2 }
  .throttle(.milliseconds(500), on: scheduler)
  .flatMap { search($0) }
  .deliver(on: scheduler)
  .subscribe(next: { print(now(), $0) })

for (time, value) in [(0, "sw"), (100, "swi"), (200, "swif"), (300, "swift"), (2_000, "swiftly")] {
  scheduler.schedule(after: .milliseconds(time)) { text.sendNext(value) }
}
scheduler.run()
searches.dispose()
/*:
 ## Delay, timeout, interval

 `delay` shifts values and completion; `timeout` fails with
 `SignalError.timedOut` if the signal has not finished in time; `interval`
 ticks forever until disposed.
 */
Signal.just("late").delay(.seconds(1), on: scheduler)
  .subscribe(next: { print(now(), $0) })
Signal<Int>.never.timeout(.seconds(3), on: scheduler)
  .subscribe(error: { print(now(), "error:", $0) })
var ticks = 0
let ticking = Signal.interval(.seconds(1), on: scheduler)
  .subscribe(next: { _ in ticks += 1 })  // written on the main actor: may update `ticks`
scheduler.advance(by: .seconds(5))
ticking.dispose()
print(now(), "ticks:", ticks)  // 5
/*:
 ## Disposables cancel work

 Disposing a subscription cancels its scheduled work: the value below is never
 delivered.
 */
let cancelled = Signal.just("never seen").delay(.seconds(1), on: scheduler)
  .subscribe(next: { print($0) })
cancelled.dispose()
scheduler.run()
print("pending actions:", scheduler.pendingCount)  // 0
//: [Next: Commands](@next)
