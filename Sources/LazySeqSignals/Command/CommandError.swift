// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

/// Why a ``Command`` refused to run. RAC's `RACCommandErrorNotEnabled`.
///
/// ```swift
/// let save = Command<Void, Void>(enabled: .just(false)) { _ in .empty }
/// save.execute(()).subscribe(error: { print($0) })
/// // notEnabled
/// ```
public enum CommandError: Error, Equatable {
  /// The command was executed while disabled: its `execute` closure was not
  /// called, and nothing was sent on its ``Command/errors``.
  case notEnabled
}
