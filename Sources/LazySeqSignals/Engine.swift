// The internal pieces of the signal engine: sinks and lifetimes.
//
// A subscription attaches a *sink* (two unsynchronized closures) to a signal,
// together with one non-generic *lifetime*. Fused operators wrap the sink in
// closures; gates (`Subscriber`, subjects) serialize the events that reach
// it. See `Operators/Operators.swift` for the pattern.

import Synchronization

/// How a subscription ended: completion or an error. Not generic, so the
/// terminal path forms no generic metadata.
@usableFromInline
enum Completion {
  case completed
  case failed(any Error)
}

/// The receiving end of a subscription inside the engine: unsynchronized,
/// always called serially by the gate upstream of it.
@usableFromInline
struct Sink<Value> {
  @usableFromInline let next: (Value) -> Void
  @usableFromInline let end: (Completion) -> Void

  @inlinable
  init(next: @escaping (Value) -> Void, end: @escaping (Completion) -> Void) {
    self.next = next
    self.end = end
  }

  /// A sink that runs optional user callbacks.
  @inlinable
  init(
    next: ((Value) -> Void)?, error: ((any Error) -> Void)?, completed: (() -> Void)?
  ) {
    self.next = next ?? { _ in }
    if error == nil, completed == nil {
      self.end = { _ in }
    } else {
      self.end = { completion in
        switch completion {
        case .completed: completed?()
        case .failed(let failure): error?(failure)
        }
      }
    }
  }
}

/// Something told when a lifetime it registered with ends (a gate that
/// must release its callbacks, a subject that must drop an entry).
@usableFromInline
///
/// Observers are told on whichever thread ends the lifetime, so
/// `lifetimeEnded()` must be thread-safe (the gates request maintenance).
protocol LifetimeObserver: AnyObject {
  func lifetimeEnded()
}

/// The lifetime of one subscription: a disposed flag and the resources to
/// dispose with it. Not generic.
///
/// Disposal is idempotent and never waits for a delivery in flight: it sets
/// the flag (sequentially consistent, read by the gates before each
/// delivery), then disposes the resources, in the order they were added.
/// A resource added after disposal is disposed at once.
@usableFromInline
final class Lifetime: Disposable, @unchecked Sendable {
  // @unchecked: `first`, `rest` and `parent` are only touched under `lock`.
  @usableFromInline
  enum Resource {
    case disposable(any Disposable)
    case observer(any LifetimeObserver)

    func end() {
      switch self {
      case .disposable(let disposable): disposable.dispose()
      case .observer(let observer): observer.lifetimeEnded()
      }
    }

    func isSame(as object: AnyObject) -> Bool {
      switch self {
      case .disposable(let disposable): return disposable === object
      case .observer(let observer): return observer === object
      }
    }
  }

  private let disposed = Atomic<Bool>(false)
  private let lock = Lock()
  private var first: Resource?
  private var rest: [Resource] = []
  /// Set for a child lifetime: the parent forgets it when it ends.
  private var parent: Lifetime?

  @usableFromInline
  init() {}

  /// Whether the subscription has ended (terminated or disposed).
  @usableFromInline
  var isDisposed: Bool { disposed.load(ordering: .sequentiallyConsistent) }

  /// Ends the subscription: sets the flag, then disposes every resource.
  @usableFromInline
  func dispose() {
    guard !disposed.exchange(true, ordering: .sequentiallyConsistent) else { return }
    let (first, rest, parent) = lock.withLock {
      defer {
        self.first = nil
        self.rest = []
        self.parent = nil
      }
      return (self.first, self.rest, self.parent)
    }
    first?.end()
    for resource in rest { resource.end() }
    parent?.remove(self)
  }

  /// Adds a resource; ends it at once if the lifetime is already over.
  @usableFromInline
  func add(_ resource: Resource) {
    let added = lock.withLock { () -> Bool in
      guard !disposed.load(ordering: .sequentiallyConsistent) else { return false }
      if first == nil { first = resource } else { rest.append(resource) }
      return true
    }
    if !added { resource.end() }
  }

  /// Adds a disposable (`nil` and already disposed ones are ignored).
  @usableFromInline
  func add(_ disposable: (any Disposable)?) {
    guard let disposable, !disposable.isDisposed else { return }
    add(.disposable(disposable))
  }

  /// Forgets a resource without ending it.
  func remove(_ object: AnyObject) {
    let removed = lock.withLock { () -> Resource? in
      if let first, first.isSame(as: object) {
        self.first = nil
        return first
      }
      guard let index = rest.lastIndex(where: { $0.isSame(as: object) }) else { return nil }
      return rest.remove(at: index)
    }
    withExtendedLifetime(removed) {}
  }

  /// A lifetime that ends with this one, and is forgotten by this one as
  /// soon as it ends itself (finished children are not retained).
  @usableFromInline
  func makeChild() -> Lifetime {
    let child = Lifetime()
    child.parent = self
    add(.disposable(child))
    return child
  }
}

/// A library object captured by a `@Sendable` closure although its type is
/// `Sendable` only for `Sendable` values.
///
/// Use it only for an object whose every method used from the closure is
/// thread-safe (serialized by its gate) and that never hands a value to a
/// thread other than the one that sent it: a plain ``Subject`` delivers each
/// value on the sending thread, and the subjects that replay stored values
/// to new subscribers require `Sendable` values.
@usableFromInline
struct Unchecked<Value>: @unchecked Sendable {
  @usableFromInline let value: Value

  @inlinable
  init(_ value: Value) { self.value = value }
}
