// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// The one format of the precondition messages of both modules (LazySeq and
// LazySeqSignals) for a bad argument: the API as the caller wrote it, what
// is wrong, and the value given.

/// The message of a precondition on an argument:
/// `Seq.take(_:): the count must not be negative, got -1`.
///
/// - Parameters:
///   - api: the declaration the caller wrote, with its type and argument
///     labels (`Seq.take(_:)`, `Signal.retry(_:delay:on:)`).
///   - problem: what the argument must be (`the count must not be negative`).
///   - value: the value given.
@usableFromInline
package func argumentMessage(_ api: StaticString, _ problem: StaticString, got value: Any) -> String {
  "\(api): \(problem), got \(value)"
}
