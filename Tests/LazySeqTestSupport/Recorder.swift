// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// Recording the events of a signal, as typed values or as descriptions.

import Foundation
package import LazySeqSignals

/// Records every event a subscription receives, from any thread.
package final class Recorder<T>: @unchecked Sendable {
  private let lock = NSLock()
  private var storage: [Event<T>] = []
  package private(set) var disposable: (any Disposable)?

  package init() {}

  package init(_ signal: Signal<T>) {
    disposable = subscribe(to: signal)
  }

  @discardableResult
  package func subscribe(to signal: Signal<T>) -> any Disposable {
    // A subscriber's callbacks: nonisolated, for values of any type.
    signal.subscribe(
      Subscriber(
        next: { self.append(.next($0)) },
        error: { self.append(.error($0)) },
        completed: { self.append(.completed) }))
  }

  package func append(_ event: Event<T>) {
    lock.lock()
    storage.append(event)
    lock.unlock()
  }

  package var events: [Event<T>] {
    lock.lock()
    defer { lock.unlock() }
    return storage
  }

  /// The whole history as descriptions: `next(1)`, `error(boom)`,
  /// `completed`. Prefer `recorded` when the values are `Equatable`.
  package var history: [String] { events.map(\.description) }

  package var values: [T] { events.compactMap(\.value) }
}

extension Recorder where T: Equatable {
  /// The typed history: values, then the terminal event.
  package var recorded: [Recorded<T>] { events.map { Recorded($0) } }
}

/// The full event history of a synchronous signal, as descriptions (for
/// values that are not `Equatable`, or when the description is the point).
package func history<T>(_ signal: Signal<T>) -> [String] {
  Recorder(signal).history
}

/// The typed history of a synchronous signal.
package func recorded<T: Equatable>(_ signal: Signal<T>) -> [Recorded<T>] {
  Recorder(signal).recorded
}
