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
func signal<T: Sendable>(_ values: [T]) -> Signal<T> {
  Signal { subscriber in
    for value in values { subscriber.sendNext(value) }
    subscriber.sendCompleted()
    return nil
  }
}

/// An infinite signal: sends `value` until its subscription is disposed.
func infinite<T: Sendable>(_ value: T) -> Signal<T> {
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

/// One recorded event with a typed value, for exact comparisons of whole
/// histories: `[.next(1), .next(2), .completed]`.
enum Recorded<T: Equatable>: Equatable, CustomStringConvertible {
  case next(T)
  /// An error, by its description.
  case failed(String)
  case completed

  init(_ event: Event<T>) {
    switch event {
    case .next(let value): self = .next(value)
    case .error(let error): self = .failed("\(error)")
    case .completed: self = .completed
    }
  }

  var description: String {
    switch self {
    case .next(let value): return "next(\(value))"
    case .failed(let error): return "error(\(error))"
    case .completed: return "completed"
    }
  }
}

extension Recorder where T: Equatable {
  /// The typed history: values, then the terminal event.
  var recorded: [Recorded<T>] { events.map { Recorded($0) } }
}

/// The typed history of a synchronous signal.
func recorded<T: Equatable>(_ signal: Signal<T>) -> [Recorded<T>] {
  Recorder(signal).recorded
}

/// A marble history: `"1 2 3 |"` is values 1, 2, 3 then completion; `"1 #"`
/// is 1 then an error (`TestError.boom`); a history without `|` or `#` has
/// not terminated.
func marbles(_ diagram: String) -> [Recorded<Int>] {
  diagram.split(separator: " ").map { token in
    switch token {
    case "|": return .completed
    case "#": return .failed("\(TestError.boom)")
    default: return .next(Int(token)!)
    }
  }
}

/// Runs `body` on `count` threads at once and waits for all of them.
func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
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

/// A value shared between threads WITHOUT any synchronization of its own:
/// only the engine's serial delivery protects it (ThreadSanitizer checks).
final class Unsynchronized<T>: @unchecked Sendable {
  var value: T
  init(_ value: T) { self.value = value }
}

/// A value behind a lock, for the state a test shares with `@Sendable`
/// signal callbacks (what a plain captured `var` was before the callbacks
/// became `@Sendable`).
final class Guarded<T>: @unchecked Sendable {
  private let lock = NSLock()
  private var storage: T

  init(_ value: T) { storage = value }

  /// The current value; each read and each write takes the lock.
  var value: T {
    get { lock.withLock { storage } }
    set { lock.withLock { storage = newValue } }
  }

  /// Changes the value atomically and returns what `body` returns.
  @discardableResult
  func mutate<R>(_ body: (inout T) -> R) -> R {
    lock.withLock { body(&storage) }
  }
}
