// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

import Foundation
import LazySeq
import LazySeqSignals
import LazySeqTestSupport
import Synchronization

/// Thread helpers of the command, property and binding tests.
enum CommandTestThreads {
  /// An identifier for the calling thread (the package's thread identity).
  static func currentID() -> UInt { currentThreadID() }

  /// Runs `body` on a new thread, waits for it, and returns that thread's
  /// identifier.
  @discardableResult
  static func run(_ body: @escaping @Sendable () -> Void) -> UInt {
    let finished = DispatchSemaphore(value: 0)
    let id = Mutex<UInt>(0)
    Thread {
      id.withLock { $0 = currentID() }
      body()
      finished.signal()
    }.start()
    finished.wait()
    return id.withLock { $0 }
  }
}

/// An object to bind signals to, and to watch die.
final class BoundScreen: Sendable {
  private let state = Mutex((title: "", count: 0))

  init() {}

  var title: String {
    get { state.withLock { $0.title } }
    set { state.withLock { $0.title = newValue } }
  }

  var count: Int {
    get { state.withLock { $0.count } }
    set { state.withLock { $0.count = newValue } }
  }
}
