// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// Running code on threads, and sharing state with them.

import Foundation
import Synchronization

/// Runs `body` on a new thread with the given stack size and waits for it.
package func onThread(stackSize: Int, _ body: @escaping @Sendable () -> Void) {
  let done = DispatchSemaphore(value: 0)
  let thread = Thread {
    body()
    done.signal()
  }
  thread.stackSize = stackSize
  thread.start()
  done.wait()
}

/// Runs `body` on a new thread and waits for it at most `seconds`: returns
/// its result, or `nil` if it has not returned by then (the thread is left
/// running). A watchdog, so a test of something that must stop fails
/// instead of hanging when it does not stop.
package func withinTimeout<T: Sendable>(
  seconds: Int, _ body: @escaping @Sendable () -> T
) -> T? {
  let result = Guarded<T?>(nil)
  let done = DispatchSemaphore(value: 0)
  Thread {
    result.value = body()
    done.signal()
  }.start()
  guard done.wait(timeout: .now() + .seconds(seconds)) == .success else { return nil }
  return result.value
}

/// Runs `body` on `count` threads at once and waits for all of them.
package func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
  let group = DispatchGroup()
  for index in 0..<count {
    group.enter()
    Thread {
      body(index)
      group.leave()
    }.start()
  }
  group.wait()
}

/// Runs `body` on a new `Thread` with a 512 KB stack and returns its result.
package func runOnSmallStack<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
  await withCheckedContinuation { continuation in
    let thread = Thread {
      continuation.resume(returning: body())
    }
    thread.stackSize = 512 * 1024
    thread.start()
  }
}

/// Runs `body` on `count` threads at once (each receives its index) and
/// returns their results in index order.
package func runConcurrently<T: Sendable>(
  threads count: Int, _ body: @escaping @Sendable (Int) -> T
) async -> [T] {
  let results = ResultBox<T>(count: count)
  let group = DispatchGroup()
  for index in 0..<count {
    group.enter()
    let thread = Thread {
      results.set(index, body(index))
      group.leave()
    }
    thread.start()
  }
  await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
    group.notify(queue: .global()) { continuation.resume() }
  }
  return results.values
}

private final class ResultBox<T: Sendable>: Sendable {
  private let storage: Mutex<[T?]>

  init(count: Int) {
    storage = Mutex(Array(repeating: nil, count: count))
  }

  func set(_ index: Int, _ value: T) {
    storage.withLock { $0[index] = value }
  }

  var values: [T] {
    storage.withLock { $0.map { $0! } }
  }
}

/// A value shared between threads WITHOUT any synchronization of its own:
/// only the engine's serial delivery protects it (ThreadSanitizer checks).
package final class Unsynchronized<T>: @unchecked Sendable {
  package var value: T
  package init(_ value: T) { self.value = value }
}

/// A value behind a lock, for the state a test shares with `@Sendable`
/// signal callbacks (what a plain captured `var` was before the callbacks
/// became `@Sendable`).
package final class Guarded<T>: @unchecked Sendable {
  private let lock = NSLock()
  private var storage: T

  package init(_ value: T) { storage = value }

  /// The current value; each read and each write takes the lock.
  package var value: T {
    get { lock.withLock { storage } }
    set { lock.withLock { storage = newValue } }
  }

  /// Changes the value atomically and returns what `body` returns.
  @discardableResult
  package func mutate<R>(_ body: (inout T) -> R) -> R {
    lock.withLock { body(&storage) }
  }
}
