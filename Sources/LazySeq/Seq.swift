// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

/// A lazily evaluated, memoized, immutable sequence made of a head and a tail.
///
/// `Seq` is the Swift take on ReactiveCocoa's `RACSequence`. It is pull-driven:
/// nothing is computed until an element is demanded, and each element is
/// computed **at most once**, however many times and from however many
/// threads the sequence is walked. Copying a `Seq` is O(1).
///
/// ```swift
/// let words: Seq<String> = ["a", "bb", "ccc", "dddd"]
/// let long = words.filter { $0.count >= 2 }.map { $0.uppercased() }
/// print(long.head ?? "none")   // BB   (only "a" and "bb" were examined)
/// print(long.array)            // ["BB", "CCC", "DDDD"]
/// ```
///
/// Operators (`map`, `filter`, `flatMap`, `zip`, `concat`, `scan`, …) return
/// new lazy sequences; each closure you pass runs at most once per element
/// that is evaluated, and never for an element nobody demands. An *eager*
/// sequence (``eager``) evaluates its operators at call time instead.
///
/// - Important: Sequences may be infinite (``iterate(_:_:)``,
///   ``repeating(_:)``, ``cycled()``). Operations that evaluate
///   everything (``array``, `==`, `hash(into:)`, ``foldLeft(start:reduce:)``)
///   never return on an infinite sequence; use ``take(_:)`` first.
///
/// ## Threading
/// A `Seq` belongs to one isolation domain, like the standard library's lazy
/// sequences: it is not `Sendable`, because its operators store plain
/// closures, which may use the state of the code that built them. A fresh
/// sequence can move to another task (`sending`); to walk one memo from
/// several threads, share it with ``Shared``:
///
/// ```swift
/// let squares = Seq.Shared(Seq(1...3).map { $0 * $0 })
/// let total = await Task.detached { squares.reduce(0, +) }.value
/// print(total, squares.array)   // 14 [1, 4, 9]
/// ```
///
/// Forcing an element claims it (one compare-and-swap), so the closures of
/// one sequence, and of every sequence it was built from, run one at a
/// time, on whichever thread demands the element; reading an evaluated
/// element takes no lock. A closure that demands the element it is itself
/// computing stops the program with a precise message rather than
/// deadlocking.
public struct Seq<Element> {
  @usableFromInline internal var _storage: _Storage<Element>?
  @usableFromInline internal var _index: Int
  /// The evaluation policy of the operators applied to this sequence: 0
  /// for eager (``eager``); otherwise lazy, evaluating up to this many
  /// elements per demand (1, exact laziness, is the default;
  /// ``evaluatingAhead(_:)``).
  @usableFromInline internal var _mode: Int

  @inlinable
  internal init(_storage: _Storage<Element>?, index: Int, isEager: Bool = false) {
    self._storage = _storage
    self._index = index
    self._mode = isEager ? 0 : 1
  }

  @inlinable
  internal init(_storage: _Storage<Element>?, index: Int, mode: Int) {
    self._storage = _storage
    self._index = index
    self._mode = mode
  }

  /// Whether operators on this sequence evaluate at call time.
  @inlinable
  internal var _isEager: Bool { _mode == 0 }

  /// Creates an empty sequence.
  @inlinable
  public init() {
    self.init(_storage: nil, index: 0)
  }

  /// The empty sequence (RAC `+empty`).
  @inlinable
  public static var empty: Seq<Element> { Seq() }
}

// Sendable policy (as the standard library's `LazyMapSequence`): a `Seq` is
// not `Sendable`. Its operators store plain closures, which may capture and
// mutate state of the isolation domain that built the sequence, so the
// sequence stays in that domain (a fresh one can still be `sending` to
// another). To walk one memo from several threads, wrap it in `Seq.Shared`.
@available(*, unavailable)
extension Seq: Sendable {}

// An iterator is a moving position owned by one loop; it is not shared.
@available(*, unavailable)
extension Seq.Iterator: Sendable {}

// MARK: - Head and tail

extension Seq {
  /// The first element, or `nil` if the sequence is empty.
  ///
  /// Evaluates at most the first element (memoized).
  ///
  /// - Complexity: O(1) once evaluated.
  @inlinable
  public var head: Element? {
    // An evaluated element of a segment: one acquiring load and a read.
    if _storage != nil {
      unowned(unsafe) let storage = _storage.unsafelyUnwrapped
      if storage._kind == .segment {
        unowned(unsafe) let segment = unsafeDowncast(storage, to: _Segment<Element>.self)
        if _index < segment.loadState().count {
          return segment.base[_index]
        }
      }
    }
    return _slowHead
  }

  /// `head` past the fast path: a walker's first step (which forces).
  @inlinable @inline(never)
  internal var _slowHead: Element? {
    var walker = _Walker(self)
    return walker.next()
  }

  /// Everything but the first element.
  ///
  /// The tail of the empty sequence is the empty sequence. Reading `tail`
  /// evaluates nothing of a memoized sequence beyond what is needed to find
  /// where the tail starts; on a dynamic sequence (``init(head:tail:)``) it
  /// runs the tail closure (at most once).
  ///
  /// - Complexity: O(1), plus the evaluation of a dynamic tail closure.
  @inlinable
  public var tail: Seq<Element> {
    // A memo position moves by index, without forcing; the other kinds
    // take one step of a walk (which evaluates what it must to pass one
    // element: a dynamic head, a deferred sequence, a cursor step).
    var walker = _Walker(self)
    while let storage = walker.storage {
      guard storage._kind == .segment else {
        switch walker._stepOther() {
        case .element: return Seq(_storage: walker.storage, index: walker.index, mode: _mode)
        case .moved: continue
        case .end: return Seq(_storage: nil, index: 0, mode: _mode)
        }
      }
      let segment = unsafeDowncast(storage, to: _Segment<Element>.self)
      let state = segment.loadState()
      if state.isLinked && walker.index >= segment.capacity {
        // A position past this segment's end, handed out before its
        // successor existed: re-anchor it there, so that a head/tail walk
        // does not hop over every segment since its start at each step.
        walker.index -= segment.capacity
        walker.storage = segment.next
        continue
      }
      let next = walker.index + 1
      if state.isEnded && next >= state.count {
        return Seq(_storage: nil, index: 0, mode: _mode)
      }
      if state.isLinked && next == segment.capacity {
        return Seq(_storage: segment.next, index: 0, mode: _mode)
      }
      return Seq(_storage: segment, index: next, mode: _mode)
    }
    return Seq(_storage: nil, index: 0, mode: _mode)
  }

  /// The head and the tail together, or `nil` if the sequence is empty.
  ///
  /// RAC's head/tail walk: on an array or an evaluated memo, `uncons` is a
  /// load and a position bump, and nothing is allocated. Each tail it hands
  /// out holds its storage, so a `while let (h, t) = s.uncons { s = t }`
  /// loop pays one retain/release pair per step (about 12× an index loop);
  /// a `for-in` loop walks at array speed.
  ///
  /// ```swift
  /// var s: Seq<Int> = [1, 2, 3]
  /// var sum = 0
  /// while let (h, t) = s.uncons {
  ///   sum += h
  ///   s = t
  /// }
  /// print(sum)   // 6
  /// ```
  ///
  /// - Complexity: O(1), plus the evaluation of the head (and of a dynamic
  ///   tail closure).
  @inlinable
  public var uncons: (head: Element, tail: Seq<Element>)? {
    // The head and the element after it are evaluated in the same segment:
    // the tail is the same storage one position on (the storage reference
    // is handed over, so `s = t` in a loop costs no reference counting).
    if _storage?._kind == .segment {
      let next = _index &+ 1
      let state = _storage.unsafelyUnwrapped._segmentState
      if next < state.count {
        var tail = self
        tail._index = next
        return (_storage.unsafelyUnwrapped._segmentBase[_index], tail)
      }
    }
    return _slowUncons
  }

  /// `uncons` past the fast path: one step of a walk, which evaluates the
  /// head (and nothing after it) and ends where the tail starts.
  @inlinable @inline(never)
  internal var _slowUncons: (head: Element, tail: Seq<Element>)? {
    var walker = _Walker(self)
    guard let head = walker.next() else { return nil }
    // The walker's storage reference moves to the tail (no retain).
    return (head, Seq(_storage: walker.storage.take(), index: walker.index, mode: _mode))
  }

  /// Whether the sequence has no elements. Evaluates at most the first one.
  @inlinable
  public var isEmpty: Bool { head == nil }

  /// All the elements, in order, in an array. Evaluates everything.
  ///
  /// - Complexity: O(*n*).
  @inlinable
  public var array: [Element] {
    var result: [Element] = []
    if let storage = _storage, storage._kind == .segment {
      let segment = unsafeDowncast(storage, to: _Segment<Element>.self)
      let state = segment.loadState()
      if state.isEnded {
        let count = state.count
        guard _index < count else { return [] }
        if _index == 0, let adopted = segment.adopted { return Array(adopted) }
        return Array(UnsafeBufferPointer(start: segment.base + _index, count: count - _index))
      }
    }
    var walker = _Walker(self)
    while let element = walker.next() { result.append(element) }
    return result
  }
}

// MARK: - Walking (the walker itself is in Walker.swift)

extension Seq: Sequence {
  /// An iterator over a `Seq`. It holds only its current position, never
  /// the head it started from, so walking a long sequence with it lets the
  /// elements already visited be freed (unless something else holds them).
  public struct Iterator: IteratorProtocol {
    @usableFromInline internal var _walker: _Walker<Element>

    @inlinable
    internal init(_ seq: Seq<Element>) { _walker = _Walker(seq, canFuse: true) }

    /// Evaluates (if needed) and returns the next element.
    @inlinable
    public mutating func next() -> Element? { _walker.nextInIterator() }
  }

  /// Returns an iterator that walks the sequence lazily.
  @inlinable
  public consuming func makeIterator() -> Iterator { Iterator(self) }

  /// The number of elements already known to exist without evaluating more.
  @inlinable
  public var underestimatedCount: Int {
    guard let storage = _storage, storage._kind == .segment else { return 0 }
    let segment = unsafeDowncast(storage, to: _Segment<Element>.self)
    let count = segment.loadState().count
    // A count of 0 says nothing of `capacity` (see `_Segment.base`).
    guard count > 0 else { return 0 }
    return Swift.max(0, Swift.min(count, segment.capacity) - _index)
  }
}
