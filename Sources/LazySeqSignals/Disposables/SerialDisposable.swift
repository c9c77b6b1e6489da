// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

/// A disposable that holds one replaceable inner disposable.
///
/// Disposing the serial disposable disposes the current inner disposable and
/// releases it; an inner disposable set afterwards is disposed at once. As in
/// RAC, replacing the inner disposable does **not** dispose the previous one
/// (``swap(_:)`` hands it back); dispose it yourself when that is what you
/// want.
///
/// ```swift
/// let current = SerialDisposable()
/// current.inner = AnyDisposable { print("first") }
/// let first = current.swap(AnyDisposable { print("second") })
/// first?.dispose()   // prints "first"
/// current.dispose()  // prints "second"
/// ```
public final class SerialDisposable: Disposable {
  private struct State {
    var inner: (any Disposable)?
    var isDisposed = false
  }

  // Inline: one object per serial disposable, not two.
  private let state = InlineLocked(State())

  /// Creates a serial disposable with no inner disposable.
  public init() {}

  /// Creates a serial disposable holding `inner`.
  ///
  /// - Parameter inner: the initial inner disposable.
  public convenience init(_ inner: (any Disposable)?) {
    self.init()
    self.inner = inner
  }

  public var isDisposed: Bool { state.withLock { $0.isDisposed } }

  /// The current inner disposable; `nil` after disposal.
  ///
  /// Setting it after disposal disposes the new value at once.
  public var inner: (any Disposable)? {
    get { state.withLock { $0.inner } }
    set { _ = swap(newValue) }
  }

  /// Replaces the inner disposable and returns the previous one, undisposed.
  ///
  /// - Parameter newInner: the new inner disposable.
  /// - Returns: the previous inner disposable, or `nil`.
  @discardableResult
  public func swap(_ newInner: (any Disposable)?) -> (any Disposable)? {
    let (accepted, old) = state.withLock { state -> (Bool, (any Disposable)?) in
      guard !state.isDisposed else { return (false, nil) }
      let old = state.inner
      state.inner = newInner
      return (true, old)
    }
    if !accepted { newInner?.dispose() }
    return old
  }

  public func dispose() {
    let inner = state.withLock { state -> (any Disposable)? in
      guard !state.isDisposed else { return nil }
      state.isDisposed = true
      defer { state.inner = nil }
      return state.inner
    }
    inner?.dispose()
  }
}
