// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// Printing helpers shared by the chapters of the tour.

import Synchronization

/// The tour's chapters, one file each (`Tour+<Chapter>.swift`).
@MainActor
enum Tour {
  /// The number of the chapter being printed.
  static var chapterNumber = 0

  /// Prints a chapter title.
  static func chapter(_ title: String) {
    chapterNumber += 1
    let heading = "\(chapterNumber). \(title)"
    print()
    print(heading)
    print(String(repeating: "=", count: heading.count))
  }

  /// Prints an explanatory line.
  nonisolated static func say(_ text: String) {
    print("// " + text)
  }

  /// Prints a line of code and what it shows.
  nonisolated static func show(_ code: String, _ value: Any) {
    print("\(code)  ->  \(value)")
  }
}

/// Counts the calls of the closures given to an operator, to make laziness
/// and memoization visible. Thread-safe, so signal closures (which are
/// `@Sendable`) can count with it too.
final class Counter: Sendable {
  private let count = Mutex(0)

  /// How many calls were recorded.
  var calls: Int { count.withLock { $0 } }

  /// Records a call and passes `value` through.
  func tick<T>(_ value: T) -> T {
    count.withLock { $0 += 1 }
    return value
  }

  /// Records a call and returns how many calls were recorded.
  @discardableResult
  func tick() -> Int {
    count.withLock { count in
      count += 1
      return count
    }
  }
}

/// A failure of a simulated service, for the signal chapters.
struct ServiceError: Error, CustomStringConvertible {
  let description: String
}
