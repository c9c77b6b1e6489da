// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

/*:
 [Previous](@previous)

 # Conversions

 Pull and push meet in both directions.
 */
import LazySeq
import LazySeqSignals
import Synchronization

/*:
 ## From a sequence to a signal

 `Signal(seq, on: scheduler)` is cold: each subscription walks the sequence
 again. On an asynchronous scheduler each element is sent by its own scheduled
 action. The sequence is *sent* into the signal: pass a fresh `Seq`, not one
 you keep using.
 */
let letters = Signal(Seq(["a", "b", "c"]))
letters.subscribe(next: { print($0) }, completed: { print("completed") })  // a b c completed

let scheduler = TestScheduler()
var received: [String] = []
Signal(Seq(["a", "b", "c"]), on: scheduler)
  .subscribe(next: { received.append($0) })  // written on the main actor: may update it
print(received)  // []: nothing before the scheduler runs
scheduler.run()
print(received)  // ["a", "b", "c"]
/*:
 ## From a signal to a sequence

 `signal.sequence` subscribes once and memoizes what arrives; `head` and `tail`
 wait until the value (or the end) is known.
 */
let subscriptions = Mutex(0)  // a signal's closures are @Sendable: count in a thread-safe box
let numbers = Signal<Int> { subscriber in
  subscriptions.withLock { $0 += 1 }
  for value in 1...4 { subscriber.sendNext(value) }
  subscriber.sendCompleted()
  return nil
}
let sequence = numbers.sequence
print(sequence.head!, sequence.array, sequence.map { $0 * 10 }.array, subscriptions.withLock { $0 })
// 1 [1, 2, 3, 4] [10, 20, 30, 40] 1
/*:
 ## Blocking conversions

 `first()`, `toArray()` and `waitUntilCompleted()` block until the signal
 finishes, and **throw** its error (RAC returned `nil`). These are the
 versions synchronous code gets; in an `async` context the same spelling
 (with `await`) calls the versions that suspend instead (below), so the
 blocking calls live in a synchronous function here.
 */
struct Offline: Error {}
func blockingConversions() throws {
  print(try Signal.just(7).first() as Any)  // Optional(7)
  print(try numbers.toArray())  // [1, 2, 3, 4]
  do {
    _ = try Signal<Int>.error(Offline()).toArray()
  } catch {
    print("threw", error)  // threw Offline()
  }
}
try blockingConversions()
/*:
 ## Swift concurrency

 `signal.values` is an `AsyncSequence`. It subscribes when the loop first asks
 for a value, and leaving the loop disposes the subscription, even while a
 synchronous, infinite signal is still sending.
 */
var total = 0
for try await value in Signal(Seq(1...5)).values {
  total += value
}
print(total)  // 15

let naturals = Signal(Seq.iterate(1) { $0 + 1 })
for try await n in naturals.values(bufferingPolicy: .bufferingOldest(16)) {
  if n == 3 { break }  // ends the loop and stops the infinite signal
}
/*:
 `first()`, `toArray()` and `waitUntilCompleted()` also exist as `async`
 functions that suspend instead of blocking a thread; cancelling the waiting
 task disposes the subscription. `Signal(operation:)` goes the other way: one
 `async` call as a signal. (Swift picks the `async` versions inside `async`
 functions and closures; top-level code like this page prefers the blocking
 ones, hence the function.)
 */
func awaitingConversions() async throws {
  print(try await naturals.first() as Any)  // Optional(0)
  print(try await numbers.toArray())  // [1, 2, 3, 4]
  let answer = Signal<Int> { 6 * 7 }
  print(try await answer.toArray())  // [42]
}
try await awaitingConversions()
//: [Previous: Schedulers & Time](@previous)
