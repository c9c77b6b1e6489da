// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// Waiting on the main actor for main-queue work, in tests of delivery to
// main-actor callbacks.

import Dispatch

/// Waits on the main actor until `done()` holds, for at most 20 seconds,
/// sleeping between checks: the main queue stays free for the other suites
/// (spinning with `Task.yield()` kept it busy for minutes under
/// ThreadSanitizer), and a lost event fails the test instead of hanging it.
@MainActor
package func waitOnMainActor(until done: () -> Bool) async {
  let deadline = ContinuousClock.now + .seconds(20)
  while !done(), ContinuousClock.now < deadline {
    try? await Task.sleep(for: .milliseconds(2))
  }
}

/// Returns once every main-queue block enqueued before this call has run.
@MainActor
package func afterMainQueueBlocksSentSoFar() async {
  await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
    DispatchQueue.main.async { done.resume() }
  }
}
