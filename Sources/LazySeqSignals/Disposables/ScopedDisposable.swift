// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

/// A disposable that disposes its inner disposable when it is deallocated.
///
/// Keep a `ScopedDisposable` in a property to tie a subscription to the
/// lifetime of its owner.
///
/// ```swift
/// do {
///   let scoped = ScopedDisposable(AnyDisposable { print("gone") })
///   _ = scoped
/// }  // prints "gone"
/// ```
public final class ScopedDisposable: Disposable {
  /// The disposable this one disposes on deinit (or when disposed).
  public let inner: any Disposable

  /// Wraps `inner` so that it is disposed on deinit.
  ///
  /// - Parameter inner: the disposable to scope.
  public init(_ inner: any Disposable) {
    self.inner = inner
  }

  deinit { inner.dispose() }

  public var isDisposed: Bool { inner.isDisposed }

  public func dispose() { inner.dispose() }
}

extension Disposable {
  /// Wraps this disposable in a ``ScopedDisposable``, disposed on deinit.
  ///
  /// - Returns: a scoped disposable owning this one.
  public func scoped() -> ScopedDisposable { ScopedDisposable(self) }
}
