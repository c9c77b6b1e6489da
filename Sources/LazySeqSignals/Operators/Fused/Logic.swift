// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

extension Signal where Value == Bool {
  /// Inverts each Boolean. RAC `-not`.
  ///
  /// - Returns: the negated values.
  public func not() -> Signal<Bool> {
    map { !$0 }
  }
}

extension Signal where Value == [Bool] {
  /// Sends whether every Boolean of each array is `true`. RAC `-and`.
  ///
  /// ```swift
  /// Signal<Bool>.combineLatest([isValid, isConnected]).and()
  /// ```
  ///
  /// - Returns: one Boolean per array (`true` for an empty array).
  public func and() -> Signal<Bool> {
    map { $0.allSatisfy { $0 } }
  }

  /// Sends whether any Boolean of each array is `true`. RAC `-or`.
  ///
  /// - Returns: one Boolean per array (`false` for an empty array).
  public func or() -> Signal<Bool> {
    map { $0.contains(true) }
  }
}
