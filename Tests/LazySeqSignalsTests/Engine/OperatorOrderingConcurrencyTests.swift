// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// Gate operators whose state decides what is sent, fed from several threads:
// the order of what arrives must be the order in which that state changed.
// Each test repeats a race enough times to catch it reliably when the
// decision and the send are separate steps.

import Dispatch
import Foundation
import LazySeqSignals
import LazySeqTestSupport
import Synchronization
import Testing

@Suite struct OperatorOrderingConcurrencyTests {
  /// The positions where `values` goes down, as `"before → after"`.
  func descents(_ values: [Int]) -> [String] {
    zip(values, values.dropFirst()).filter { $0 > $1 }.map { "\($0) → \($1)" }
  }

  @Test("switchToLatest: a replaced inner signal never sends after the new inner's first value")
  func switchToLatestNeverSendsFromAReplacedInner() {
    let switches = 40_000
    let outer = Subject<Signal<Int>>()
    let generations = Guarded<[Int]>([])
    outer.signal.switchToLatest().subscribe(next: { generation in
      generations.mutate { $0.append(generation) }
    })
    // The inner signal the sender feeds: each value is its generation.
    // (`Guarded` is an NSLock, whose ordering ThreadSanitizer sees.)
    let current = Guarded<(generation: Int, subject: Subject<Int>?)>((0, nil))
    let stop = Atomic<Bool>(false)
    let sender = Thread {
      while !stop.load(ordering: .relaxed) {
        let (generation, subject) = current.value
        subject?.sendNext(generation)
      }
    }
    sender.start()
    for generation in 1...switches {
      let inner = Subject<Int>()
      current.value = (generation, inner)
      outer.sendNext(inner.signal)
      inner.sendNext(generation)
    }
    stop.store(true, ordering: .relaxed)
    while !sender.isFinished { usleep(100) }
    let received = generations.value
    #expect(descents(received) == [])
    #expect(received.last == switches)
  }

  @Test("take(untilReplacement:): no source value arrives after the replacement's first")
  func takeUntilReplacementNeverSendsTheSourceAfterTheReplacement() {
    var late = 0
    for _ in 0..<300 {
      let source = Subject<Int>()
      let replacement = Subject<Int>()
      let received = Guarded<[Int]>([])
      source.signal.take(untilReplacement: replacement.signal).subscribe(next: { value in
        received.mutate { $0.append(value) }
      })
      let started = DispatchSemaphore(value: 0)
      let stop = Atomic<Bool>(false)
      let sender = Thread {
        started.signal()
        while !stop.load(ordering: .relaxed) { source.sendNext(1) }
      }
      sender.start()
      started.wait()
      usleep(50)
      replacement.sendNext(2)
      replacement.sendNext(3)
      stop.store(true, ordering: .relaxed)
      while !sender.isFinished { usleep(50) }
      let values = received.value
      if let first = values.firstIndex(of: 2) {
        late += values[first...].filter { $0 == 1 }.count
      } else {
        Issue.record("the replacement's value never arrived")
      }
    }
    #expect(late == 0)
  }

  @Test("throttle: a completion racing the timer never loses the waiting value")
  func throttleCompletionNeverLosesTheWaitingValue() {
    let scheduler = QueueScheduler(label: "throttle-timer")
    var lost = 0
    for round in 0..<4_000 {
      let source = Subject<Int>()
      let recorder = Recorder(source.signal.throttle(.microseconds(20), on: scheduler))
      source.sendNext(round)
      // Complete at about the moment the timer fires.
      usleep(UInt32(round % 25))
      source.sendCompleted()
      let done = DispatchSemaphore(value: 0)
      scheduler.schedule(after: .milliseconds(1)) { done.signal() }
      done.wait()
      if recorder.recorded != [.next(round), .completed] { lost += 1 }
    }
    #expect(lost == 0)
  }

  @Test("throttle(valuesPassing:): a value that passes never overtakes an older value already released")
  func throttlePassingValueNeverOvertakesAnOlderOne() {
    let scheduler = QueueScheduler(label: "throttle-timer")
    var overtaken = 0
    for round in 0..<4_000 {
      let source = Subject<Int>()
      let recorder = Recorder(
        source.signal.throttle(.microseconds(20), on: scheduler, valuesPassing: { $0 % 2 == 0 }))
      source.sendNext(2 * round)  // throttled: waits for its timer
      usleep(UInt32(round % 25))
      source.sendNext(2 * round + 1)  // passes at once; the waiting value is dropped unless released
      source.sendCompleted()
      let done = DispatchSemaphore(value: 0)
      scheduler.schedule(after: .milliseconds(1)) { done.signal() }
      done.wait()
      let values = recorder.values
      if !descents(values).isEmpty || values.last != 2 * round + 1 { overtaken += 1 }
    }
    #expect(overtaken == 0)
  }

  @Test("buffer: a completion racing the timer never loses the waiting batch")
  func bufferCompletionNeverLosesTheBatch() {
    let scheduler = QueueScheduler(label: "buffer-timer")
    var lost = 0
    for round in 0..<4_000 {
      let source = Subject<Int>()
      let recorder = Recorder(source.signal.buffer(.microseconds(20), on: scheduler))
      source.sendNext(round)
      usleep(UInt32(round % 25))
      source.sendCompleted()
      let done = DispatchSemaphore(value: 0)
      scheduler.schedule(after: .milliseconds(1)) { done.signal() }
      done.wait()
      if recorder.recorded != [.next([round]), .completed] { lost += 1 }
    }
    #expect(lost == 0)
  }
}
