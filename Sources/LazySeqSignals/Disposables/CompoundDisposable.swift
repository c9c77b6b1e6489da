// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

/// A disposable that disposes a set of children together.
///
/// Adding a child to a compound that is already disposed disposes the child
/// at once. Removing a child forgets it without disposing it. Disposing the
/// compound disposes every child once, outside the internal lock, and
/// releases them.
///
/// ```swift
/// let all = CompoundDisposable()
/// all.add(AnyDisposable { print("a") })
/// all.add(AnyDisposable { print("b") })
/// all.dispose()  // prints "a" and "b" (in no particular order)
/// ```
public final class CompoundDisposable: Disposable {
  private struct State {
    var children: [ObjectIdentifier: any Disposable] = [:]
    var isDisposed = false
  }

  // Inline: one object per compound disposable, not two.
  private let state = InlineLocked(State())

  /// Creates an empty compound disposable.
  public init() {}

  /// Creates a compound disposable holding `children`.
  ///
  /// - Parameter children: the disposables to dispose together.
  public convenience init(_ children: [any Disposable]) {
    self.init()
    for child in children { add(child) }
  }

  public var isDisposed: Bool { state.withLock { $0.isDisposed } }

  /// Adds `child`; disposes it at once if this compound is already disposed.
  ///
  /// A child that is already disposed is ignored.
  ///
  /// - Parameter child: the disposable to add; `nil` is ignored.
  public func add(_ child: (any Disposable)?) {
    guard let child, !child.isDisposed else { return }
    let added = state.withLock { state -> Bool in
      guard !state.isDisposed else { return false }
      state.children[ObjectIdentifier(child)] = child
      return true
    }
    if !added { child.dispose() }
  }

  /// Forgets `child` without disposing it.
  ///
  /// - Parameter child: a disposable previously added (by identity).
  public func remove(_ child: any Disposable) {
    let removed = state.withLock { $0.children.removeValue(forKey: ObjectIdentifier(child)) }
    withExtendedLifetime(removed) {}
  }

  public func dispose() {
    let children = state.withLock { state -> [ObjectIdentifier: any Disposable] in
      guard !state.isDisposed else { return [:] }
      state.isDisposed = true
      defer { state.children = [:] }
      return state.children
    }
    for child in children.values { child.dispose() }
  }
}
