// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

public import Foundation

extension CommandError: LocalizedError {
  /// What went wrong, in a sentence: the error's `localizedDescription`.
  ///
  /// ```swift
  /// print(CommandError.notEnabled.localizedDescription)
  /// // The command is not enabled: execute(_:) was called while it was disabled.
  /// ```
  ///
  /// `print(error)` and string interpolation show the case, `notEnabled`.
  public var errorDescription: String? {
    switch self {
    case .notEnabled:
      "The command is not enabled: execute(_:) was called while it was disabled."
    }
  }
}
