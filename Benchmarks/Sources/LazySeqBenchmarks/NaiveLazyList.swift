// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// The reference row: a classic memoized lazy cons list, written the obvious
// way — one `final class` cell per element, a thunk forced at most once under
// a per-cell lock, `map` and `filter` building a new list of cells. It exists
// so readers can see what per-element memoization costs; it is not a baseline
// LazySeq has to beat by a ratio.
import Foundation

final class NaiveLazyList<Element> {
  enum Node {
    case empty
    case cons(Element, NaiveLazyList<Element>)
  }

  private enum State {
    case pending(() -> Node)
    case forced(Node)
  }

  private let lock = NSLock()
  private var state: State

  init(_ thunk: @escaping () -> Node) {
    state = .pending(thunk)
  }

  /// Forces the cell (once) and returns its node.
  var node: Node {
    lock.lock()
    defer { lock.unlock() }
    switch state {
    case .forced(let node):
      return node
    case .pending(let thunk):
      let node = thunk()
      state = .forced(node)
      return node
    }
  }

  static func from(_ array: [Element], startingAt index: Int = 0) -> NaiveLazyList<Element> {
    NaiveLazyList {
      index < array.count ? .cons(array[index], from(array, startingAt: index + 1)) : .empty
    }
  }

  func map<U>(_ transform: @escaping (Element) -> U) -> NaiveLazyList<U> {
    NaiveLazyList<U> {
      switch self.node {
      case .empty: return .empty
      case .cons(let head, let tail): return .cons(transform(head), tail.map(transform))
      }
    }
  }

  func filter(_ isIncluded: @escaping (Element) -> Bool) -> NaiveLazyList<Element> {
    NaiveLazyList {
      var cell = self
      while case .cons(let head, let tail) = cell.node {
        if isIncluded(head) { return .cons(head, tail.filter(isIncluded)) }
        cell = tail
      }
      return .empty
    }
  }
}

extension NaiveLazyList where Element == Int {
  /// Walks the list without holding its head (so consumed cells are freed one
  /// by one and no long chain is ever released recursively).
  static func checksum(_ list: consuming NaiveLazyList<Int>) -> Int {
    var acc = 0
    var cell = consume list
    while case .cons(let head, let tail) = cell.node {
      acc = mix(acc, head)
      cell = tail
    }
    return acc
  }
}
