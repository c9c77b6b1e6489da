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
    }
  }
}
