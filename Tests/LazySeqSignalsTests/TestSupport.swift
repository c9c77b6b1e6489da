import Foundation
import LazySeqSignals

enum TestError: Error, Equatable {
  case boom
  case other
}

/// Records every event a subscription receives, from any thread.
final class Recorder<T>: @unchecked Sendable {
  private let lock = NSLock()
  private var storage: [Event<T>] = []
  private(set) var disposable: (any Disposable)?

  init() {}

  init(_ signal: Signal<T>) {
    disposable = subscribe(to: signal)
  }

  @discardableResult
  func subscribe(to signal: Signal<T>) -> any Disposable {
    signal.subscribe(
      next: { self.append(.next($0)) },
      error: { self.append(.error($0)) },
      completed: { self.append(.completed) })
  }

  func append(_ event: Event<T>) {
    lock.lock()
    storage.append(event)
    lock.unlock()
  }

  var events: [Event<T>] {
    lock.lock()
    defer { lock.unlock() }
    return storage
  }

  /// The whole history as strings: `next(1)`, `error(boom)`, `completed`.
  var history: [String] { events.map(\.description) }

  var values: [T] { events.compactMap(\.value) }
}

/// The full event history of a synchronous signal.
func history<T>(_ signal: Signal<T>) -> [String] {
  Recorder(signal).history
}

/// The values of a synchronous signal, followed by its terminal event.
func expectHistory<T>(_ values: [T], _ terminal: String = "completed") -> [String] {
  values.map { Event<T>.next($0).description } + [terminal]
}

/// A cold signal that sends `values` then completes.
func signal<T>(_ values: [T]) -> Signal<T> {
  Signal { subscriber in
    for value in values { subscriber.sendNext(value) }
    subscriber.sendCompleted()
    return nil
  }
}

/// An infinite signal: sends `value` until its subscription is disposed.
func infinite<T>(_ value: T) -> Signal<T> {
  Signal { subscriber in
    while !subscriber.isDisposed { subscriber.sendNext(value) }
    return nil
  }
}

/// A thread-safe counter.
final class Counter: @unchecked Sendable {
  private let lock = NSLock()
  private var count = 0

  init() {}

  @discardableResult
  func increment() -> Int {
    lock.lock()
    defer { lock.unlock() }
    count += 1
    return count
  }

  var value: Int {
    lock.lock()
    defer { lock.unlock() }
    return count
  }
}

/// Runs `body` on a new thread with the given stack size and waits for it.
func onThread(stackSize: Int, _ body: @escaping @Sendable () -> Void) {
  let done = DispatchSemaphore(value: 0)
  let thread = Thread {
    body()
    done.signal()
  }
  thread.stackSize = stackSize
  thread.start()
  done.wait()
}
