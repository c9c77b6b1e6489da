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
    typealias State = LatestTriple<Value, U1, U2>
    return Signal<(Value, U1, U2)> { downstream in
      // Touched only inside `downstream`'s gate (see `Subscriber.serialize`).
      var state = State()
      func update(_ change: (inout State) -> [Event<(Value, U1, U2)>]) {
        downstream.serialize { for event in change(&state) { downstream.send(event) } }
      }
      Signal.subscribeThree(
        self, a, b, for: downstream,
        next: (
          { value in update { $0.set(a: value) } }, { value in update { $0.set(b: value) } },
          { value in update { $0.set(c: value) } }
        ),
        completed: { _ in update { $0.complete() } })
      return nil
    }
  }

  /// Pairs the values of this signal, `a` and `b` by position into triples.
  /// RAC `+zip:` of three signals, with their own types.
  ///
  /// Values are buffered until all three have one at that position. The
  /// result completes as soon as no further triple is possible (a signal
  /// has completed with no value left waiting); an error of any ends it.
  ///
  /// ```swift
  /// Seq(["Ada", "Bob"]).signal()
  ///   .zip(with: Seq(["eats", "cooks"]).signal(), Seq([1, 2, 3]).signal())
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
    typealias State = ZipTriple<Value, U1, U2>
    return Signal<(Value, U1, U2)> { downstream in
      // Touched only inside `downstream`'s gate (see `Subscriber.serialize`).
      var state = State()
      func update(_ change: (inout State) -> [Event<(Value, U1, U2)>]) {
        downstream.serialize { for event in change(&state) { downstream.send(event) } }
      }
      Signal.subscribeThree(
        self, a, b, for: downstream,
        next: (
          { value in update { $0.push(a: value) } }, { value in update { $0.push(b: value) } },
          { value in update { $0.push(c: value) } }
        ),
        completed: { index in update { $0.complete(index) } })
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

/// The latest values of a three-signal `combineLatest`.
struct LatestTriple<A, B, C> {
  var a: A?
  var b: B?
  var c: C?
  var remaining = 3
  var ended = false

  mutating func set(a value: A) -> [Event<(A, B, C)>] {
    a = value
    return current()
  }

  mutating func set(b value: B) -> [Event<(A, B, C)>] {
    b = value
    return current()
  }

  mutating func set(c value: C) -> [Event<(A, B, C)>] {
    c = value
    return current()
  }

  private func current() -> [Event<(A, B, C)>] {
    guard !ended, let a, let b, let c else { return [] }
    return [.next((a, b, c))]
  }

  mutating func complete() -> [Event<(A, B, C)>] {
    remaining -= 1
    guard remaining == 0, !ended else { return [] }
    ended = true
    return [.completed]
  }
}

/// The buffers of a three-signal `zip`.
struct ZipTriple<A, B, C> {
  var a = FIFO<A>()
  var b = FIFO<B>()
  var c = FIFO<C>()
  var completed = [false, false, false]
  var ended = false

  mutating func push(a value: A) -> [Event<(A, B, C)>] {
    a.push(value)
    return rows()
  }

  mutating func push(b value: B) -> [Event<(A, B, C)>] {
    b.push(value)
    return rows()
  }

  mutating func push(c value: C) -> [Event<(A, B, C)>] {
    c.push(value)
    return rows()
  }

  mutating func complete(_ index: Int) -> [Event<(A, B, C)>] {
    completed[index] = true
    return rows()
  }

  /// The triples now complete, then completion if no further one is
  /// possible (a signal has completed and nothing of it is waiting).
  private mutating func rows() -> [Event<(A, B, C)>] {
    guard !ended else { return [] }
    var events: [Event<(A, B, C)>] = []
    while !a.isEmpty && !b.isEmpty && !c.isEmpty {
      events.append(.next((a.pop()!, b.pop()!, c.pop()!)))
    }
    if (completed[0] && a.isEmpty) || (completed[1] && b.isEmpty) || (completed[2] && c.isEmpty) {
      ended = true
      events.append(.completed)
    }
    return events
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
