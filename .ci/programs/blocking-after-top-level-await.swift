// A script that awaits at the top level, then blocks. After the first
// top-level `await` the rest of the top-level code runs as main-queue blocks
// (on Linux on whichever thread drains the main queue, the main one or
// another), so it holds the main queue while it blocks. A blocking
// conversion there stands in for the main queue: the library's main-queue
// work (`deliver(on: .main)`, `deliverOnMainThread()`, main-actor callbacks)
// runs on the waiting thread, so every conversion below gives its values,
// whichever thread the top level resumed on: one outcome per run. Main-queue
// work of the script's own (`DispatchQueue.main.async`) cannot run until the
// conversion returns: with a timeout it times out; without one it throws
// `SignalError.blockingWaitOnMainQueue` once nothing has happened for 10
// seconds, instead of hanging. Compiled and run by .ci/command-line.sh.

import Foundation
import LazySeq
import LazySeqSignals

// A hang fails the program instead of stalling CI.
Thread.detachNewThread {
  Thread.sleep(forTimeInterval: 60)
  print("FAILED: a blocking conversion after a top-level await hung")
  exit(1)
}

var failures = 0
@MainActor func check(_ condition: Bool, _ what: String, line: Int = #line) {
  if !condition {
    print("FAILED (line \(line)): \(what)")
    failures += 1
  }
}

// At the top level, `try await signal.toArray()` picks the blocking version
// (Docs/Conversions.md, "Which version is called"); an async function picks
// the async one.
func awaitAll(_ signal: Signal<Int>) async throws -> [Int] {
  try await signal.toArray()
}

/// Runs `body` as a block of the main queue, from the top level.
func inMainQueueBlock<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
  await withCheckedContinuation { continuation in
    DispatchQueue.main.async { continuation.resume(returning: body()) }
  }
}

let background = QueueScheduler.queue(qos: .userInitiated)

// The top-level `await`: from here on, top-level code runs as main-queue
// blocks, holding the main queue.
let awaited = try await awaitAll(Signal(Seq([1, 2, 3])).deliver(on: .main))
check(awaited == [1, 2, 3], "the async toArray()")

// Signals that arrive through the main queue: the blocking versions (the
// timeout parameter makes sure) give their values.
let onMain = Signal(Seq([4, 5, 6]), on: background).deliver(on: .main)
check(try onMain.toArray(timeout: .seconds(20)) == [4, 5, 6], "toArray() of deliver(on: .main)")
check(try onMain.first(timeout: .seconds(20)) == 4, "first() of deliver(on: .main)")
check(try onMain.toArray() == [4, 5, 6], "toArray() without a timeout")
try onMain.waitUntilCompleted()
check(onMain.sequence.array == [4, 5, 6], ".sequence of deliver(on: .main)")
check(
  try Signal(Seq([7, 8]), on: background).deliverOnMainThread().signal.toArray() == [7, 8],
  "toArray() of deliverOnMainThread()")
check(
  try Signal.just(9).delay(.milliseconds(20), on: .main).toArray() == [9],
  "a delay on the main queue")
check(
  try Signal.interval(.milliseconds(5), on: .main).take(3).toArray().count == 3,
  "an interval on the main queue")

// Main-actor callbacks, waited for with a blocking conversion (Docs/Scripts.md,
// "Running the main queue").
var received: [Int] = []
let finished = ReplaySubject<Void>(capacity: 0)
Signal(Seq(1...3), on: background)
  .subscribe(
    next: { received.append($0) }, error: { finished.sendError($0) },
    completed: { finished.sendCompleted() })
try finished.signal.waitUntilCompleted()
check(received == [1, 2, 3], "main-actor callbacks ran while waitUntilCompleted() waited: \(received)")

// A signal whose events never touch the main queue, inside a main-queue
// block: the values, never an error.
let offMain = await inMainQueueBlock { () -> [Int]? in
  try? Signal(Seq([10, 11]), on: .queue(qos: .userInitiated)).delay(.milliseconds(20), on: .queue())
    .toArray(timeout: .seconds(20))
}
check(offMain == [10, 11], "a background signal inside a main-queue block: \(offMain as Any)")
check(
  try Signal(Seq([12, 13]), on: background).toArray() == [12, 13],
  "a background signal at the top level")
// And one delivered on the main queue, inside an explicit main-queue block.
let hopped = await inMainQueueBlock { () -> [Int]? in
  try? Signal(Seq([14, 15]), on: .queue(qos: .userInitiated)).deliver(on: .main).toArray()
}
check(hopped == [14, 15], "deliver(on: .main) inside a main-queue block: \(hopped as Any)")

// A signal that ends during `subscribe` needs no wait.
check(try Signal(Seq([16, 17])).toArray(timeout: .seconds(20)) == [16, 17], "a synchronous signal")
// And the async version works here too.
check(try await awaitAll(onMain) == [4, 5, 6], "the async toArray() of the same signal")

// Main-queue work of the script's own cannot run while the top level blocks.
let fed = ReplaySubject<Int>()
DispatchQueue.main.async {
  fed.sendNext(1)
  fed.sendCompleted()
}
do {
  _ = try fed.signal.toArray(timeout: .milliseconds(300))
  check(false, "toArray(timeout:) of a signal fed by a main-queue block returned")
} catch {
  check(error as? SignalError == .timedOut, "timedOut, got \(error)")
}
let start = ContinuousClock.now
do {
  _ = try fed.signal.toArray()
  check(false, "toArray() of a signal fed by a main-queue block returned")
} catch let error as SignalError {
  let waited = ContinuousClock.now - start
  check(error == .blockingWaitOnMainQueue, "blockingWaitOnMainQueue, got \(error)")
  check(waited >= .seconds(9) && waited < .seconds(30), "gave up after about 10 s, not \(waited)")
  check(
    error.localizedDescription.contains("try await signal.toArray()"),
    "the description names the async version")
}

if failures > 0 { exit(1) }
print("blocking after a top-level await: OK")
exit(0)
