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

/// Where a multi-source operator turns its sources' events into its own, in
/// one order: each source's callback updates the shared state and queues the
/// events that update produces in a single critical section, and the queue
/// is delivered in that order, outside the lock, by one thread at a time.
///
/// Computing under a lock and sending after unlocking would let two threads
/// send their results in the opposite order (a stale `combineLatest` tuple
/// after a fresh one); sending while holding the lock would deadlock on a
/// re-entrant send. Here a thread that finds the queue being delivered
/// leaves its events to the delivering thread, and a re-entrant update on
/// the delivering thread is queued behind the current event.
// @unchecked: all mutable state is inside `box`.
final class OrderedGate<State, Output>: @unchecked Sendable {
  private struct Inner {
    var state: State
    var queue: [Event<Output>] = []
    var head = 0
    var draining = false
  }

  private let box: MutexBox<Inner>
  private let deliver: (Event<Output>) -> Void

  /// - Parameters:
  ///   - state: the initial shared state.
  ///   - deliver: sends one queued event on; called serially, never under
  ///     the lock (it may run user code).
  init(_ state: State, deliver: @escaping (Event<Output>) -> Void) {
    box = MutexBox(Inner(state: state))
    self.deliver = deliver
  }

  /// Updates the state and queues the events `body` returns, atomically;
  /// then delivers the queue unless another call is already delivering it.
  ///
  /// `body` runs under the lock: keep it to bookkeeping, no user code.
  func update(_ body: (inout State) -> [Event<Output>]) {
    let drain = box.withLock { inner -> Bool in
      inner.queue.append(contentsOf: body(&inner.state))
      guard !inner.draining, inner.head < inner.queue.count else { return false }
      inner.draining = true
      return true
    }
    guard drain else { return }
    while let event = nextEvent() { deliver(event) }
  }

  private func nextEvent() -> Event<Output>? {
    box.withLock { inner -> Event<Output>? in
      guard inner.head < inner.queue.count else {
        inner.queue.removeAll(keepingCapacity: inner.queue.capacity <= 64)
        inner.head = 0
        inner.draining = false
        return nil
      }
      let event = inner.queue[inner.head]
      inner.head += 1
      return event
    }
  }
}

/// A first-in, first-out queue with amortized O(1) push and pop.
struct FIFO<Element> {
  private var storage: [Element] = []
  private var head = 0

  init() {}

  var isEmpty: Bool { head == storage.count }

  mutating func push(_ element: Element) { storage.append(element) }

  mutating func pop() -> Element? {
    guard head < storage.count else { return nil }
    let element = storage[head]
    head += 1
    if head == storage.count {
      storage.removeAll(keepingCapacity: storage.capacity <= 64)
      head = 0
    } else if head >= 64 && head * 2 >= storage.count {
      storage.removeFirst(head)
      head = 0
    }
    return element
  }
}
