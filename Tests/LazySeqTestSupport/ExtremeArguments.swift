// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// The extreme arguments that the sweeps of ExtremeArgumentTests (one in each
// test target) give every count and duration parameter, the case each child
// process runs, and the checks that run inside it.

import Foundation
package import Testing

/// The counts each count parameter is called with: the edges, a negative
/// count, and counts far too large to allocate or to walk.
package let extremeCounts = [-1, 0, 1, 1 << 40, 1 << 62, Int.max - 1, Int.max]

/// The durations each duration parameter is called with: a negative one,
/// zero, and the largest whose components (`Int64` seconds) can be shown.
package let extremeDurations: [Duration] = [.seconds(-1), .zero, .seconds(Int64.max)]

/// One extreme argument: a count or a duration.
package enum ExtremeArgument: Codable, Sendable, Hashable, CustomStringConvertible {
  case count(Int)
  case duration(Duration)

  /// The argument as a caller would write it: `Int.max`, `1 << 62`,
  /// `.seconds(Int64.max)`.
  package var description: String {
    switch self {
    case .count(.max): return "Int.max"
    case .count(.max - 1): return "Int.max - 1"
    case .count(let count) where count > 1 && count.nonzeroBitCount == 1:
      return "1 << \(count.trailingZeroBitCount)"
    case .count(let count): return "\(count)"
    case .duration(.zero): return ".zero"
    case .duration(.seconds(Int64.max)): return ".seconds(Int64.max)"
    case .duration(let duration): return "\(duration)"
    }
  }
}

/// One parameter of one API called with one extreme argument, run in a child
/// process: named in a failure as `Seq.take(_:) count: Int.max`.
package struct ExtremeCase: Codable, Sendable, CustomTestStringConvertible {
  /// The API as its precondition messages name it: `Seq.take(_:)`.
  package var api: String
  /// The parameter given the extreme argument, by its name in the
  /// declaration: `count`, `step`, `interval`.
  package var parameter: String
  package var argument: ExtremeArgument
  /// Whether the API's precondition rejects the argument.
  package var isRejected: Bool

  package init(api: String, parameter: String, argument: ExtremeArgument, isRejected: Bool) {
    self.api = api
    self.parameter = parameter
    self.argument = argument
    self.isRejected = isRejected
  }

  package var testDescription: String {
    "\(api) \(parameter): \(argument)" + (isRejected ? " (rejected)" : "")
  }

  /// The argument, which must be a count.
  package var count: Int {
    guard case .count(let count) = argument else { preconditionFailure("\(self) is not a count") }
    return count
  }

  /// The argument, which must be a duration.
  package var duration: Duration {
    guard case .duration(let duration) = argument else {
      preconditionFailure("\(self) is not a duration")
    }
    return duration
  }
}

/// How long a case may run in its child process before it counts as a hang.
private let extremeCaseTimeLimit = 10.0

/// The exit status of a child process whose case did not finish in time.
package let extremeCaseTimeoutStatus: CInt = 3

/// Runs the check of `extremeCase` in its child process: exits with
/// ``extremeCaseTimeoutStatus`` and a message naming the case if the check
/// takes longer than 10 seconds (an extreme argument must give its answer at
/// once).
package func runExtremeCase(_ extremeCase: ExtremeCase, _ check: () async -> Void) async {
  let name = extremeCase.testDescription
  Thread.detachNewThread {
    Thread.sleep(forTimeInterval: extremeCaseTimeLimit)
    FileHandle.standardError.write(Data("\(name): still running after \(extremeCaseTimeLimit) s\n".utf8))
    _exit(extremeCaseTimeoutStatus)
  }
  await check()
}

/// Inside a child process: exits with status 1 and a message naming the
/// case, what was wrong and where, unless `condition` holds.
package func require(
  _ condition: Bool, _ extremeCase: ExtremeCase, _ what: @autoclosure () -> String,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  guard !condition else { return }
  let place = "\(sourceLocation.fileName):\(sourceLocation.line)"
  FileHandle.standardError.write(
    Data("\(extremeCase.testDescription): wrong answer at \(place): \(what())\n".utf8))
  exit(1)
}

/// Records what the child process of an accepted argument wrote to
/// standard error, observed by running it again after it failed: the wrong
/// answer, the crash or the hang (`#expect(processExitsWith: .success)`
/// records only the exit status).
package func reportFailure(
  _ result: ExitTest.Result?, _ extremeCase: ExtremeCase, sourceLocation: SourceLocation = #_sourceLocation
) {
  guard let result else { return }
  let lines = String(decoding: result.standardErrorContent, as: UTF8.self).split(separator: "\n")
  let message = lines.prefix(12).joined(separator: "\n")
  Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
}

/// Expects the child process of a rejected argument to have stopped on a
/// precondition (not a hang), with a message that names `name` (the API by
/// default): checked in debug builds only, as optimized builds drop
/// precondition messages.
package func expectRejection(
  _ result: ExitTest.Result?, _ extremeCase: ExtremeCase, naming name: String? = nil,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  guard let result else { return }
  let message = String(decoding: result.standardErrorContent, as: UTF8.self)
  #expect(
    result.exitStatus != .exitCode(extremeCaseTimeoutStatus), "\(extremeCase.testDescription): \(message)",
    sourceLocation: sourceLocation)
  #if DEBUG
    let name = name ?? extremeCase.api
    #expect(
      message.contains(name), "\(extremeCase.testDescription): the message does not name \(name): \(message)",
      sourceLocation: sourceLocation)
  #endif
}

/// The chunks of `values` of `count` each (the last may be shorter), as
/// array slicing computes them, for any positive count.
package func referenceChunks(_ values: [Int], count: Int) -> [[Int]] {
  stride(from: 0, to: values.count, by: count).map { Array(values[$0...].prefix(count)) }
}

/// The full windows of `count` values of `values`, each `step` after the
/// previous one, as array slicing computes them, for any positive count and
/// step.
package func referenceWindows(_ values: [Int], count: Int, step: Int) -> [[Int]] {
  guard count <= values.count else { return [] }
  return stride(from: 0, through: values.count - count, by: step).map { Array(values[$0...].prefix(count)) }
}
