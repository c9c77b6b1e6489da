// A script that awaits at the top level, then blocks on a signal that
// delivers on the main queue. After the first top-level `await` the rest of
// the top-level code runs as main-queue blocks (on Linux, drained by another
// thread than the main one), so nothing can run the main queue while it
// blocks: the blocking conversion must throw at once
// (`SignalError.blockingWaitOnMainQueue`, whose description names the async
// version), not hang. A signal that ends during `subscribe` still works, and
// the async version works for both. Compiled and run by .ci/command-line.sh.

import Foundation
import LazySeq
import LazySeqSignals

// A hang fails the program instead of stalling CI.
Thread.detachNewThread {
  Thread.sleep(forTimeInterval: 30)
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

// The top-level `await`: from here on, top-level code runs as main-queue
// blocks (on Linux, from another thread than the main one).
let awaited = try await awaitAll(Signal(Seq([1, 2, 3])).deliver(on: .main))
check(awaited == [1, 2, 3], "the async toArray()")
#if os(Linux)
  check(!Thread.isMainThread, "after a top-level await, on Linux, off the main thread")
#endif

let onMain = Signal(Seq([4, 5, 6])).deliver(on: .main)
do {
  // The blocking version (the timeout parameter makes sure).
  let values = try onMain.toArray(timeout: .seconds(20))
  // Only possible where this code still runs on the main thread, with the
  // main run loop free to run (not on Linux).
  check(Thread.isMainThread, "toArray() returned \(values) on a blocked main queue")
} catch let error as SignalError {
  check(error == .blockingWaitOnMainQueue, "blockingWaitOnMainQueue, got \(error)")
  print(error.localizedDescription)
  check(
    error.localizedDescription.contains("try await signal.toArray()"),
    "the description names the async version")
}

// A signal that ends during `subscribe` needs no wait, so it works here too.
check(try Signal(Seq([7, 8])).toArray(timeout: .seconds(20)) == [7, 8], "a synchronous signal")
// And the async version of the same call works.
check(try await awaitAll(onMain) == [4, 5, 6], "the async toArray() of the same signal")

if failures > 0 { exit(1) }
print("blocking after a top-level await: OK")
exit(0)
