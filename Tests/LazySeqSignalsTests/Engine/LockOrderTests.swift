// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

#if LAZYSEQ_INVARIANTS
  import Dispatch
  import Foundation
  @testable import LazySeqSignals
  import LazySeqTestSupport
  import Testing

  /// The lock-order check of the invariants build: the library's shapes
  /// take its locks in one order only, and the check sees a cycle when
  /// there is one.
  @Suite(.serialized) struct LockOrderTests {
    @Test func theCheckSeesTwoSubjectsThatSendToEachOther() {
      LockOrder.reset()
      let first = Subject<Int>()
      let second = Subject<Int>()
      first.signal.subscribe(next: { if $0 == 1 { second.sendNext(2) } })
      second.signal.subscribe(next: { if $0 == 3 { first.sendNext(4) } })
      first.sendNext(1)  // first's gate, then second's
      second.sendNext(3)  // second's gate, then first's: a possible deadlock
      #expect(LockOrder.cycles.count == 1, "\(LockOrder.cycles)")
    }

    @Test func subjectsSubscribingToEachOtherFromDeliveriesTakeNoLocksInCycle() {
      LockOrder.reset()
      for kind in 0..<3 {
        let first = kind == 0 ? Subject<Int>() : kind == 1 ? ReplaySubject(capacity: 1) : BehaviorSubject(0)
        let second = kind == 0 ? Subject<Int>() : kind == 1 ? ReplaySubject(capacity: 1) : BehaviorSubject(0)
        let a = first.signal.flatMap { _ in second.signal.take(1) }.subscribe()
        let b = second.signal.flatMap { _ in first.signal.take(1) }.subscribe()
        first.sendNext(1)
        second.sendNext(1)
        first.sendNext(2)
        a.dispose()
        b.dispose()
      }
      #expect(LockOrder.cycles.isEmpty, "\(LockOrder.cycles)")
    }

    @Test func theMulticastingShapesTakeNoLocksInCycle() {
      LockOrder.reset()
      let source = Subject<Int>()
      let property = MutableProperty(0)
      let shared = source.signal.share(replay: 1)
      let replayed = source.signal.replayLast()
      let connection = source.signal.publish()
      let autoconnected = source.signal.publish().autoconnect()
      let combined = shared.combineLatest(with: property.signal)
      let command = Command<Int, Int> { Signal.just($0) }
      var disposables: [any Disposable] = []
      // Callbacks that subscribe to the others from inside deliveries.
      let everything: [Signal<Int>] = [
        shared, replayed, connection.signal, autoconnected, property.signal,
        combined.map { $0.0 + $0.1 }, command.executionSignals.flatten(),
      ]
      for (index, signal) in everything.enumerated() {
        let next = everything[(index + 1) % everything.count]
        disposables.append(signal.subscribe(next: { _ in next.take(1).subscribe() }))
      }
      connection.connect()
      for value in 1...3 {
        source.sendNext(value)
        property.value = value
        command.execute(value).subscribe()
      }
      for disposable in disposables { disposable.dispose() }
      source.sendCompleted()
      #expect(LockOrder.cycles.isEmpty, "\(LockOrder.cycles)")
    }
  }
#endif
