// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// Our side of the signal and conversion scenarios, written against the
// `Signal` contract (Docs/Contracts.md). The closures are written inline, as a client
// would write them (the baselines in Baselines.swift do the same).
import LazySeq
import LazySeqSignals

enum OursSignals {
  /// Scenario 6: `Subject → map → filter → subscribe`, n values.
  static func pump(_ n: Int) -> Int {
    let acc = Accumulator()
    let subject = Subject<Int>()
    let disposable = subject.signal.map { $0 &* 3 &+ 1 }.filter { $0 & 2 == 0 }
      .subscribe(next: { acc.add($0) })
    for i in 0..<n { subject.sendNext(i) }
    subject.sendCompleted()
    disposable.dispose()
    return acc.value
  }

  /// Row 10g: n values through `Subject → signal.windows(ofCount: 8, step: 2)
  /// → subscribe(next:)`.
  static func windows(_ n: Int) -> Int {
    let acc = Accumulator()
    let subject = Subject<Int>()
    let disposable = subject.signal.windows(ofCount: 8, step: 2)
      .subscribe(next: { window in acc.add(window[0] &+ window[7]) })
    for i in 0..<n { subject.sendNext(i) }
    subject.sendCompleted()
    disposable.dispose()
    return acc.value
  }

  /// Scenario 6 with two more fused operators: `tryMap` (never throwing)
  /// then `distinctUntilChanged(by:)`.
  static func pumpTryMap(_ n: Int) -> Int {
    let acc = Accumulator()
    let subject = Subject<Int>()
    let disposable = subject.signal.tryMap { $0 &* 3 &+ 1 }.distinctUntilChanged(by: ==)
      .subscribe(next: { acc.add($0) })
    for i in 0..<n { subject.sendNext(i) }
    subject.sendCompleted()
    disposable.dispose()
    return acc.value
  }

  /// Two subjects combined with `combineLatest(with:)`, fed alternately.
  static func pumpCombineLatest(_ n: Int) -> Int {
    let acc = Accumulator()
    let left = Subject<Int>()
    let right = Subject<Int>()
    let disposable = left.signal.combineLatest(with: right.signal)
      .subscribe(next: { acc.add($0.0 &+ $0.1) })
    for i in 0..<n {
      if i & 1 == 0 { left.sendNext(i) } else { right.sendNext(i) }
    }
    left.sendCompleted()
    right.sendCompleted()
    disposable.dispose()
    return acc.value
  }

  /// Scenario 6 built without specialization: the same pipeline in a generic
  /// function the optimizer may not specialize, so every inlined engine
  /// path runs generic code (the "structure only" figure of
  /// Docs/Performance.md).
  @_semantics("optimize.sil.specialize.generic.never")
  @inline(never)
  static func pumpUnspecialized<T: Sendable>(
    _ values: [T], _ transform: @escaping @Sendable (T) -> T, _ isIncluded: @escaping @Sendable (T) -> Bool,
    _ receive: @escaping @Sendable (T) -> Void
  ) {
    let subject = Subject<T>()
    let disposable = subject.signal.map(transform).filter(isIncluded).subscribe(next: receive)
    for value in values { subject.sendNext(value) }
    subject.sendCompleted()
    disposable.dispose()
  }

  /// Scenario 7: n times: subscribe to a subject, deliver one value, dispose.
  static func subscribeDispose(_ n: Int) -> Int {
    let acc = Accumulator()
    let subject = Subject<Int>()
    for i in 0..<n {
      let disposable = subject.signal.subscribe(next: { acc.add($0) })
      subject.sendNext(i)
      disposable.dispose()
    }
    return acc.value
  }
}

enum OursConversions {
  /// Scenario 8a: `Signal(seq).toArray()`.
  static func seqToSignalToArray(_ array: [Int]) -> Int {
    let result = (try? Signal(Seq(array)).toArray()) ?? []
    return Stdlib.walk(result)
  }

  /// Scenario 8b: `signal.sequence.array` for a synchronous signal of n values.
  static func signalToSequenceArray(_ array: [Int]) -> Int {
    let signal = Signal<Int> { subscriber in
      for x in array { subscriber.sendNext(x) }
      subscriber.sendCompleted()
      return nil
    }
    return Stdlib.walk(signal.sequence.array)
  }
}

/// The cases of `--instructions NAME --n N`: one run of one signal case, for
/// `valgrind --tool=callgrind` (see `.ci/callgrind-budget.sh`).
let instructionCases: [String: @Sendable (Int) -> Int] = [
  "signal-pump": OursSignals.pump,
  "signal-pump-unspecialized": { n in
    let acc = Accumulator()
    OursSignals.pumpUnspecialized(
      Array(0..<n), { $0 &* 3 &+ 1 }, { $0 & 2 == 0 }, { acc.add($0) })
    return acc.value
  },
  "signal-subscribe-dispose": OursSignals.subscribeDispose,
  "signal-main-actor-delivery": { n in MainActor.assumeIsolated { DeliveryInstructions.mainActor(n) } },
  "signal-main-thread-delivery": { n in
    MainActor.assumeIsolated { DeliveryInstructions.mainActor(n, hop: true) }
  },
  "signal-nonisolated-delivery": DeliveryInstructions.nonisolated,
  "signal-trymap-pump": OursSignals.pumpTryMap,
  "signal-combinelatest-pump": OursSignals.pumpCombineLatest,
  "signal-windows": OursSignals.windows,
  "seq-windows": { OursSeq.windows(Array(0..<$0)) },
  "combine-pump": Combine.pump,
  "combine-subscribe-dispose": Combine.subscribeDispose,
  "combine-collect": { Combine.collect(Array(0..<$0)) },
  "combine-push-collect": { Combine.pushCollect(Array(0..<$0)) },
  "seq-signal-toarray": { OursConversions.seqToSignalToArray(Array(0..<$0)) },
  "signal-sequence-array": { OursConversions.signalToSequenceArray(Array(0..<$0)) },
]
