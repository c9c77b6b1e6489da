// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

import Synchronization

/// Something that can be cancelled or cleaned up exactly once.
///
/// Every disposable in this module is thread-safe and idempotent: `dispose()`
/// may be called any number of times from any thread, and its effect happens
/// once. Disposing releases the closures and children the disposable holds.
///
/// ```swift
/// let subscription = Signal<Int>.never.subscribe(next: { print($0) })
/// subscription.dispose()
/// print(subscription.isDisposed)  // true
/// ```
public protocol Disposable: AnyObject, Sendable {
  /// Whether `dispose()` has been called (or the work it guards has ended).
  var isDisposed: Bool { get }

  /// Performs the cleanup, once. Later calls do nothing.
  func dispose()
}

/// A disposable that runs an action when it is first disposed.
///
/// ```swift
/// let disposable = AnyDisposable { print("cleaned up") }
/// disposable.dispose()  // prints "cleaned up"
/// disposable.dispose()  // does nothing
/// ```
///
/// Like RAC's `RACDisposable`, it is **not** disposed when it is deallocated;
/// wrap it in a ``ScopedDisposable`` for that.
public final class AnyDisposable: Disposable {
  // The action runs once, on the thread that disposes. Both fields are
  // stored in place: one object per disposable.
  private let action: InlineLocked<(@Sendable () -> Void)?>
  private let disposed = Atomic<Bool>(false)

  /// Creates a disposable that runs `action` the first time it is disposed.
  ///
  /// - Parameter action: the cleanup; released after it runs.
  public init(_ action: @escaping @Sendable () -> Void) {
    self.action = InlineLocked(action)
  }

  /// Creates a disposable with no action that only records its disposal.
  public init() {
    self.action = InlineLocked(nil)
  }

  public var isDisposed: Bool { disposed.load(ordering: .acquiring) }

  public func dispose() {
    guard disposed.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged
    else { return }
    let action = self.action.withLock { action -> (@Sendable () -> Void)? in
      defer { action = nil }
      return action
    }
    action?()
  }
}
