// What the round-2 operators (takeLast, tryMap, withLatest(from:),
// distinctUntilChanged(by:), …) and the async conversions share. They are
// written against the public API of the module only (`Signal { … }`,
// `subscribe`, `Subscriber`, the disposables), so they do not depend on the
// engine's internal plumbing.

import Synchronization

/// A mutable state shared between the callbacks of several sources or
/// threads, guarded by a `Mutex`.
///
/// The `Mutex` holds no payload: the state lives beside it, so a non-Sendable
/// value can be read out without a `sending` transfer. As in `Lock`, an
/// atomic released before each unlock and acquired after each lock gives
/// ThreadSanitizer the happens-before edge it misses when a contended Linux
/// `Mutex` is handed over inside the Synchronization runtime.
// @unchecked: `state` is only read or written inside `withLock`.
final class MutexBox<State>: @unchecked Sendable {
  private let mutex = Mutex<Void>(())
  private let fence = Atomic<Int>(0)
  private var state: State

  init(_ initial: State) {
    state = initial
  }

  /// Runs `body` with exclusive access to the state. Keep it short, and
  /// never send an event or call user code from inside it.
  func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
    try mutex.withLock { _ in
      _ = fence.load(ordering: .acquiring)
      defer { fence.store(0, ordering: .releasing) }
      return try body(&state)
    }
  }
}

extension Signal {
  /// Subscribes to this signal on behalf of `downstream`, the subscriber of
  /// an operator's result, through the public API only.
  ///
  /// The upstream subscriber is added to `link` before the signal runs, and
  /// `link` is what the operator's `didSubscribe` returns, so disposing or
  /// terminating `downstream` disposes the upstream subscription. While
  /// `didSubscribe` is still running (a synchronous source), `link` is not
  /// attached to `downstream` yet; each value therefore checks `downstream`
  /// first and, if it has ended, disposes `link`, which stops a synchronous
  /// (even infinite) source that checks `isDisposed`.
  ///
  /// Unless overridden, errors and completion are forwarded as they are.
  ///
  /// - Returns: `link`.
  @discardableResult
  func relay<U>(
    to downstream: Subscriber<U>,
    link: CompoundDisposable = CompoundDisposable(),
    next: @escaping (Value) -> Void,
    error: ((any Error) -> Void)? = nil,
    completed: (() -> Void)? = nil
  ) -> CompoundDisposable {
    let upstream = Subscriber<Value>(
      next: { value in
        if downstream.isDisposed {
          link.dispose()
          return
        }
        next(value)
      },
      error: error ?? { downstream.sendError($0) },
      completed: completed ?? { downstream.sendCompleted() })
    link.add(upstream)
    if !link.isDisposed && !downstream.isDisposed { subscribe(upstream) }
    return link
  }
}
