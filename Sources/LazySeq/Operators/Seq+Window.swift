// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// The element type of `windows(ofCount:step:)` and `chunks(ofCount:)`, on
// `Seq` and on `Signal`: a view of consecutive elements in a buffer that the
// windows next to it share (zero-copy, as swift-algorithms hands out slices),
// and the one builder both carriers fill it with.

extension Seq {
  /// Consecutive elements of a sequence, as ``Seq/windows(ofCount:step:)``
  /// and ``Seq/chunks(ofCount:)`` (and the signal operators of the same
  /// names) hand them out.
  ///
  /// A window is a view of a buffer that the windows next to it share:
  /// making one copies no element, and the elements of overlapping windows
  /// are stored once. Its indices start at 0 (`window[0]` is its first
  /// element, unlike an `ArraySlice`'s), it compares, hashes and prints as
  /// the array of its elements, and an array literal makes one:
  ///
  /// ```swift
  /// let windows = Seq(1...4).windows(ofCount: 3)
  /// print(windows.array)   // [[1, 2, 3], [2, 3, 4]]
  /// print(windows.map { $0[0] + $0[2] }.array)   // [4, 6]
  /// print(windows.head == [1, 2, 3])   // true
  /// let arrays = windows.map(Array.init)   // Seq<[Int]>, when arrays are wanted
  /// ```
  ///
  /// A window keeps its buffer alive; the buffer holds a few hundred
  /// elements (or, for large counts, a few windows), so a window held for
  /// long keeps that much. `Array(window)` copies it out.
  ///
  /// `Sendable` when its elements are: a buffer's elements never change
  /// once a window can see them.
  @frozen
  public struct Window: RandomAccessCollection {
    @usableFromInline internal let _buffer: _WindowBuffer<Element>
    @usableFromInline internal let _start: Int
    /// The number of elements.
    public let count: Int

    @inlinable
    internal init(_buffer: _WindowBuffer<Element>, start: Int, count: Int) {
      self._buffer = _buffer
      self._start = start
      self.count = count
    }

    /// A window holding `elements`, in order.
    ///
    /// ```swift
    /// print(Seq<Int>.Window([1, 2, 3]).count)   // 3
    /// ```
    @inlinable
    public init<S: Sequence>(_ elements: S) where S.Element == Element {
      let array = ContiguousArray(elements)
      let buffer = _WindowBuffer<Element>(capacity: array.count)
      array.withUnsafeBufferPointer { buffer.append(contentsOf: $0) }
      self.init(_buffer: buffer, start: 0, count: array.count)
    }

    /// The position of the first element: always 0.
    @inlinable public var startIndex: Int { 0 }
    /// The position after the last element: ``count``.
    @inlinable public var endIndex: Int { count }

    /// The element at `position`, which must be in `0..<count`.
    @inlinable
    public subscript(position: Int) -> Element {
      precondition(
        position >= 0 && position < count,
        "Seq.Window: index \(position) out of range 0..<\(count)")
      return _buffer.base[_start &+ position]
    }

    /// Calls `body` with the elements, in place (always available).
    @inlinable
    public func withContiguousStorageIfAvailable<R>(
      _ body: (UnsafeBufferPointer<Element>) throws -> R
    ) rethrows -> R? {
      try body(UnsafeBufferPointer(start: _buffer.base + _start, count: count))
    }

    /// Walks the elements in place (an index bump per element).
    @inlinable
    public func makeIterator() -> Iterator {
      Iterator(_buffer: _buffer, elements: UnsafePointer(_buffer.base + _start), count: count)
    }

    /// The iterator of a window: a position in its buffer, which it keeps
    /// alive.
    @frozen
    public struct Iterator: IteratorProtocol {
      @usableFromInline internal let _buffer: _WindowBuffer<Element>
      @usableFromInline internal let _elements: UnsafePointer<Element>
      @usableFromInline internal let _count: Int
      @usableFromInline internal var _index: Int

      @inlinable
      internal init(_buffer: _WindowBuffer<Element>, elements: UnsafePointer<Element>, count: Int) {
        self._buffer = _buffer
        self._elements = elements
        self._count = count
        self._index = 0
      }

      @inlinable
      public mutating func next() -> Element? {
        guard _index < _count else { return nil }
        defer { _index &+= 1 }
        return _elements[_index]
      }
    }
  }
}

extension Seq.Window: ExpressibleByArrayLiteral {
  /// A window holding the literal's elements: `let w: Seq<Int>.Window = [1, 2]`.
  @inlinable
  public init(arrayLiteral elements: Element...) {
    self.init(elements)
  }
}

extension Seq.Window: Equatable where Element: Equatable {
  /// Whether the two windows hold equal elements in the same order.
  @inlinable
  public static func == (lhs: Seq<Element>.Window, rhs: Seq<Element>.Window) -> Bool {
    lhs.elementsEqual(rhs)
  }
}

extension Seq.Window: Hashable where Element: Hashable {
  /// Hashes the count and the elements, in order (as `Array` does).
  @inlinable
  public func hash(into hasher: inout Hasher) {
    hasher.combine(count)
    for element in self { hasher.combine(element) }
  }
}

extension Seq.Window: Sendable where Element: Sendable {}

extension Seq.Window: CustomStringConvertible, CustomDebugStringConvertible {
  /// The elements as an array prints them: `[1, 2, 3]`.
  public var description: String { Array(self).description }
  /// The elements as an array debug-prints them: `["a", "b"]`.
  public var debugDescription: String { Array(self).debugDescription }
}

// MARK: - The buffer and the builder

/// The elements that windows share: append-only storage. An element, once
/// appended, is never changed or moved until the buffer is freed, so a
/// window (which sees only elements appended before it was made) reads it
/// without synchronisation while the builder appends after it, on any
/// thread the window was handed to through a synchronising channel (a
/// memo, a lock).
@usableFromInline
package final class _WindowBuffer<Element> {
  @usableFromInline internal let base: UnsafeMutablePointer<Element>
  @usableFromInline internal let capacity: Int
  /// How many elements are initialized; written only by the builder that
  /// owns the buffer (windows never read it).
  @usableFromInline @exclusivity(unchecked) internal var count: Int

  @inlinable
  internal init(capacity: Int) {
    self.capacity = capacity
    self.base = .allocate(capacity: Swift.max(capacity, 1))
    self.count = 0
  }

  deinit {
    base.deinitialize(count: count)
    base.deallocate()
  }

  @inlinable
  internal func append(contentsOf elements: UnsafeBufferPointer<Element>) {
    guard let source = elements.baseAddress else { return }
    (base + count).initialize(from: source, count: elements.count)
    count &+= elements.count
  }
}

// Elements below a window's end are immutable while any window can see them
// (see `_WindowBuffer`); the builder is one owner's value, never shared.
extension _WindowBuffer: @unchecked Sendable where Element: Sendable {}

/// Makes the windows (or chunks) of a sequence of elements that arrive one
/// by one: appends each element to the current buffer and hands out views of
/// it. When the buffer is full, the elements the next window still needs
/// (fewer than `count`) move to a new one. Used by the pulled form
/// (`Seq.windows`, `Seq.chunks`) and the pushed form (`Signal.windows`,
/// `Signal.chunks`) alike.
@frozen @usableFromInline
package struct _WindowBuilder<Element> {
  @usableFromInline package let count: Int
  @usableFromInline package let step: Int
  @usableFromInline internal var buffer: _WindowBuffer<Element>
  /// Where the next window starts in `buffer`.
  @usableFromInline internal var start: Int
  /// How many arriving elements to drop before the next window starts
  /// (when `step > count`).
  @usableFromInline package var skipping: Int

  /// A builder of windows of `count` elements, each `step` after the
  /// previous one (chunks: `step == count`). Both are at least 1 (checked
  /// by the operators). The first buffer is small: memory grows with the
  /// elements that arrive, never with `count` alone.
  @inlinable
  package init(count: Int, step: Int) {
    self.count = count
    self.step = step
    self.buffer = _WindowBuffer(capacity: Swift.min(count, 256))
    self.start = 0
    self.skipping = 0
  }

  /// How many elements the next window still needs.
  @inlinable
  package var missing: Int { count &- (buffer.count &- start) }

  /// Room for `wanted` more elements (at most `missing`) in the current
  /// buffer: moves to a new buffer when it has less. Returns where they go
  /// and how many fit.
  @inlinable @inline(__always)
  internal mutating func room(for wanted: Int) -> (UnsafeMutablePointer<Element>, Int) {
    if buffer.count == buffer.capacity { _moveToNewBuffer() }
    return (buffer.base + buffer.count, Swift.min(wanted, buffer.capacity &- buffer.count))
  }

  /// Starts a new buffer with the elements of the next window that have
  /// arrived (fewer than `count`). Its size: twice what it must hold, at
  /// least 256 elements, and at least four windows (or four times the old
  /// buffer while a large first window grows): the moves stay rare, and
  /// chunks fill a buffer exactly, so none is moved.
  @inlinable @inline(never)
  internal mutating func _moveToNewBuffer() {
    let kept = buffer.count &- start
    let capacity = Swift.max(2 &* (kept &+ 1), 256, Swift.min(count, buffer.capacity) &* 4)
    let next = _WindowBuffer<Element>(capacity: capacity)
    if kept > 0 {
      // Copied, not moved: the windows handed out before may overlap them.
      next.base.initialize(from: buffer.base + start, count: kept)
      next.count = kept
    }
    buffer = next
    start = 0
  }

  /// Appends `element` to the next window.
  @inlinable @inline(__always)
  package mutating func append(_ element: Element) {
    if buffer.count == buffer.capacity { _moveToNewBuffer() }
    (buffer.base + buffer.count).initialize(to: element)
    buffer.count &+= 1
  }

  /// Records that `made` elements were initialized at the pointer `room`
  /// returned.
  @inlinable
  internal mutating func appended(_ made: Int) {
    buffer.count &+= made
  }

  /// The next window, now that it is complete (`missing == 0`), and moves
  /// on to the one after.
  @inlinable
  package mutating func take() -> Seq<Element>.Window {
    let window = Seq<Element>.Window(_buffer: buffer, start: start, count: count)
    if step < count {
      start &+= step
    } else {
      start = buffer.count
      skipping = step &- count
    }
    return window
  }

  /// The elements of the next window that have arrived, as a shorter
  /// window (the last chunk), or `nil` if there are none.
  @inlinable
  package mutating func takeRest() -> Seq<Element>.Window? {
    let arrived = buffer.count &- start
    guard arrived > 0 else { return nil }
    defer { start = buffer.count }
    return Seq<Element>.Window(_buffer: buffer, start: start, count: arrived)
  }

  /// Takes the next arriving element (the pushed form): drops it while
  /// skipping, else appends it; returns the window it completes, if any.
  @inlinable
  package mutating func push(_ element: Element) -> Seq<Element>.Window? {
    if skipping > 0 {
      skipping &-= 1
      return nil
    }
    append(element)
    return missing == 0 ? take() : nil
  }
}

extension Seq {
  /// The batch producer of `windows(ofCount:step:)` and
  /// `chunks(ofCount:)` (`step == count`, `keepsShortLast`): as many
  /// windows as the batch wants, each filled from `source` (its evaluated
  /// elements in runs). The builder is made with the first demand (nothing
  /// is allocated for a result nobody walks) and released at the end.
  @inlinable
  internal static func _windowBatches(
    _ source: _WalkerBox<Element>, count: Int, step: Int, keepsShortLast: Bool
  ) -> _BatchProducer<Window> {
    let builder = _StateBox<_WindowBuilder<Element>?>(nil)
    return { batch in
      var made = 0
      while made < batch.count {
        if builder.value == nil {
          guard !source.walker.isFinished else { break }
          builder.value = _WindowBuilder(count: count, step: step)
        }
        if source.walker.skip(&builder.value!), source.walker.fill(&builder.value!) {
          (batch.base + made).initialize(to: builder.value!.take())
        } else {
          // The walk ended: the short last chunk, if kept; the buffer goes.
          let rest = keepsShortLast ? builder.value!.takeRest() : nil
          builder.value = nil
          guard let rest else { break }
          (batch.base + made).initialize(to: rest)
        }
        made &+= 1
        batch.published(made)
      }
      return made
    }
  }
}

extension _Walker {
  /// Reads up to `builder.missing` elements into the builder's next window
  /// (evaluated elements in runs, the others one by one); returns whether
  /// the window is complete (otherwise the walk ended).
  @inlinable
  internal mutating func fill(_ builder: inout _WindowBuilder<Element>) -> Bool {
    if builder.missing == 1 {
      // The steady path of a sliding window: one element.
      guard let element = next() else { return false }
      builder.append(element)
      return true
    }
    while builder.missing > 0 {
      let (slot, room) = builder.room(for: builder.missing)
      let made = next(into: slot, count: room)
      builder.appended(made)
      if made < room { return false }
    }
    return true
  }

  /// Walks past `builder.skipping` elements; returns whether it could.
  @inlinable
  internal mutating func skip(_ builder: inout _WindowBuilder<Element>) -> Bool {
    while builder.skipping > 0 {
      guard next() != nil else { return false }
      builder.skipping &-= 1
    }
    return true
  }
}
