// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

extension Signal {
  /// Pairs each value of this signal with the latest value of `other`.
  ///
  /// Only this signal's values produce pairs; `other`'s values are merely
  /// remembered. The values sent before `other`'s first value are dropped.
  /// `other` is subscribed first, so a synchronous `other` (such as
  /// ``Signal/just(_:)``) is ready for this signal's first value. The
  /// result completes when this signal completes (`other`'s completion only
  /// freezes its latest value); an error of either ends it. (RxSwift
  /// `withLatestFrom`, Combine `withLatestFrom` in CombineExt.)
  ///
  /// ```swift
  /// let clicks = Subject<Int>()
  /// let user = Subject<String>()
  /// clicks.signal.withLatest(from: user.signal).subscribe(next: { print($0) })
  /// clicks.sendNext(1)      // (nothing: no user yet)
  /// user.sendNext("ada")
  /// clicks.sendNext(2)      // (2, "ada")
  /// user.sendNext("bob")
  /// clicks.sendNext(3)      // (3, "bob")
  /// ```
  ///
  /// - Parameter other: the signal whose latest value is attached.
  /// - Returns: one pair per value of this signal, once `other` has sent.
  public func withLatest<U: Sendable>(from other: Signal<U>) -> Signal<(Value, U)> {
    return Signal<(Value, U)> { downstream in
      // Touched only inside `downstream`'s gate (see `Subscriber.serialize`).
      var latest: U?
      other.forward(
        to: downstream, next: { value in downstream.serialize { latest = value } }, completed: {})
      guard !downstream.isDisposed else { return nil }
      self.forward(
        to: downstream,
        next: { value in
          downstream.serialize { if let latest { downstream.sendNext((value, latest)) } }
        })
      return nil
    }
  }
}
