// Printing helpers shared by the chapters of the tour.

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
  static func say(_ text: String) {
    print("// " + text)
  }

  /// Prints a line of code and what it shows.
  static func show(_ code: String, _ value: Any) {
    print("\(code)  ->  \(value)")
  }
}

/// Counts the calls of the closures given to an operator, to make laziness
/// and memoization visible.
final class Counter {
  private(set) var calls = 0

  /// Records a call and passes `value` through.
  func tick<T>(_ value: T) -> T {
    calls += 1
    return value
  }
}

/// A failure of a simulated service, for the signal chapters.
struct ServiceError: Error, CustomStringConvertible {
  let description: String
}
