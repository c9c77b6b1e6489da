// The blocking conversions called on the main thread, for signals that
// deliver on the main queue: each must return, not hang. Compiled and run by
// .ci/command-line.sh (Swift Testing does not run tests on the main thread).

import Foundation
import LazySeq
import LazySeqSignals

// A hang fails the program instead of stalling CI.
Thread.detachNewThread {
  Thread.sleep(forTimeInterval: 30)
  print("FAILED: a blocking conversion on the main thread hung")
  exit(1)
}

var failures = 0
@MainActor func check(_ condition: Bool, _ what: String, line: Int = #line) {
  if !condition {
    print("FAILED (line \(line)): \(what)")
    failures += 1
  }
}

check(Thread.isMainThread, "top-level code runs on the main thread")

// Values sent on the main thread and delivered through the main queue.
check(try Signal.just(1).deliver(on: .main).first() == 1, "first()")
check(try Signal(Seq([1, 2, 3])).deliver(on: .main).toArray() == [1, 2, 3], "toArray()")
try Signal(Seq([1, 2, 3])).deliver(on: .main).waitUntilCompleted()
check(Signal(Seq([1, 2, 3])).deliver(on: .main).sequence.array == [1, 2, 3], ".sequence")

// Values sent on another queue, then delivered on the main queue.
let background = QueueScheduler.queue(qos: .userInitiated)
let onMain = try Signal(Seq([1, 2, 3]), on: background).deliver(on: .main)
  .map { _ in Thread.isMainThread }
  .toArray(timeout: .seconds(20))
check(onMain == [true, true, true], "delivered on the main thread")
check(
  try Signal(Seq([4, 5]), on: background).deliverOnMainThread().signal.first() == 4,
  "first() of deliverOnMainThread().signal")
let late = Signal.just(6).delay(.milliseconds(20), on: background).deliver(on: .main)
check(late.sequence.array == [6], ".sequence of a late signal")
try late.waitUntilCompleted(timeout: .seconds(Int64.max))
check(try late.first(timeout: .seconds(Int64.max)) == 6, "first() with a huge timeout")

// Timeouts still expire while the main queue runs.
do {
  _ = try Signal<Int>.never.deliver(on: .main).first(timeout: .milliseconds(50))
  check(false, "first(timeout:) of a silent signal timed out")
} catch {
  check(error as? SignalError == .timedOut, "timedOut, got \(error)")
}

// Main-queue work queued by someone else runs too.
var ran = false
DispatchQueue.main.async { ran = true }
_ = try Signal.just(0).delay(.milliseconds(20), on: background).first()
check(ran, "the main queue ran while first() waited")

// Inside a main-queue block on the main thread, the main queue cannot run
// again, but the library's main-queue work can: the conversion stands in for
// the main queue and runs it, so a signal delivered there gives its values,
// as off the main thread (.ci/programs/blocking-after-top-level-await.swift).
// A signal fed by main-queue work of the program's own cannot arrive: with
// a timeout the conversion times out.
var blockDone = false
DispatchQueue.main.async {
  check(
    (try? Signal(Seq([1, 2])).deliver(on: .main).toArray(timeout: .seconds(20))) == [1, 2],
    "toArray() inside a main-queue block")
  check(
    (try? Signal(Seq([3]), on: background).deliverOnMainThread().signal.first()) == 3,
    "first() of deliverOnMainThread() inside a main-queue block")
  let values = Signal(Seq([4, 5]), on: background).deliver(on: .main).sequence
  check(values.array == [4, 5] && values.failure == nil, ".sequence inside a main-queue block")
  check(
    (try? Signal(Seq([6, 7]), on: background).toArray()) == [6, 7],
    "a background signal inside a main-queue block")
  check((try? Signal(Seq([1, 2])).toArray()) == [1, 2], "a synchronous signal inside a main-queue block")
  let fed = ReplaySubject<Int>()
  DispatchQueue.main.async { fed.sendCompleted() }
  do {
    _ = try fed.signal.toArray(timeout: .milliseconds(200))
    check(false, "toArray(timeout:) of a signal fed by a main-queue block returned")
  } catch {
    check(error as? SignalError == .timedOut, "timedOut, got \(error)")
  }
  blockDone = true
}
while !blockDone {
  _ = RunLoop.main.run(mode: .default, before: .distantFuture)
}

if failures > 0 { exit(1) }
print("blocking conversions on the main thread: OK")
exit(0)
