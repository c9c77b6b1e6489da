// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// THE PATTERN: how the signal engine works, and the one rule for operators.
//
// A subscription attaches a *sink* (a `next` closure and an `end` closure
// taking a non-generic `Completion`) to a signal, together with one
// non-generic *lifetime*. Events reach a sink serially: every sink sits
// behind exactly one *gate* (a `Subscriber`, a subject), the only places
// that serialize. An operator is one of two kinds (`Operators/Fused`,
// `Operators/Gate`; the time operators in `Operators/Time` are gate
// operators fed by a scheduler):
//
// (a) A FUSED operator — one source, no scheduler. It wraps the downstream
//     sink in closures and attaches to its source with the SAME lifetime
//     (`lift`). Its state is plain `var`s captured by those closures: the
//     source's gate already serializes every call. If it ends the signal
//     itself (take, any, …) it disposes the shared lifetime FIRST (the
//     source's gate then drops later sends) and only then calls `sink.end`.
//     `@inlinable`, so a client specializes the whole chain.
//
//       lift { sink, lifetime in
//         var done = false
//         return Sink(
//           next: { value in
//             guard !done else { return }
//             if predicate(value) { return sink.next(value) }
//             done = true
//             lifetime.dispose()  // resources first,
//             sink.end(.completed)  // then the callback
//           },
//           end: { completion in if !done { sink.end(completion) } })
//       }
//
// (b) A GATE operator — more than one source, or a scheduler, or anything
//     that may reach the downstream from two threads. It keeps the
//     `Signal { downstream in … }` form: `downstream` is a `Subscriber`, a
//     gate. Each source is subscribed with `forward(to: downstream, …)` (a
//     child lifetime, linked before the source runs), and everything goes
//     out through `downstream.send…`.
//
// THE RULE: state that decides what is sent is a plain value type (a
// `ZipState`, a `ThrottleState`, a `SwitchToLatestState`, …) that lives
// INSIDE the downstream's gate and changes only in
// `downstream.serialize { … }`, which updates it and queues the sends it
// produces in one step. So results go out in the order the state changed,
// whatever threads the sources and timers run on, and a state never runs
// user code or needs a lock of its own. (A decision taken under a lock of
// the operator's own and sent after the unlock let a stale combineLatest
// tuple overtake a fresh one, a replaced inner signal send after its
// successor, and a completion miss the value a timer had just taken.) A
// timer (a `@Sendable` scheduler action) reaches the state through a
// `GateState` box; it carries the generation it was armed for, so a stale
// timer never sends. Bookkeeping that sends nothing of its own (a delay's
// armed timers, a flatten's count of live inner subscriptions) may keep a
// `Locked`; never call out while holding it.
//
//       Signal { downstream in
//         var latest: Value?  // inside `downstream`'s gate
//         self.forward(to: downstream, next: { value in downstream.serialize { latest = value } })
//         guard !downstream.isDisposed else { return nil }
//         sampler.forward(
//           to: downstream,
//           next: { _ in downstream.serialize { if let latest { downstream.sendNext(latest) } } })
//         return nil
//       }
//
// Never fuse a gate operator: that would silently lose serial delivery.
//
// THE DEADLOCK RULE: no user code (callbacks, operator closures, a source's
// `didSubscribe`, teardown) runs while holding a lock that subscribing,
// disposing, connecting or sending to ANOTHER subscription needs. Per
// subscription events stay serialized (one at a time, in order: RAC's
// guarantee); across subscriptions nothing waits for a callback it does not
// deliver. So a gate is held only by a delivery to its own subscribers:
// disposing never enters one (maintenance is requested, never awaited), and
// a subject joins a subscriber in a short critical section of its own (the
// replay is copied there and delivered outside it, on the subscribing
// thread, with the events sent meanwhile in the subscriber's mailbox; see
// `Subject.join`). `Locked` and `Lock` never call out. The invariants build
// records the order the library's locks are taken in (`LockOrder`), and a
// test fails on a cycle.

import Synchronization

/// How a subscription ended: completion or an error. Not generic, so the
/// terminal path forms no generic metadata.
@usableFromInline
enum Completion: Sendable {
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
  // @unchecked: `first`, `second`, `rest` and `parent` are only touched
  // under `lock`.
  @usableFromInline
  enum Resource {
    case disposable(any Disposable)
    case observer(any LifetimeObserver)
    /// An observer the lifetime must not keep alive: one that holds the
    /// lifetime itself and that nothing else is sure to end (a
    /// ``Subscriber`` made by the caller).
    case weakObserver(WeakObserverBox)

    func end() {
      switch self {
      case .disposable(let disposable): disposable.dispose()
      case .observer(let observer): observer.lifetimeEnded()
      case .weakObserver(let weak): weak.observer?.lifetimeEnded()
      }
    }

    func isSame(as object: AnyObject) -> Bool {
      switch self {
      case .disposable(let disposable): return disposable === object
      case .observer(let observer): return observer === object
      case .weakObserver(let weak): return weak.observer === object
      }
    }
  }

  /// A weak reference to an observer, in an object of its own: a weak
  /// reference stored in `Resource` itself would make every copy and
  /// destruction of a resource go through the weak-reference runtime
  /// (about 1,600 instructions more per subscription, measured).
  @usableFromInline
  final class WeakObserverBox {
    weak var observer: (any LifetimeObserver)?

    init(_ observer: any LifetimeObserver) { self.observer = observer }
  }

  private let disposed = Atomic<Bool>(false)
  private let lock = Lock()
  // `@exclusivity(unchecked)`: touched only under `lock`, which makes every
  // access exclusive; the dynamic checks cost about 60 instructions each.
  /// The resources, in the order they were added: the first two inline
  /// (a subscription's usually has two or three: its gate, an upstream, a
  /// resource of `didSubscribe`), the others in `rest`. A resource goes
  /// inline only when nothing after that slot is in use, so the order of
  /// `first`, `second`, `rest` stays the order of addition.
  @exclusivity(unchecked) private var first: Resource?
  @exclusivity(unchecked) private var second: Resource?
  @exclusivity(unchecked) private var rest: [Resource] = []
  /// Set for a child lifetime: the parent forgets it when it ends.
  @exclusivity(unchecked) private var parent: Lifetime?

  @usableFromInline
  init() {}

  /// Whether the subscription has ended (terminated or disposed).
  @usableFromInline
  var isDisposed: Bool { disposed.load(ordering: .sequentiallyConsistent) }

  /// Ends the subscription: sets the flag, then disposes every resource.
  @usableFromInline
  func dispose() {
    guard !disposed.exchange(true, ordering: .sequentiallyConsistent) else { return }
    let (first, second, rest, parent) = lock.withLock {
      defer {
        self.first = nil
        self.second = nil
        self.rest = []
        self.parent = nil
      }
      return (self.first, self.second, self.rest, self.parent)
    }
    first?.end()
    second?.end()
    for resource in rest { resource.end() }
    parent?.remove(self)
  }

  /// Adds a resource; ends it at once if the lifetime is already over.
  @usableFromInline
  func add(_ resource: Resource) {
    let added = lock.withLock { () -> Bool in
      guard !disposed.load(ordering: .sequentiallyConsistent) else { return false }
      if rest.isEmpty && second == nil {
        if first == nil { first = resource } else { second = resource }
      } else {
        rest.append(resource)
      }
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
      if let index = rest.lastIndex(where: { $0.isSame(as: object) }) {
        return rest.remove(at: index)
      }
      if let second, second.isSame(as: object) {
        self.second = nil
        return second
      }
      if let first, first.isSame(as: object) {
        self.first = nil
        return first
      }
      return nil
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
