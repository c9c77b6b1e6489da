// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// Counting calls, for laziness, memoization and subscription checks.

import Foundation
import Synchronization

/// A thread-safe counter.
package final class Counter: @unchecked Sendable {
  private let lock = NSLock()
  private var count = 0

  package init() {}

  @discardableResult
  package func increment() -> Int {
    lock.lock()
    defer { lock.unlock() }
    count += 1
    return count
  }

  package var value: Int {
    lock.lock()
    defer { lock.unlock() }
    return count
  }
}

/// Counts calls, for laziness and memoization checks on one thread.
package final class CallCounter {
  package private(set) var count = 0

  package init() {}

  package func increment() {
    count += 1
  }

  /// Increments the counter and returns `value`, for use inside closures.
  package func tick<T>(_ value: T) -> T {
    count += 1
    return value
  }
}

/// Counts calls per key from any thread.
package final class ConcurrentCounter: Sendable {
  private let counts = Mutex<[Int: Int]>([:])

  package init() {}

  package func increment(_ key: Int = 0) {
    counts.withLock { $0[key, default: 0] += 1 }
  }

  package func count(_ key: Int = 0) -> Int {
    counts.withLock { $0[key, default: 0] }
  }

  package var total: Int {
    counts.withLock { $0.values.reduce(0, +) }
  }

  package var snapshot: [Int: Int] {
    counts.withLock { $0 }
  }
}
