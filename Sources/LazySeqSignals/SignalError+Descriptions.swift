// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

public import Foundation

extension SignalError: LocalizedError {
  /// What went wrong, in a sentence: the error's `localizedDescription`.
  ///
  /// ```swift
  /// print(SignalError.timedOut.localizedDescription)
  /// // The signal timed out: the time allowed by timeout(_:on:), or by a
  /// // blocking conversion's timeout, passed first.
  /// ```
  ///
  /// `print(error)` and string interpolation show the case, `timedOut`.
  public var errorDescription: String? {
    switch self {
    case .timedOut:
      "The signal timed out: the time allowed by timeout(_:on:), or by a blocking conversion's timeout, passed first."
    case .noMatchingCase:
      "Signal.switchTo(_:cases:default:) received a key with no case, and there is no default."
    case .singlePassSequenceAlreadySubscribed:
      "This signal reads a single-pass AsyncStream, which only its first subscription can read: subscribe once and share the signal with share(replay:)."
    case .blockingWaitOnMainQueue:
      "A blocking conversion waited without a timeout while holding the main queue (inside a main-queue block, or in main-actor code after a top-level await), and for 10 seconds nothing arrived: what it waits for is presumably main-queue work it holds up (a DispatchQueue.main.async block, a Task { @MainActor in ... }), which cannot run until it returns. The library's own main-queue work (deliver(on: .main), deliverOnMainThread(), main-actor callbacks) does run while it waits. Pass a timeout to wait longer, or use the async conversion: try await signal.first(), try await signal.toArray(), try await signal.waitUntilCompleted(), or for try await value in signal.values (at a script's top level, try await signal.toArray() still picks the blocking version: call it from an async function)."
    }
  }
}
