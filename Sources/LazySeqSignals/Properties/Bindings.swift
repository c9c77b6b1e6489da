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

extension Signal {
  /// Sets `root[keyPath: keyPath]` to each value of this signal. RAC's
  /// `RAC(object, key) = signal`.
  ///
  /// The binding holds `root` weakly and ends when this signal terminates,
  /// when `root` is deallocated, or when the returned disposable is disposed.
  /// Values are set on the thread that sends them.
  ///
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
  /// A view, or any other main-actor object, is bound from main-actor code:
  /// there ``bind(to:_:)-(_,ReferenceWritableKeyPath<Root,Value>)`` takes
  /// any object and sets its values on the main actor.
  ///
  /// ```swift
  /// @MainActor final class Label { var text = "" }
  /// @MainActor func show(_ titles: Subject<String>) -> Label {
  ///   let label = Label()
  ///   titles.signal.bind(to: label, \.text)
  ///   titles.sendNext("Inbox")
  ///   print(label.text)  // Inbox
  ///   return label
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - root: the object to update.
  ///   - keyPath: the property of `root` to set.
  /// - Returns: the binding; it reports ``Disposable/isDisposed`` once the
  ///   binding has ended, whatever the reason.
  @discardableResult
  public func bind<Root: AnyObject & Sendable>(
    to root: Root, _ keyPath: any ReferenceWritableKeyPath<Root, Value> & Sendable
  ) -> any Disposable where Value: Sendable {
    let binding = SerialDisposable()
    binding.inner = subscribe(
      next: { [weak root] value in
        guard let root else { return binding.dispose() }
        root[keyPath: keyPath] = value
      },
      error: { _ in binding.dispose() },
      completed: { binding.dispose() })
    return binding
  }
}

extension Signal where Value: Sendable {
  /// Sets `root[keyPath: keyPath]` to each value of this signal, on the
  /// main actor: the form for a view, a view model, or any other object
  /// that lives there. RAC's `RAC(object, key) = signal`.
  ///
  /// Called from main-actor code (anywhere in a module with main-actor
  /// default isolation), it takes any object and key path, `Sendable` or
  /// not, and sets the values on the main actor, in the order sent: at once
  /// for a value sent on the main queue, otherwise in one main-queue block
  /// per burst. After the binding is disposed on the main actor, no value
  /// is set. From nonisolated code,
  /// ``bind(to:_:)-(_,ReferenceWritableKeyPath<Root,Value>Sendable)`` takes a
  /// `Sendable` root and sets values on the sending thread.
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
  /// - Returns: the binding; it reports ``Disposable/isDisposed`` once the
  ///   binding has ended, whatever the reason.
  @MainActor
  @discardableResult
  public func bind<Root: AnyObject>(
    to root: Root, _ keyPath: ReferenceWritableKeyPath<Root, Value>
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
