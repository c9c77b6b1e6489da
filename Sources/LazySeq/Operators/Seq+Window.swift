// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// The element type of `windows(ofCount:step:)` and `chunks(ofCount:)`, on
// `Seq` and on `Signal`: a view of consecutive elements in a buffer that the
// windows next to it share (zero-copy, as swift-algorithms hands out slices),
// or in the source's own storage, and the one builder both carriers fill
// it with.

extension Seq {
  /// Consecutive elements of a sequence, as ``Seq/windows(ofCount:step:)``
  /// and ``Seq/chunks(ofCount:)`` (and the signal operators of the same
  /// names) hand them out.
  ///
  /// A window is a view of a buffer that the windows next to it share, or,
  /// over a complete sequence (an array's; of a memo evaluated to its end,
  /// the part in its last segment), of the sequence's own storage: making one copies no element, and the
  /// elements of overlapping windows are stored once. Its indices start at
  /// 0 (`window[0]` is its first element, unlike an `ArraySlice`'s), it
  /// compares, hashes and prints as the array of its elements, and an array
  /// literal makes one:
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
  /// long keeps that much. A view of a complete sequence's storage keeps
  /// that storage (the array a `Seq` was made from, say) instead.
  /// `Array(window)` copies it out.
  ///
  /// `Sendable` when its elements are: the elements a window sees never
  /// change while it can see them.
  @frozen
  public struct Window: RandomAccessCollection {
    @usableFromInline internal let _storage: _WindowStorage<Element>
    /// The number of elements.
    public let count: Int

    @inlinable
    internal init(_storage: _WindowStorage<Element>, count: Int) {
      self._storage = _storage
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
      self.init(_storage: _WindowStorage(owner: buffer, elements: buffer.base), count: array.count)
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
      return _storage.elements[position]
    }

    /// Calls `body` with the elements, in place (always available).
    @inlinable
    public func withContiguousStorageIfAvailable<R>(
      _ body: (UnsafeBufferPointer<Element>) throws -> R
    ) rethrows -> R? {
      try body(UnsafeBufferPointer(start: _storage.elements, count: count))
    }

    /// Walks the elements in place (an index bump per element).
    @inlinable
    public func makeIterator() -> Iterator {
      Iterator(_storage: _storage, count: count)
    }

    /// The iterator of a window: a position in its storage, which it keeps
    /// alive.
    @frozen
    public struct Iterator: IteratorProtocol {
      @usableFromInline internal let _storage: _WindowStorage<Element>
      @usableFromInline internal let _count: Int
      @usableFromInline internal var _index: Int

      @inlinable
      internal init(_storage: _WindowStorage<Element>, count: Int) {
        self._storage = _storage
        self._count = count
        self._index = 0
      }

      @inlinable
      public mutating func next() -> Element? {
        guard _index < _count else { return nil }
        defer { _index &+= 1 }
        return _storage.elements[_index]
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

// MARK: - The storage, the buffer and the builder

/// Where a window's elements are: their first element, and the object that
/// keeps them alive (a ``_WindowBuffer``, or the complete segment of a
/// `Seq` the window views in place). The elements never change or move
/// while the owner lives.
@frozen @usableFromInline
internal struct _WindowStorage<Element> {
  @usableFromInline internal let owner: AnyObject
  @usableFromInline internal let elements: UnsafePointer<Element>

  @inlinable
  internal init(owner: AnyObject, elements: UnsafePointer<Element>) {
    self.owner = owner
    self.elements = elements
  }
}

// The elements a window sees are immutable while it can see them (see
// `_WindowBuffer`; a complete segment is never written again), and are
// `Sendable` when `Element` is.
extension _WindowStorage: @unchecked Sendable where Element: Sendable {}

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

  /// Whether no element of the next window has arrived, and none is to be
  /// skipped.
  @inlinable
  package var isEmpty: Bool { buffer.count == start && skipping == 0 }

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
    let window = Seq<Element>.Window(
      _storage: _WindowStorage(owner: buffer, elements: buffer.base + start), count: count)
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
    return Seq<Element>.Window(
      _storage: _WindowStorage(owner: buffer, elements: buffer.base + start), count: arrived)
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
        // Windows that lie whole in a complete source's storage are views
        // of it (unless the builder holds some of their elements).
        if builder.value?.isEmpty ?? true {
          let viewed = source.walker.windowsInPlace(
            into: batch.base + made, capacity: batch.count &- made, count: count, step: step)
          if viewed > 0 {
            made &+= viewed
            batch.published(made)
            continue
          }
        }
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
  /// The next windows as views of the source's storage, when the source is
  /// complete there (an array's segment, or a memo's ended last one: a
  /// view keeps its segment alive, and that segment holds no later ones):
  /// as many as lie whole in it, up to `capacity`, initialized at `out`;
  /// the walk moves `step` on per window. Returns how many; 0 also for a
  /// `step` larger than `count` (the elements between windows are walked
  /// past, not viewed).
  @inlinable
  internal mutating func windowsInPlace(
    into out: UnsafeMutablePointer<Seq<Element>.Window>, capacity: Int, count: Int, step: Int
  ) -> Int {
    guard step <= count, upstream == nil, storage != nil else { return 0 }
    unowned(unsafe) let current = storage.unsafelyUnwrapped
    guard current._kind == .segment else { return 0 }
    unowned(unsafe) let segment = unsafeDowncast(current, to: _Segment<Element>.self)
    // An ended segment's state is final: its elements are all published.
    let state = segment.loadState()
    guard state.isEnded, index >= 0, state.count &- index >= count else { return 0 }
    let made = Swift.min(capacity, (state.count &- index &- count) / step &+ 1)
    var first = UnsafePointer(segment.base + index)
    for offset in 0..<made {
      (out + offset).initialize(
        to: Seq<Element>.Window(_storage: _WindowStorage(owner: segment, elements: first), count: count))
      first += step
    }
    // The walk's run now covers the segment (the walk may not have
    // entered it yet).
    base = segment.base
    limit = state.count
    canFuse = false
    index &+= made &* step
    return made
  }

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
