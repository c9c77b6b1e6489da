extension Signal {
  /// Sends the triple of the latest values of this signal, `a` and `b`
  /// whenever any of them sends, once all three have sent. RAC
  /// `+combineLatest:` of three signals, with their own types.
  ///
  /// Completes once all three have completed; an error of any ends it. Each
  /// signal is subscribed once per subscription, in the order `self`, `a`,
  /// `b`.
  ///
  /// ```swift
  /// let (name, age, admin) = (Subject<String>(), Subject<Int>(), Subject<Bool>())
  /// name.signal.combineLatest(with: age.signal, admin.signal).subscribe(next: { print($0) })
  /// name.sendNext("ada")
  /// age.sendNext(36)
  /// admin.sendNext(true)   // ("ada", 36, true)
  /// age.sendNext(37)       // ("ada", 37, true)
  /// ```
  ///
  /// - Parameters:
  ///   - a: the second signal.
  ///   - b: the third signal.
  /// - Returns: triples of latest values.
  public func combineLatest<U1, U2>(
    with a: Signal<U1>, _ b: Signal<U2>
  ) -> Signal<(Value, U1, U2)> {
    Signal.triple(self, a, b, LatestTriple<Value, U1, U2>.self)
  }

  /// Pairs the values of this signal, `a` and `b` by position into triples.
  /// RAC `+zip:` of three signals, with their own types.
  ///
  /// Values are buffered until all three have one at that position. The
  /// result completes as soon as no further triple is possible (a signal
  /// has completed with no value left waiting); an error of any ends it.
  ///
  /// ```swift
  /// Signal(Seq(["Ada", "Bob"]))
  ///   .zip(with: Signal(Seq(["eats", "cooks"])), Signal(Seq([1, 2, 3])))
  ///   .subscribe(next: { print($0) })
  /// // ("Ada", "eats", 1)
  /// // ("Bob", "cooks", 2)
  /// ```
  ///
  /// - Parameters:
  ///   - a: the second signal.
  ///   - b: the third signal.
  /// - Returns: triples, by position.
  public func zip<U1, U2>(with a: Signal<U1>, _ b: Signal<U2>) -> Signal<(Value, U1, U2)> {
    Signal.triple(self, a, b, ZipTriple<Value, U1, U2>.self)
  }

  /// The three-signal operator whose results `State` computes. The state
  /// lives inside `downstream`'s gate (see `Subscriber.serialize`), so the
  /// results go out in the order the state changed, with no lock of its own
  /// and no buffer of events per update.
  private static func triple<U1, U2, State: TripleState>(
    _ first: Signal<Value>, _ second: Signal<U1>, _ third: Signal<U2>, _: State.Type
  ) -> Signal<(Value, U1, U2)> where State.A == Value, State.B == U1, State.C == U2 {
    return Signal<(Value, U1, U2)> { downstream in
      var state = State()
      func update(_ change: (inout State, (Event<(Value, U1, U2)>) -> Void) -> Void) {
        downstream.serialize { change(&state) { downstream.send($0) } }
      }
      Signal.subscribeThree(
        first, second, third, for: downstream,
        next: (
          { value in update { $0.receive(a: value, $1) } },
          { value in update { $0.receive(b: value, $1) } },
          { value in update { $0.receive(c: value, $1) } }
        ),
        completed: { index in update { $0.complete(index, $1) } })
      return nil
    }
  }

  /// Subscribes to three signals in order on behalf of `downstream`,
  /// stopping early if it ends. Errors go straight to `downstream`.
  private static func subscribeThree<U1, U2, R>(
    _ first: Signal<Value>, _ second: Signal<U1>, _ third: Signal<U2>, for downstream: Subscriber<R>,
    next: ((Value) -> Void, (U1) -> Void, (U2) -> Void), completed: @escaping (Int) -> Void
  ) {
    first.forward(to: downstream, next: next.0, completed: { completed(0) })
    guard !downstream.isDisposed else { return }
    second.forward(to: downstream, next: next.1, completed: { completed(1) })
    guard !downstream.isDisposed else { return }
    third.forward(to: downstream, next: next.2, completed: { completed(2) })
  }
}

/// The state of a three-signal operator: it receives each source's values
/// and completions and sends the results through `send`, which queues them
/// inside the downstream's gate.
protocol TripleState: SendableMetatype {
  associatedtype A
  associatedtype B
  associatedtype C
  init()
  mutating func receive(a value: A, _ send: (Event<(A, B, C)>) -> Void)
  mutating func receive(b value: B, _ send: (Event<(A, B, C)>) -> Void)
  mutating func receive(c value: C, _ send: (Event<(A, B, C)>) -> Void)
  /// Source `index` (0, 1 or 2) completed.
  mutating func complete(_ index: Int, _ send: (Event<(A, B, C)>) -> Void)
}

/// The latest values of a three-signal `combineLatest`.
struct LatestTriple<A, B, C>: TripleState {
  var a: A?
  var b: B?
  var c: C?
  var remaining = 3
  var ended = false

  mutating func receive(a value: A, _ send: (Event<(A, B, C)>) -> Void) {
    a = value
    sendCurrent(send)
  }

  mutating func receive(b value: B, _ send: (Event<(A, B, C)>) -> Void) {
    b = value
    sendCurrent(send)
  }

  mutating func receive(c value: C, _ send: (Event<(A, B, C)>) -> Void) {
    c = value
    sendCurrent(send)
  }

  private func sendCurrent(_ send: (Event<(A, B, C)>) -> Void) {
    guard !ended, let a, let b, let c else { return }
    send(.next((a, b, c)))
  }

  /// Completes once all three have completed.
  mutating func complete(_ index: Int, _ send: (Event<(A, B, C)>) -> Void) {
    remaining -= 1
    guard remaining == 0, !ended else { return }
    ended = true
    send(.completed)
  }
}

/// The buffers of a three-signal `zip`.
struct ZipTriple<A, B, C>: TripleState {
  var a = FIFO<A>()
  var b = FIFO<B>()
  var c = FIFO<C>()
  var completed = (false, false, false)
  var ended = false

  mutating func receive(a value: A, _ send: (Event<(A, B, C)>) -> Void) {
    a.push(value)
    sendRows(send)
  }

  mutating func receive(b value: B, _ send: (Event<(A, B, C)>) -> Void) {
    b.push(value)
    sendRows(send)
  }

  mutating func receive(c value: C, _ send: (Event<(A, B, C)>) -> Void) {
    c.push(value)
    sendRows(send)
  }

  mutating func complete(_ index: Int, _ send: (Event<(A, B, C)>) -> Void) {
    switch index {
    case 0: completed.0 = true
    case 1: completed.1 = true
    default: completed.2 = true
    }
    sendRows(send)
  }

  /// Sends the triples now complete, then completion if no further one is
  /// possible (a signal has completed and nothing of it is waiting).
  private mutating func sendRows(_ send: (Event<(A, B, C)>) -> Void) {
    guard !ended else { return }
    while !a.isEmpty && !b.isEmpty && !c.isEmpty {
      send(.next((a.pop()!, b.pop()!, c.pop()!)))
    }
    if (completed.0 && a.isEmpty) || (completed.1 && b.isEmpty) || (completed.2 && c.isEmpty) {
      ended = true
      send(.completed)
    }
  }
}

/// A first-in, first-out queue with amortized O(1) push and pop.
struct FIFO<Element> {
  private var storage: [Element] = []
  private var head = 0

  init() {}

  var isEmpty: Bool { head == storage.count }

  mutating func push(_ element: Element) { storage.append(element) }

  mutating func pop() -> Element? {
    guard head < storage.count else { return nil }
    let element = storage[head]
    head += 1
    if head == storage.count {
      storage.removeAll(keepingCapacity: storage.capacity <= 64)
      head = 0
    } else if head >= 64 && head * 2 >= storage.count {
      storage.removeFirst(head)
      head = 0
    }
    return element
  }
}
