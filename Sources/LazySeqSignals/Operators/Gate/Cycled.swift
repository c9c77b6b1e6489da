// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// cycled(), cycled(times:): resubscribe after each completion, the signal
// forms of `Seq.cycled()` and `Seq.cycled(times:)`. One run at a time, on a
// trampoline, so a synchronous source never grows the stack (see
// Resubscribe.swift).

internal import LazySeq

extension Signal {
  /// Runs this signal again after each completion, until a run sends no
  /// value, an error, or disposal. RAC `-repeat`, with the end `Seq` has.
  ///
  /// Each run is a new subscription (a cold signal runs its recipe again).
  /// An error of any run is forwarded and ends the result. A run that
  /// completes without a value completes the result, as
  /// `Seq.cycled()` of an empty sequence is empty (so an empty
  /// synchronous signal does not spin forever); ``repeat()`` resubscribes
  /// regardless. Resubscription is a loop, so synchronous runs do not grow
  /// the stack.
  ///
  /// ```swift
  /// Signal(Seq([1, 2])).cycled().take(5).subscribe(next: { print($0) })
  /// // 1
  /// // 2
  /// // 1
  /// // 2
  /// // 1
  /// ```
  ///
  /// - Important: the result does not complete while every run sends a
  ///   value; limit it with ``take(_:)`` or dispose it.
  /// - Returns: the runs of this signal, one after the other.
  /// - Complexity: O(1) per value and per run.
  public func cycled() -> Signal<Value> {
    resubscribing(Operators.Resubscribe(trigger: .completion, limit: nil, onlyAfterAValue: true))
  }

  /// Runs this signal `times` times, one run after the other: empty for 0,
  /// this signal for 1.
  ///
  /// Each run is a new subscription, started when the previous one
  /// completes. An error of any run is forwarded and ends the result; a
  /// run that completes without a value completes the result early, as
  /// `Seq.cycled(times:)` does for an empty sequence. Resubscription is a
  /// loop, so synchronous runs do not grow the stack.
  ///
  /// ```swift
  /// Signal(Seq([1, 2])).cycled(times: 3).subscribe(next: { print($0) })
  /// // 1, 2, 1, 2, 1, 2 (one per line)
  /// ```
  ///
  /// - Parameter times: how many runs; must not be negative.
  /// - Returns: the runs of this signal, one after the other.
  /// - Complexity: O(1) per value and per run.
  public func cycled(times: Int) -> Signal<Value> {
    precondition(
      times >= 0, argumentMessage("Signal.cycled(times:)", "the count must not be negative", got: times))
    if times == 0 { return .empty }
    if times == 1 { return self }
    return resubscribing(Operators.Resubscribe(trigger: .completion, limit: times - 1, onlyAfterAValue: true))
  }
}
