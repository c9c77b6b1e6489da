// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

/// The precedence of the binding operator `<~`: right-associative, tighter
/// than assignment and looser than everything else.
precedencegroup BindingPrecedence {
  associativity: right
  higherThan: AssignmentPrecedence
}

/// Binds a source to a target: `target <~ source`.
infix operator <~ : BindingPrecedence

extension MutableProperty {
  /// Sets `target` to each value of `source`, until either ends.
  ///
  /// The binding holds `target` weakly. It ends when `source` terminates,
  /// when `target` is deallocated, or when the returned disposable is
  /// disposed. Values are set on the thread that sends them.
  ///
  /// ```swift
  /// let query = Subject<String>()
  /// let text = MutableProperty("")
  /// text <~ query.signal
  /// query.sendNext("swift")
  /// print(text.value)  // swift
  /// ```
  ///
  /// - Parameters:
  ///   - target: the property to set.
  ///   - source: the values to set it to.
  /// - Returns: the binding; dispose it to end the binding early.
  @discardableResult
  public static func <~ (target: MutableProperty<Value>, source: Signal<Value>) -> any Disposable {
    source
      .take(until: target.core.ended)
      .subscribe(next: { [weak target] value in target?.value = value })
  }

  /// Keeps `target` equal to `source`: sets it to `source`'s current value at
  /// once, then to each change.
  ///
  /// The binding retains neither property. It ends when either is
  /// deallocated, or when the returned disposable is disposed.
  ///
  /// ```swift
  /// let model = MutableProperty(1)
  /// let view = MutableProperty(0)
  /// view <~ model
  /// model.value = 2
  /// print(view.value)  // 2
  /// ```
  ///
  /// - Parameters:
  ///   - target: the property to set.
  ///   - source: the property to follow.
  /// - Returns: the binding; dispose it to end the binding early.
  @discardableResult
  public static func <~ (target: MutableProperty<Value>, source: some PropertyProtocol<Value>)
    -> any Disposable
  {
    target <~ source.signal
  }
}

extension Signal where Value: Sendable {
  /// Sets `root[keyPath: keyPath]` to each value of this signal, where the
  /// binding was made. RAC's `RAC(object, key) = signal`.
  ///
  /// This form takes a `Sendable` object and key path. Where the values are
  /// set follows the code that calls it (its `isolation`):
  ///
  /// - **In main-actor code** (a `@MainActor` type, anywhere in a module
  ///   with main-actor default isolation, a script's top level): on the main
  ///   actor, in the order sent: at once for a value sent on the main queue
  ///   with nothing waiting, otherwise in one main-queue block per burst.
  ///   After the binding is disposed on the main actor, no value is set.
  /// - **On another actor**: on that actor, in the order sent.
  /// - **In nonisolated code**: synchronously, on the thread that sends
  ///   each value.
  ///
  /// A root or key path that is not `Sendable` (a main-actor object's
  /// main-actor property, an object of a nonisolated class) takes the
  /// main-actor form,
  /// ``bind(to:_:isolation:)-(_,ReferenceWritableKeyPath<Root,Value>,_)``,
  /// which sets the values on the main actor and is called from there.
  ///
  /// The binding holds `root` weakly and ends when this signal terminates,
  /// when `root` is deallocated, or when the returned disposable is disposed.
  /// Swift has no hook into the deallocation of an arbitrary object, so the
  /// binding notices that `root` is gone at the next value, and ends then
  /// (it never retains `root`). An error ends the binding like a completion.
  ///
  /// ```swift
  /// final class Status: Sendable {  // the values may arrive on any thread
  ///   private let stored = Mutex("")
  ///   var text: String {
  ///     get { stored.withLock { $0 } }
  ///     set { stored.withLock { $0 = newValue } }
  ///   }
  /// }
  /// let status = Status()
  /// let names = Subject<String>()
  /// names.signal.bind(to: status, \.text)
  /// names.sendNext("Ada")
  /// print(status.text)  // Ada
  /// ```
  ///
  /// - Parameters:
  ///   - root: the object to update.
  ///   - keyPath: the property of `root` to set.
  ///   - isolation: where the binding is made: the actor of the calling
  ///     code, or `nil` in nonisolated code. Leave the default.
  /// - Returns: the binding; it reports ``Disposable/isDisposed`` once the
  ///   binding has ended, whatever the reason.
  @discardableResult
  public func bind<Root: AnyObject & Sendable>(
    to root: Root, _ keyPath: any ReferenceWritableKeyPath<Root, Value> & Sendable,
    isolation: isolated (any Actor)? = #isolation
  ) -> any Disposable {
    // Each callback uses `isolation`, so it is isolated to it: the
    // subscription runs it on the caller's actor, or on the sending thread
    // when that is `nil`.
    let binding = SerialDisposable()
    binding.inner = subscribe(
      next: { [weak root] value in
        _ = isolation
        guard let root else { return binding.dispose() }
        root[keyPath: keyPath] = value
      },
      error: { _ in
        _ = isolation
        binding.dispose()
      },
      completed: {
        _ = isolation
        binding.dispose()
      })
    return binding
  }

  /// Sets `root[keyPath: keyPath]` to each value of this signal, on the
  /// main actor: the form for a view, a view model, or any other object
  /// that lives there. RAC's `RAC(object, key) = signal`.
  ///
  /// Called from main-actor code (anywhere in a module with main-actor
  /// default isolation), it takes any object and key path, `Sendable` or
  /// not, and sets the values on the main actor, in the order sent: at once
  /// for a value sent on the main queue with nothing waiting, otherwise in
  /// one main-queue block per burst. After the binding is disposed on the
  /// main actor, no value is set. A `Sendable` object and key path take
  /// ``bind(to:_:isolation:)-(_,ReferenceWritableKeyPath<Root,Value>Sendable,_)``,
  /// which sets the values on the main actor too when called from here, and
  /// may also be called from another actor or from nonisolated code.
  ///
  /// The binding holds `root` weakly and ends when this signal terminates,
  /// when `root` is deallocated (noticed at the next value), or when the
  /// returned disposable is disposed.
  ///
  /// ```swift
  /// @MainActor final class LoginView { var buttonEnabled = false }
  /// @MainActor func show(_ valid: Signal<Bool>) -> LoginView {
  ///   let view = LoginView()
  ///   valid.bind(to: view, \.buttonEnabled)
  ///   return view
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - root: the object to update.
  ///   - keyPath: the property of `root` to set.
  ///   - isolation: where the binding is made: the main actor. Leave the
  ///     default (with it, both forms take the same arguments, so a
  ///     `Sendable` object and key path resolve to the other form).
  /// - Returns: the binding; it reports ``Disposable/isDisposed`` once the
  ///   binding has ended, whatever the reason.
  @MainActor
  @discardableResult
  public func bind<Root: AnyObject>(
    to root: Root, _ keyPath: ReferenceWritableKeyPath<Root, Value>,
    isolation: (any Actor)? = #isolation
  ) -> any Disposable {
    let binding = SerialDisposable()
    binding.inner = subscribe(
      next: { @MainActor [weak root] value in
        guard let root else { return binding.dispose() }
        root[keyPath: keyPath] = value
      },
      error: { @MainActor _ in binding.dispose() },
      completed: { @MainActor in binding.dispose() })
    return binding
  }
}
