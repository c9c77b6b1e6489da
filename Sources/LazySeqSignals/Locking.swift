// All locking helpers of the module live in this file. They are built on
// `Synchronization.Mutex` and `Synchronization.Atomic`; there are no home-made
// spin locks.

import Synchronization

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A value protected by a `Mutex`, reachable from a class so it can be shared.
///
/// The critical section is a plain closure over `inout State`; keep it short
/// and never call out to user code from inside it.
// @unchecked: `state` is only read or written inside `mutex.withLock`.
final class Locked<State>: @unchecked Sendable {
  private let lock = Lock()
  private var state: State

  init(_ initial: State) {
    state = initial
  }

  /// Runs `body` with exclusive access to the state.
  func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
    try lock.withLock { try body(&state) }
  }
}

/// A non-recursive mutual-exclusion lock: a `Mutex` plus a release/acquire
/// fence that ThreadSanitizer can see.
///
/// On Linux a contended `Mutex` is acquired inside the (uninstrumented)
/// Synchronization runtime, so ThreadSanitizer misses the happens-before edge
/// and reports false races on the data it protects. The extra atomic,
/// released before each unlock and acquired after each lock, makes the edge
/// visible; it costs two uncontended atomic operations.
final class Lock: Sendable {
  private let mutex = Mutex<Void>(())
  private let fence = Atomic<Int>(0)

  init() {}

  /// Runs `body` while holding the lock.
  func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
    try mutex.withLock { _ in
      _ = fence.load(ordering: .acquiring)
      defer { fence.store(0, ordering: .releasing) }
      return try body()
    }
  }
}

/// A Boolean that flips from `false` to `true` exactly once.
final class OnceFlag: Sendable {
  private let flag = Atomic<Bool>(false)

  init() {}

  /// Whether `set()` has been called.
  var isSet: Bool { flag.load(ordering: .acquiring) }

  /// Sets the flag; returns `true` only for the caller that flipped it.
  func set() -> Bool {
    flag.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged
  }
}

/// An identifier for the calling thread, never `0`.
func currentThreadID() -> UInt {
  #if canImport(Darwin)
    return UInt(bitPattern: pthread_self())
  #else
    return UInt(pthread_self())
  #endif
}

/// Delivers messages one at a time, in order.
///
/// `perform` takes a send lock for the whole delivery, so concurrent callers
/// on other threads wait their turn (serial delivery). A caller on the thread
/// that is already delivering (a reentrant send from inside a subscriber)
/// does not wait: its message is queued and delivered by the running loop
/// right after the current message, so recursion never deadlocks and never
/// nests deliveries.
// @unchecked: the queue and the drainer identity are guarded by `state`; the
// delivery itself is serialized by `sendLock`.
final class Serializer<Message>: @unchecked Sendable {
  private struct State {
    var queue: [Message] = []
    var head = 0
    var drainer: UInt = 0
  }

  private let state = Locked(State())
  private let sendLock = Lock()

  init() {}

  /// Delivers `message` through `deliver`, serially with every other message.
  ///
  /// Every caller of one serializer must pass an equivalent `deliver`: a queued
  /// message is delivered by whichever call is draining the queue.
  func perform(_ message: Message, _ deliver: (Message) -> Void) {
    let me = currentThreadID()
    let queued = state.withLock { state -> Bool in
      guard state.drainer == me else { return false }
      state.queue.append(message)
      return true
    }
    if queued { return }
    sendLock.withLock {
      state.withLock { $0.drainer = me }
      var current = message
      while true {
        deliver(current)
        let next = state.withLock { state -> Message? in
          guard state.head < state.queue.count else {
            state.queue.removeAll(keepingCapacity: state.queue.capacity <= 64)
            state.head = 0
            state.drainer = 0
            return nil
          }
          let next = state.queue[state.head]
          state.head += 1
          return next
        }
        guard let next else { break }
        current = next
      }
    }
  }
}
