// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// The scoreboard: the scenario shapes of the benchmark suite that Swift
// reactive users already quote (RxSwift's, as ported for Combine), written
// here for LazySeqSignals and for OpenCombine and measured in the same run.
//
// "Pumping" rows send values into one long-lived pipeline (ns per send);
// "creating" rows build the whole pipeline, subscribe, send one value and
// dispose, n times (ns per creation). The target is ours ≤ 0.5× OpenCombine.
//
// OpenCombine 0.14 has no `combineLatest` (it is among the operators it has
// not implemented), so the combineLatest rows have no baseline: ours is
// checked against a plain Swift model of the same answer instead.
import LazySeqSignals
import OpenCombine

enum ScoreboardOurs {
  /// One subject, one subscriber, n sends.
  static func subjectPumping(_ n: Int) -> Int {
    let acc = Accumulator()
    let subject = Subject<Int>()
    let disposable = subject.signal.subscribe(next: { acc.add($0) })
    for i in 0..<n { subject.sendNext(i) }
    subject.sendCompleted()
    disposable.dispose()
    return acc.value
  }

  /// One subject, two subscribers, n sends.
  static func subjectPumpingTwoSubscribers(_ n: Int) -> Int {
    let first = Accumulator()
    let second = Accumulator()
    let subject = Subject<Int>()
    let a = subject.signal.subscribe(next: { first.add($0) })
    let b = subject.signal.subscribe(next: { second.add($0) })
    for i in 0..<n { subject.sendNext(i) }
    subject.sendCompleted()
    a.dispose()
    b.dispose()
    return mix(first.value, second.value)
  }

  /// n times: a new subject, one subscriber, one value, dispose.
  static func subjectCreating(_ n: Int) -> Int {
    let acc = Accumulator()
    for i in 0..<n {
      let subject = Subject<Int>()
      let disposable = subject.signal.subscribe(next: { acc.add($0) })
      subject.sendNext(i)
      disposable.dispose()
    }
    return acc.value
  }

  /// n times: a new `subject → map → filter → subscriber`, one value, dispose.
  static func mapFilterCreating(_ n: Int) -> Int {
    let acc = Accumulator()
    for i in 0..<n {
      let subject = Subject<Int>()
      let disposable = subject.signal.map { $0 &* 3 &+ 1 }.filter { $0 & 2 == 0 }
        .subscribe(next: { acc.add($0) })
      subject.sendNext(i)
      disposable.dispose()
    }
    return acc.value
  }

  /// n sends through `subject → flatMap { just } → subscriber`.
  static func flatMapPumping(_ n: Int) -> Int {
    let acc = Accumulator()
    let subject = Subject<Int>()
    let disposable = subject.signal.flatMap { Signal.just($0) }.subscribe(next: { acc.add($0) })
    for i in 0..<n { subject.sendNext(i) }
    subject.sendCompleted()
    disposable.dispose()
    return acc.value
  }

  /// n times: a new `subject → flatMap { just } → subscriber`, one value, dispose.
  static func flatMapCreating(_ n: Int) -> Int {
    let acc = Accumulator()
    for i in 0..<n {
      let subject = Subject<Int>()
      let disposable = subject.signal.flatMap { Signal.just($0) }.subscribe(next: { acc.add($0) })
      subject.sendNext(i)
      disposable.dispose()
    }
    return acc.value
  }

  /// n sends through `subject → map { just } → switchToLatest → subscriber`.
  static func flatMapLatestPumping(_ n: Int) -> Int {
    let acc = Accumulator()
    let subject = Subject<Int>()
    let disposable = subject.signal.map { Signal.just($0) }.switchToLatest()
      .subscribe(next: { acc.add($0) })
    for i in 0..<n { subject.sendNext(i) }
    subject.sendCompleted()
    disposable.dispose()
    return acc.value
  }

  /// n times: a new `subject → map { just } → switchToLatest → subscriber`,
  /// one value, dispose.
  static func flatMapLatestCreating(_ n: Int) -> Int {
    let acc = Accumulator()
    for i in 0..<n {
      let subject = Subject<Int>()
      let disposable = subject.signal.map { Signal.just($0) }.switchToLatest()
        .subscribe(next: { acc.add($0) })
      subject.sendNext(i)
      disposable.dispose()
    }
    return acc.value
  }

  /// n times: two new subjects combined with `combineLatest(with:)`, one
  /// value on each (so that one pair comes out), dispose.
  static func combineLatestCreating(_ n: Int) -> Int {
    let acc = Accumulator()
    for i in 0..<n {
      let left = Subject<Int>()
      let right = Subject<Int>()
      let disposable = left.signal.combineLatest(with: right.signal)
        .subscribe(next: { acc.add($0.0 &+ $0.1) })
      left.sendNext(i)
      right.sendNext(i)
      disposable.dispose()
    }
    return acc.value
  }

  /// n sends through `subject → 6 × (map, filter) → subscriber`; every
  /// value passes every stage.
  static func twelveStagePumping(_ n: Int) -> Int {
    let acc = Accumulator()
    let subject = Subject<Int>()
    // One statement per two stages keeps the type checker fast.
    let two = subject.signal.map { $0 &+ 1 }.filter { $0 >= 0 }
    let four = two.map { $0 &+ 1 }.filter { $0 >= 0 }
    let six = four.map { $0 &+ 1 }.filter { $0 >= 0 }
    let eight = six.map { $0 &+ 1 }.filter { $0 >= 0 }
    let ten = eight.map { $0 &+ 1 }.filter { $0 >= 0 }
    let twelve = ten.map { $0 &+ 1 }.filter { $0 >= 0 }
    let disposable = twelve.subscribe(next: { acc.add($0) })
    for i in 0..<n { subject.sendNext(i) }
    subject.sendCompleted()
    disposable.dispose()
    return acc.value
  }
}

enum ScoreboardCombine {
  /// One `PassthroughSubject`, one sink, n sends.
  static func subjectPumping(_ n: Int) -> Int {
    let acc = Accumulator()
    let subject = PassthroughSubject<Int, Never>()
    let cancellable = subject.sink { acc.add($0) }
    for i in 0..<n { subject.send(i) }
    subject.send(completion: .finished)
    cancellable.cancel()
    return acc.value
  }

  /// One `PassthroughSubject`, two sinks, n sends.
  static func subjectPumpingTwoSubscribers(_ n: Int) -> Int {
    let first = Accumulator()
    let second = Accumulator()
    let subject = PassthroughSubject<Int, Never>()
    let a = subject.sink { first.add($0) }
    let b = subject.sink { second.add($0) }
    for i in 0..<n { subject.send(i) }
    subject.send(completion: .finished)
    a.cancel()
    b.cancel()
    return mix(first.value, second.value)
  }

  /// n times: a new `PassthroughSubject`, one sink, one value, cancel.
  static func subjectCreating(_ n: Int) -> Int {
    let acc = Accumulator()
    for i in 0..<n {
      let subject = PassthroughSubject<Int, Never>()
      let cancellable = subject.sink { acc.add($0) }
      subject.send(i)
      cancellable.cancel()
    }
    return acc.value
  }

  /// n times: a new `subject → map → filter → sink`, one value, cancel.
  static func mapFilterCreating(_ n: Int) -> Int {
    let acc = Accumulator()
    for i in 0..<n {
      let subject = PassthroughSubject<Int, Never>()
      let cancellable = subject.map { $0 &* 3 &+ 1 }.filter { $0 & 2 == 0 }.sink { acc.add($0) }
      subject.send(i)
      cancellable.cancel()
    }
    return acc.value
  }

  /// n sends through `subject → flatMap { Just } → sink`.
  static func flatMapPumping(_ n: Int) -> Int {
    let acc = Accumulator()
    let subject = PassthroughSubject<Int, Never>()
    let cancellable = subject.flatMap { Just($0) }.sink { acc.add($0) }
    for i in 0..<n { subject.send(i) }
    subject.send(completion: .finished)
    cancellable.cancel()
    return acc.value
  }

  /// n times: a new `subject → flatMap { Just } → sink`, one value, cancel.
  static func flatMapCreating(_ n: Int) -> Int {
    let acc = Accumulator()
    for i in 0..<n {
      let subject = PassthroughSubject<Int, Never>()
      let cancellable = subject.flatMap { Just($0) }.sink { acc.add($0) }
      subject.send(i)
      cancellable.cancel()
    }
    return acc.value
  }

  /// n sends through `subject → map { Just } → switchToLatest → sink`.
  static func flatMapLatestPumping(_ n: Int) -> Int {
    let acc = Accumulator()
    let subject = PassthroughSubject<Int, Never>()
    let cancellable = subject.map { Just($0) }.switchToLatest().sink { acc.add($0) }
    for i in 0..<n { subject.send(i) }
    subject.send(completion: .finished)
    cancellable.cancel()
    return acc.value
  }

  /// n times: a new `subject → map { Just } → switchToLatest → sink`, one
  /// value, cancel.
  static func flatMapLatestCreating(_ n: Int) -> Int {
    let acc = Accumulator()
    for i in 0..<n {
      let subject = PassthroughSubject<Int, Never>()
      let cancellable = subject.map { Just($0) }.switchToLatest().sink { acc.add($0) }
      subject.send(i)
      cancellable.cancel()
    }
    return acc.value
  }

  /// n sends through `subject → 6 × (map, filter) → sink`.
  static func twelveStagePumping(_ n: Int) -> Int {
    let acc = Accumulator()
    let subject = PassthroughSubject<Int, Never>()
    let two = subject.map { $0 &+ 1 }.filter { $0 >= 0 }
    let four = two.map { $0 &+ 1 }.filter { $0 >= 0 }
    let six = four.map { $0 &+ 1 }.filter { $0 >= 0 }
    let eight = six.map { $0 &+ 1 }.filter { $0 >= 0 }
    let ten = eight.map { $0 &+ 1 }.filter { $0 >= 0 }
    let twelve = ten.map { $0 &+ 1 }.filter { $0 >= 0 }
    let cancellable = twelve.sink { acc.add($0) }
    for i in 0..<n { subject.send(i) }
    subject.send(completion: .finished)
    cancellable.cancel()
    return acc.value
  }
}

/// Plain Swift models of the combineLatest answers (the rows without an
/// OpenCombine baseline).
enum ScoreboardModel {
  /// The pairs of `OursSignals.pumpCombineLatest`: i goes to the left
  /// subject when even, to the right one when odd; once both have a value,
  /// every send yields the sum of the latest two.
  static func combineLatestPumping(_ n: Int) -> Int {
    var acc = 0
    var left: Int?
    var right: Int?
    for i in 0..<n {
      if i & 1 == 0 { left = i } else { right = i }
      if let left, let right { acc = mix(acc, left &+ right) }
    }
    return acc
  }

  /// One pair (i, i) per creation.
  static func combineLatestCreating(_ n: Int) -> Int {
    var acc = 0
    for i in 0..<n { acc = mix(acc, i &+ i) }
    return acc
  }
}

/// One scoreboard row: ours, and OpenCombine's body or a plain Swift model
/// of the answer when OpenCombine has no such operator.
struct ScoreboardCase: Sendable {
  var id: String
  var scenario: String
  /// A creating row (ns per creation) rather than a pumping one (ns per send).
  var creating: Bool
  /// A pumping row whose every value subscribes to an inner signal: it
  /// costs microseconds per value, so `--quick` sends a tenth of `signalN`.
  var subscribesPerValue = false
  var ours: @Sendable (Int) -> Int
  var oursName: String
  var baseline: (@Sendable (Int) -> Int)?
  var baselineName: String
  var model: (@Sendable (Int) -> Int)? = nil
}

extension ScoreboardCase {
  static let all: [ScoreboardCase] = [
    ScoreboardCase(
      id: "S1", scenario: "subject pumping", creating: false,
      ours: ScoreboardOurs.subjectPumping, oursName: "Subject; signal.subscribe(next:); sendNext × n",
      baseline: ScoreboardCombine.subjectPumping, baselineName: "PassthroughSubject; sink; send × n"),
    ScoreboardCase(
      id: "S2", scenario: "subject pumping, two subscriptions", creating: false,
      ours: ScoreboardOurs.subjectPumpingTwoSubscribers,
      oursName: "Subject with two subscribers; sendNext × n",
      baseline: ScoreboardCombine.subjectPumpingTwoSubscribers,
      baselineName: "PassthroughSubject with two sinks; send × n"),
    ScoreboardCase(
      id: "S3", scenario: "subject creating", creating: true,
      ours: ScoreboardOurs.subjectCreating, oursName: "n × (Subject(), subscribe, sendNext, dispose)",
      baseline: ScoreboardCombine.subjectCreating,
      baselineName: "n × (PassthroughSubject(), sink, send, cancel)"),
    ScoreboardCase(
      id: "S4", scenario: "map/filter pumping", creating: false,
      ours: OursSignals.pump, oursName: "subject.signal.map(f).filter(g).subscribe (row 6's body)",
      baseline: Combine.pump, baselineName: "subject.map(f).filter(g).sink (row 6's body)"),
    ScoreboardCase(
      id: "S5", scenario: "map/filter creating", creating: true,
      ours: ScoreboardOurs.mapFilterCreating,
      oursName: "n × (Subject(), map(f).filter(g).subscribe, sendNext, dispose)",
      baseline: ScoreboardCombine.mapFilterCreating,
      baselineName: "n × (PassthroughSubject(), map(f).filter(g).sink, send, cancel)"),
    ScoreboardCase(
      id: "S6", scenario: "flatMap pumping", creating: false, subscribesPerValue: true,
      ours: ScoreboardOurs.flatMapPumping, oursName: "subject.signal.flatMap { Signal.just($0) }",
      baseline: ScoreboardCombine.flatMapPumping, baselineName: "subject.flatMap { Just($0) }"),
    ScoreboardCase(
      id: "S7", scenario: "flatMap creating", creating: true,
      ours: ScoreboardOurs.flatMapCreating,
      oursName: "n × (Subject(), flatMap { Signal.just($0) }, subscribe, sendNext, dispose)",
      baseline: ScoreboardCombine.flatMapCreating,
      baselineName: "n × (PassthroughSubject(), flatMap { Just($0) }, sink, send, cancel)"),
    ScoreboardCase(
      id: "S8", scenario: "flatMapLatest pumping", creating: false, subscribesPerValue: true,
      ours: ScoreboardOurs.flatMapLatestPumping,
      oursName: "subject.signal.map { Signal.just($0) }.switchToLatest()",
      baseline: ScoreboardCombine.flatMapLatestPumping,
      baselineName: "subject.map { Just($0) }.switchToLatest()"),
    ScoreboardCase(
      id: "S9", scenario: "flatMapLatest creating", creating: true,
      ours: ScoreboardOurs.flatMapLatestCreating,
      oursName: "n × (Subject(), map { Signal.just($0) }.switchToLatest(), subscribe, sendNext, dispose)",
      baseline: ScoreboardCombine.flatMapLatestCreating,
      baselineName: "n × (PassthroughSubject(), map { Just($0) }.switchToLatest(), sink, send, cancel)"),
    ScoreboardCase(
      id: "S10", scenario: "combineLatest pumping", creating: false,
      ours: OursSignals.pumpCombineLatest,
      oursName: "left.signal.combineLatest(with: right.signal), sends alternate",
      baseline: nil, baselineName: "none: OpenCombine 0.14 has no combineLatest",
      model: ScoreboardModel.combineLatestPumping),
    ScoreboardCase(
      id: "S11", scenario: "combineLatest creating", creating: true,
      ours: ScoreboardOurs.combineLatestCreating,
      oursName: "n × (two Subjects, combineLatest(with:), subscribe, one sendNext each, dispose)",
      baseline: nil, baselineName: "none: OpenCombine 0.14 has no combineLatest",
      model: ScoreboardModel.combineLatestCreating),
    ScoreboardCase(
      id: "S12", scenario: "12-stage chain pumping", creating: false,
      ours: ScoreboardOurs.twelveStagePumping,
      oursName: "subject.signal → 6 × (map { $0 + 1 }, filter { $0 >= 0 }) → subscribe",
      baseline: ScoreboardCombine.twelveStagePumping, baselineName: "subject → 6 × (map, filter) → sink"),
  ]
}

extension Runner {
  /// The scoreboard rows (`--only score`).
  mutating func scoreboardScenarios() {
    for c in ScoreboardCase.all {
      let pumpN = c.subscribesPerValue && config.quick ? config.signalN / 10 : config.signalN
      let n = c.creating ? config.subscribeN : pumpN
      progress("scoreboard \(c.id) (\(c.scenario)) at n = \(formatSize(n))")
      var contenders = [Contender(name: "Signal", elements: n) { c.ours(n) }]
      if let baseline = c.baseline {
        contenders.append(Contender(name: "OpenCombine", elements: n) { baseline(n) })
      }
      // A creation (or an inner subscription) costs microseconds: a timed
      // call does n of them and is not repeated up to `minElementsPerSample`.
      let samples = runInterleaved(
        contenders, reps: config.reps,
        minElementsPerSample: c.creating || c.subscribesPerValue ? n : config.minElementsPerSample)
      let expected = samples.count > 1 ? samples[1].checksum : (c.model?(n) ?? 0)
      expectSameChecksum("\(c.id) \(c.scenario)", ours: samples[0].checksum, baseline: expected)
      rows.append(
        ResultRow(
          id: c.id, scenario: c.scenario, size: n, unit: c.creating ? "ns/create" : "ns/send",
          ours: samples[0].nsPerElement, oursName: c.oursName,
          baseline: samples.count > 1 ? samples[1].nsPerElement : nil, baselineName: c.baselineName,
          target: .ratio(0.5)))
    }
  }
}

/// The scoreboard's `--instructions` cases (merged into `instructionCases`
/// by name): `scoreboard-NAME` for ours, `scoreboard-combine-NAME` for
/// OpenCombine.
let scoreboardInstructionCases: [String: @Sendable (Int) -> Int] = [
  "scoreboard-subject-pump": ScoreboardOurs.subjectPumping,
  "scoreboard-subject-pump-two": ScoreboardOurs.subjectPumpingTwoSubscribers,
  "scoreboard-subject-create": ScoreboardOurs.subjectCreating,
  "scoreboard-mapfilter-create": ScoreboardOurs.mapFilterCreating,
  "scoreboard-flatmap-pump": ScoreboardOurs.flatMapPumping,
  "scoreboard-flatmap-create": ScoreboardOurs.flatMapCreating,
  "scoreboard-flatmaplatest-pump": ScoreboardOurs.flatMapLatestPumping,
  "scoreboard-flatmaplatest-create": ScoreboardOurs.flatMapLatestCreating,
  "scoreboard-combinelatest-create": ScoreboardOurs.combineLatestCreating,
  "scoreboard-chain12-pump": ScoreboardOurs.twelveStagePumping,
  "scoreboard-combine-subject-pump": ScoreboardCombine.subjectPumping,
  "scoreboard-combine-subject-pump-two": ScoreboardCombine.subjectPumpingTwoSubscribers,
  "scoreboard-combine-subject-create": ScoreboardCombine.subjectCreating,
  "scoreboard-combine-mapfilter-create": ScoreboardCombine.mapFilterCreating,
  "scoreboard-combine-flatmap-pump": ScoreboardCombine.flatMapPumping,
  "scoreboard-combine-flatmap-create": ScoreboardCombine.flatMapCreating,
  "scoreboard-combine-flatmaplatest-pump": ScoreboardCombine.flatMapLatestPumping,
  "scoreboard-combine-flatmaplatest-create": ScoreboardCombine.flatMapLatestCreating,
  "scoreboard-combine-chain12-pump": ScoreboardCombine.twelveStagePumping,
]
