// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// Properties and commands: the row "6p" (a `MutableProperty` set with one
// observer against OpenCombine's `CurrentValueSubject` send with one sink)
// and their `--instructions` cases.
import LazySeqSignals
import OpenCombine

enum OursProperties {
  /// Row 6p: n sets of a property observed through `signal` (the current
  /// value, then each change), as a `CurrentValueSubject` sink is.
  static func setWithSignalObserver(_ n: Int) -> Int {
    let acc = Accumulator()
    let property = MutableProperty(0)
    let disposable = property.signal.subscribe(next: { acc.add($0) })
    for i in 0..<n { property.value = i }
    disposable.dispose()
    return acc.value
  }

  /// n sets of a property with one observer on `changes`.
  static func setWithObserver(_ n: Int) -> Int {
    let acc = Accumulator()
    let property = MutableProperty(0)
    let disposable = property.changes.subscribe(next: { acc.add($0) })
    for i in 0..<n { property.value = i }
    disposable.dispose()
    return acc.value
  }

  /// n reads of a property's value.
  static func read(_ n: Int) -> Int {
    let acc = Accumulator()
    let property = MutableProperty(7)
    for _ in 0..<n { acc.add(property.value) }
    return acc.value
  }

  /// n executions of a command whose work is `.just(input)`.
  static func executeJust(_ n: Int) -> Int {
    let acc = Accumulator()
    let command = Command<Int, Int> { .just($0) }
    for i in 0..<n { command.execute(i).subscribe(next: { acc.add($0) }) }
    return acc.value
  }
}

extension Combine {
  /// Row 6p's baseline: n sends to a `CurrentValueSubject` with one sink
  /// (which, like `signal`, receives the current value first).
  static func currentValueSend(_ n: Int) -> Int {
    let acc = Accumulator()
    let subject = CurrentValueSubject<Int, Never>(0)
    let cancellable = subject.sink { acc.add($0) }
    for i in 0..<n { subject.send(i) }
    cancellable.cancel()
    return acc.value
  }
}

/// The `--instructions` cases of properties and commands (merged into
/// `instructionCases` by name).
let propertyInstructionCases: [String: @Sendable (Int) -> Int] = [
  "property-set": OursProperties.setWithObserver,
  "property-set-signal": OursProperties.setWithSignalObserver,
  "property-read": OursProperties.read,
  "command-execute-just": OursProperties.executeJust,
  "combine-currentvalue-send": Combine.currentValueSend,
]
