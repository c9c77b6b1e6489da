// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// Live-instance counting, to check that what is no longer needed is released.

import Synchronization

/// An instance of this class is counted while alive; use it as an element to
/// check that sequences release what they no longer need.
package final class Tracked: Sendable {
  package let value: Int
  private let tracker: LifetimeTracker

  package init(_ value: Int, tracker: LifetimeTracker) {
    self.value = value
    self.tracker = tracker
    tracker.created()
  }

  deinit {
    tracker.destroyed()
  }
}

/// Counts live `Tracked` instances, and the most alive at once.
package final class LifetimeTracker: Sendable {
  private let live = Mutex((count: 0, peak: 0))

  package init() {}

  package func created() {
    live.withLock {
      $0.count += 1
      $0.peak = max($0.peak, $0.count)
    }
  }

  package func destroyed() {
    live.withLock { $0.count -= 1 }
  }

  package var liveCount: Int {
    live.withLock { $0.count }
  }

  /// The most instances that were alive at once so far.
  package var peakLiveCount: Int {
    live.withLock { $0.peak }
  }
}
