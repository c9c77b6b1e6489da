// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// The first-in-first-out queue of both modules (LazySeq and LazySeqSignals):
// a ring over an array, growing by doubling, optionally bounded.

/// A first-in-first-out queue: the one queue of both modules (LazySeq and
/// LazySeqSignals), for every buffer of elements waiting their turn (the
/// pending elements of `partitioned(by:)`, a zip's values, a gate's queued
/// work, a replay buffer). Not the buffer of a signal's `values`: its loop
/// takes the whole buffer at once, which an array hands over in O(1).
///
/// A ring over an array of optionals: ``append(_:)`` and ``popFirst()`` are
/// O(1) amortized (a full ring doubles), and an element leaves the storage
/// as it leaves the queue, so the queue never keeps alive what it no longer
/// holds. A queue made with a `maximumCount` holds at most that many
/// elements: appending to a full one drops the oldest. A value type,
/// `Sendable` when its elements are.
@usableFromInline
package struct _Queue<Element> {
  /// The ring: the elements, oldest first, are in the `elementCount` slots
  /// from `head` on, wrapping around the end; every other slot is `nil`.
  @usableFromInline internal var slots: ContiguousArray<Element?>
  @usableFromInline internal var head: Int
  @usableFromInline internal var elementCount: Int
  /// The most elements the queue holds; `Int.max` when unbounded.
  @usableFromInline internal let maximumCount: Int

  /// An empty queue that holds any number of elements.
  @inlinable
  package init() {
    self.init(maximumCount: .max)
  }

  /// An empty queue that holds at most `maximumCount` elements: appending
  /// to a full queue drops the oldest (and a queue of at most 0 elements
  /// keeps nothing).
  ///
  /// - Precondition: `maximumCount` is not negative.
  @inlinable
  package init(maximumCount: Int) {
    precondition(maximumCount >= 0, "_Queue: the maximum count must not be negative")
    slots = []
    head = 0
    elementCount = 0
    self.maximumCount = maximumCount
  }

  /// Whether the queue holds no element.
  @inlinable package var isEmpty: Bool { elementCount == 0 }

  /// The number of elements in the queue.
  @inlinable package var count: Int { elementCount }

  /// The newest element, if any.
  @inlinable
  package var last: Element? {
    elementCount == 0 ? nil : slots[slot(elementCount - 1)]
  }

  /// The elements, oldest first (a copy; the queue is unchanged).
  /// - Complexity: O(`count`).
  @inlinable
  package var elements: [Element] {
    (0..<elementCount).map { slots[slot($0)].unsafelyUnwrapped }
  }

  /// Adds `element` as the newest. When the queue holds `maximumCount`
  /// elements, the oldest is dropped first.
  /// - Complexity: O(1) amortized.
  @inlinable
  package mutating func append(_ element: Element) {
    if elementCount == maximumCount {
      guard maximumCount > 0 else { return }
      _ = popFirst()
    }
    if elementCount == slots.count { grow() }
    slots[slot(elementCount)] = element
    elementCount += 1
  }

  /// Removes and returns the oldest element, or returns `nil` when the
  /// queue is empty.
  /// - Complexity: O(1) amortized.
  @inlinable
  package mutating func popFirst() -> Element? {
    guard elementCount > 0 else { return nil }
    let element = slots[head].take()
    head = head + 1 == slots.count ? 0 : head + 1
    elementCount -= 1
    if elementCount == 0 { emptied() }
    return element
  }

  /// Removes every element, and lets the storage go.
  @inlinable
  package mutating func removeAll() {
    slots = []
    head = 0
    elementCount = 0
  }

  /// Removes every element and returns them, oldest first.
  /// - Complexity: O(`count`).
  @inlinable
  package mutating func takeAll() -> [Element] {
    var taken: [Element] = []
    takeAll(into: &taken)
    return taken
  }

  /// Removes every element and appends them to `array`, oldest first.
  /// - Complexity: O(`count`); no allocation when `array` has the room.
  @inlinable
  package mutating func takeAll(into array: inout [Element]) {
    guard elementCount > 0 else { return }
    array.reserveCapacity(array.count + elementCount)
    for offset in 0..<elementCount {
      array.append(slots[slot(offset)].take().unsafelyUnwrapped)
    }
    elementCount = 0
    emptied()
  }

  /// The slot of the element `offset` places after the oldest.
  @inlinable
  internal func slot(_ offset: Int) -> Int {
    let index = head + offset
    return index < slots.count ? index : index - slots.count
  }

  /// Makes room for one more element: doubles the ring (to at most
  /// `maximumCount` slots), with the oldest element in slot 0.
  @inlinable
  internal mutating func grow() {
    let grownCount = Swift.min(Swift.max(slots.count * 2, 4), maximumCount)
    let added = repeatElement(Element?.none, count: grownCount - slots.count)
    if head == 0 {
      slots.append(contentsOf: added)
      return
    }
    var grown = ContiguousArray<Element?>()
    grown.reserveCapacity(grownCount)
    grown.append(contentsOf: slots[head...])
    grown.append(contentsOf: slots[..<head])
    grown.append(contentsOf: added)
    slots = grown
    head = 0
  }

  /// The queue has just become empty: the next element goes to slot 0,
  /// and a large ring (left by a burst) is let go.
  @inlinable
  internal mutating func emptied() {
    head = 0
    if slots.count > 64 { slots = [] }
  }
}

extension _Queue: Sendable where Element: Sendable {}
