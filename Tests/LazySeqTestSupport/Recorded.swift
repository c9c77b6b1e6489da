// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// Typed event histories and marble diagrams without time.

package import LazySeqSignals

/// One recorded event with a typed value, for exact comparisons of whole
/// histories: `[.next(1), .next(2), .completed]`.
package enum Recorded<T: Equatable>: Equatable, CustomStringConvertible {
  case next(T)
  /// An error, by its description.
  case failed(String)
  case completed

  package init(_ event: Event<T>) {
    switch event {
    case .next(let value): self = .next(value)
    case .error(let error): self = .failed("\(error)")
    case .completed: self = .completed
    }
  }

  /// An error event, recorded by the error's description.
  package static func error(_ error: any Error) -> Recorded {
    .failed("\(error)")
  }

  package var description: String {
    switch self {
    case .next(let value): return "next(\(value))"
    case .failed(let error): return "error(\(error))"
    case .completed: return "completed"
    }
  }
}

/// The typed history of a signal that sends `values` and completes:
/// `completion(after: [1, 2])` is `[.next(1), .next(2), .completed]`.
package func completion<T: Equatable>(after values: [T]) -> [Recorded<T>] {
  values.map { .next($0) } + [.completed]
}

/// A marble history: `"1 2 3 |"` is values 1, 2, 3 then completion; `"1 #"`
/// is 1 then an error (`TestError.boom`); a history without `|` or `#` has
/// not terminated.
package func marbles(_ diagram: String) -> [Recorded<Int>] {
  diagram.split(separator: " ").map { token in
    switch token {
    case "|": return .completed
    case "#": return .failed("\(TestError.boom)")
    default: return .next(Int(token)!)
    }
  }
}

extension Recorded: Sendable where T: Sendable {}
