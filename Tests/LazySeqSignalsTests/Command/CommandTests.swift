// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

import Dispatch
import Foundation
import LazySeqSignals
import LazySeqTestSupport
import Synchronization
import Testing

/// RAC 2.5's `RACCommandSpec` (G90–G92), ported, plus
/// the contract's own promises. RAC delivered on the main thread; here every
/// event is sent on the thread that caused it (Docs/ComingFromReactiveCocoa.md, deliberate difference 8), so
/// the "on the main thread" halves become "synchronously, on the causing
/// thread".
@Suite struct CommandTests {
  // MARK: G90 — defaults, execution signals, executing, lifetime

  @Test("G90: enabled and not executing by default") func enabledAndNotExecutingByDefault() {
    let command = Command<Int, Int> { .just($0) }
    #expect(recorded(command.enabled.take(1)) == [.next(true), .completed])
    #expect(recorded(command.executing.take(1)) == [.next(false), .completed])
    #expect(command.isEnabled)
    #expect(!command.isExecuting)
    #expect(!command.allowsConcurrentExecution)
  }

  @Test("G90: execute sends the execution on execution signals and returns it")
  func executeSendsTheExecutionOnExecutionSignalsAndReturnsIt() {
    let command = Command<Int, Int> { .just($0 * 10) }
    let inners = Recorder(command.executionSignals)
    let returned = command.execute(4)
    #expect(inners.values.count == 1)
    #expect(recorded(inners.values[0]) == [.next(40), .completed])
    #expect(recorded(returned) == [.next(40), .completed])
  }

  @Test("G90: no errors by default") func noErrorsByDefault() {
    let command = Command<Int, Int> { .just($0) }
    let errors = Recorder(command.errors)
    command.execute(1)
    command.execute(2)
    #expect(errors.events.isEmpty)
  }

  @Test("G90: executing is true while running and false afterwards")
  func executingIsTrueWhileRunningAndFalseAfterwards() {
    let work = Subject<Int>()
    let command = Command<Void, Int> { work.signal }
    let executing = Recorder(command.executing)
    #expect(executing.values == [false])
    command.execute(())
    #expect(executing.values == [false, true])
    #expect(command.isExecuting)
    work.sendNext(1)
    #expect(executing.values == [false, true])
    work.sendCompleted()
    #expect(executing.values == [false, true, false])
    #expect(!command.isExecuting)
  }

  @Test("G90: deallocates without subscribers") func deallocatesWithoutSubscribers() {
    weak var weakCommand: Command<Int, Int>?
    do {
      let command = Command<Int, Int> { .just($0) }
      weakCommand = command
      command.execute(1)
    }
    #expect(weakCommand == nil)
  }

  @Test("G90: an execution in progress does not keep the command alive")
  func anExecutionInProgressDoesNotKeepTheCommandAlive() {
    let work = Subject<Int>()
    weak var weakCommand: Command<Void, Int>?
    var result: Signal<Int>?
    do {
      let command = Command<Void, Int> { work.signal }
      weakCommand = command
      result = command.execute(())
    }
    #expect(weakCommand == nil)
    // The execution is not cancelled: it runs to its end.
    work.sendNext(7)
    work.sendCompleted()
    #expect(result.map { recorded($0) } == [.next(7), .completed])
  }

  @Test("G90: all four signals complete on deallocation") func allFourSignalsCompleteOnDeallocation() {
    let executionSignals = Recorder<Signal<Int>>()
    let errors = Recorder<any Error>()
    let executing = Recorder<Bool>()
    let enabled = Recorder<Bool>()
    do {
      let command = Command<Int, Int> { .just($0) }
      executionSignals.subscribe(to: command.executionSignals)
      errors.subscribe(to: command.errors)
      executing.subscribe(to: command.executing)
      enabled.subscribe(to: command.enabled)
      #expect(executing.recorded == [.next(false)])
    }
    #expect(executionSignals.history == ["completed"])
    #expect(errors.history == ["completed"])
    #expect(executing.recorded == [.next(false), .completed])
    #expect(enabled.recorded == [.next(true), .completed])
  }

  // MARK: G91 — executions

  @Test("G91: the block runs once per execution") func theBlockRunsOncePerExecution() {
    let calls = Counter()
    let command = Command<Int, Int> { input in
      calls.increment()
      return .just(input)
    }
    command.execute(1)
    #expect(calls.value == 1)
    command.execute(2)
    #expect(calls.value == 2)
  }

  @Test("G91: executions are delivered in order") func executionsAreDeliveredInOrder() {
    let command = Command<[String], String>(allowsConcurrentExecution: true) { words in
      signal(words)
    }
    let received = Recorder(command.executionSignals.concat())
    command.execute(["foo", "bar"])
    command.execute(["buzz", "baz"])
    #expect(received.values == ["foo", "bar", "buzz", "baz"])
  }

  @Test("G91: executing waits for every execution") func executingWaitsForEveryExecution() {
    let first = Subject<Int>()
    let second = Subject<Int>()
    let command = Command<Int, Int>(allowsConcurrentExecution: true) {
      $0 == 1 ? first.signal : second.signal
    }
    let executing = Recorder(command.executing)
    command.execute(1)
    command.execute(2)
    #expect(executing.values == [false, true])
    first.sendCompleted()
    #expect(executing.values == [false, true])
    second.sendCompleted()
    #expect(executing.values == [false, true, false])
  }

  @Test("G91: errors go to execute and errors but not execution signals")
  func errorsGoToExecuteAndErrorsButNotExecutionSignals() {
    let command = Command<Int, Int> { input in
      Signal { subscriber in
        subscriber.sendNext(input)
        subscriber.sendError(TestError.boom)
        return nil
      }
    }
    let inners = Recorder<Recorder<Int>>()
    command.executionSignals.subscribe(next: { inners.append(.next(Recorder($0))) })
    let errors = Recorder(command.errors)
    let returned = command.execute(5)
    #expect(recorded(returned) == [.next(5), .error(TestError.boom)])
    #expect(inners.values.map(\.recorded) == [[.next(5), .completed]])
    #expect(errors.values.count == 1)
    #expect(errors.values.first as? TestError == .boom)
  }

  @Test("G91: values and completions are not sent on errors") func valuesAndCompletionsAreNotSentOnErrors() {
    let command = Command<Int, Int> { .just($0) }
    let errors = Recorder(command.errors)
    command.execute(1)
    command.execute(2)
    #expect(errors.events.isEmpty)
  }

  // MARK: G92 — enabled

  @Test("G92: enabled follows the latest value of its input sampled at init")
  func enabledFollowsTheLatestValueOfItsInputSampledAtInit() {
    let input = BehaviorSubject(false)
    let command = Command<Int, Int>(enabled: input.signal) { .just($0) }
    #expect(!command.isEnabled)
    let enabled = Recorder(command.enabled)
    #expect(enabled.values == [false])
    input.sendNext(true)
    #expect(enabled.values == [false, true])
    input.sendNext(false)
    #expect(enabled.values == [false, true, false])
  }

  @Test("G92: enabled is true before the inputs first value") func enabledIsTrueBeforeTheInputsFirstValue() {
    let input = Subject<Bool>()
    let command = Command<Int, Int>(enabled: input.signal) { .just($0) }
    let enabled = Recorder(command.enabled)
    #expect(enabled.values == [true])
    input.sendNext(false)
    #expect(enabled.values == [true, false])
  }

  @Test("G92: disabled while executing unless concurrent") func disabledWhileExecutingUnlessConcurrent() {
    let work = Subject<Int>()
    let serial = Command<Void, Int> { work.signal }
    let serialEnabled = Recorder(serial.enabled)
    serial.execute(())
    #expect(serialEnabled.values == [true, false])
    work.sendCompleted()
    #expect(serialEnabled.values == [true, false, true])

    let concurrentWork = Subject<Int>()
    let concurrent = Command<Void, Int>(allowsConcurrentExecution: true) { concurrentWork.signal }
    let concurrentEnabled = Recorder(concurrent.enabled)
    concurrent.execute(())
    concurrent.execute(())
    #expect(concurrentEnabled.values == [true])
    #expect(concurrent.isExecuting)
  }

  @Test("G92: executing while disabled fails without running the block or sending errors")
  func executingWhileDisabledFailsWithoutRunningTheBlockOrSendingErrors() {
    let calls = Counter()
    let command = Command<Int, Int>(enabled: .just(false)) { input in
      calls.increment()
      return .just(input)
    }
    let errors = Recorder(command.errors)
    let inners = Recorder(command.executionSignals)
    let executing = Recorder(command.executing)
    let result = command.execute(1)
    #expect(recorded(result) == [.failed("notEnabled")])
    #expect(Recorder(result).events.first?.error as? CommandError == .notEnabled)
    #expect(calls.value == 0)
    #expect(errors.events.isEmpty)
    #expect(inners.events.isEmpty)
    #expect(executing.values == [false])
  }

  @Test("G92: executing while running fails with not enabled") func executingWhileRunningFailsWithNotEnabled()
  {
    let work = Subject<Int>()
    let calls = Counter()
    let command = Command<Void, Int> {
      calls.increment()
      return work.signal
    }
    command.execute(())
    #expect(recorded(command.execute(())) == [.failed("notEnabled")])
    #expect(calls.value == 1)
  }

  @Test("G92: enabled completes on deallocation even if its input has not")
  func enabledCompletesOnDeallocationEvenIfItsInputHasNot() {
    let input = Subject<Bool>()
    let enabled = Recorder<Bool>()
    weak var weakCommand: Command<Int, Int>?
    do {
      let command = Command<Int, Int>(enabled: input.signal) { .just($0) }
      weakCommand = command
      enabled.subscribe(to: command.enabled)
      input.sendNext(false)
    }
    #expect(weakCommand == nil)
    #expect(enabled.recorded == [.next(true), .next(false), .completed])
  }

  // MARK: The contract

  @Test func enabledAndExecutingNeverRepeatAValue() {
    let input = Subject<Bool>()
    let command = Command<Int, Int>(enabled: input.signal) { .just($0) }
    let enabled = Recorder(command.enabled)
    let executing = Recorder(command.executing)
    for value in [true, true, false, false, true] { input.sendNext(value) }
    command.execute(1)
    command.execute(2)
    #expect(enabled.values == [true, false, true, false, true, false, true])
    #expect(executing.values == [false, true, false, true, false])
  }

  @Test func executeSubscribesOnceAtOnceAndReplaysToEverySubscriber() {
    let subscriptions = Counter()
    let work = Subject<Int>()
    let command = Command<Void, Int> {
      Signal { subscriber in
        subscriptions.increment()
        return work.signal.subscribe(subscriber)
      }
    }
    let result = command.execute(())
    #expect(subscriptions.value == 1)
    work.sendNext(1)
    let early = Recorder(result)
    work.sendNext(2)
    work.sendCompleted()
    let late = Recorder(result)
    #expect(subscriptions.value == 1)
    #expect(early.recorded == [.next(1), .next(2), .completed])
    #expect(late.recorded == [.next(1), .next(2), .completed])
  }

  @Test func anExecutionIsAnnouncedBeforeItsWorkStarts() {
    let log = Recorder<String>()
    let command = Command<Int, Int> { input in
      Signal { subscriber in
        log.append(.next("work \(input)"))
        subscriber.sendNext(input)
        subscriber.sendCompleted()
        return nil
      }
    }
    command.executing.subscribe(next: { log.append(.next("executing \($0)")) })
    command.enabled.subscribe(next: { log.append(.next("enabled \($0)")) })
    command.executionSignals.subscribe(next: { inner in
      log.append(.next("execution"))
      inner.subscribe(
        next: { log.append(.next("value \($0)")) }, completed: { log.append(.next("inner done")) })
    })
    command.execute(1).subscribe(completed: { log.append(.next("result done")) })
    #expect(
      log.values == [
        "executing false", "enabled true",
        "executing true", "enabled false", "execution", "work 1", "value 1",
        "executing false", "enabled true", "inner done", "result done",
      ])
  }

  @Test func theEndIsHeardAfterTheCommandIsEnabledAgain() {
    let command = Command<Int, Int> { .just($0) }
    let again = Guarded<[Recorded<Int>]>([])
    command.execute(1).subscribe(completed: {
      again.value = recorded(command.execute(2))
    })
    #expect(again.value == [.next(2), .completed])
  }

  @Test func anErrorsObserverCanRetryTheCommand() {
    let attempts = Counter()
    let command = Command<Void, Int> {
      attempts.increment() < 3 ? .error(TestError.boom) : .just(3)
    }
    command.errors.subscribe(next: { _ in command.execute(()) })
    let values = Recorder(command.executionSignals.flatten())
    command.execute(())
    #expect(attempts.value == 3)
    #expect(values.values == [3])
    #expect(command.isEnabled)
  }

  @Test func anObserverOfItsStateCanExecuteTheCommandAgain() {
    let runs = Counter()
    let command = Command<Int, Int>(allowsConcurrentExecution: true) { input in
      runs.increment()
      return .just(input)
    }
    command.executing.subscribe(next: { isExecuting in
      if isExecuting, runs.value < 3 { command.execute(0) }
    })
    let executing = Recorder(command.executing)
    command.execute(0)
    #expect(runs.value >= 2)
    #expect(executing.values.first == false)
    #expect(executing.values.last == false)
    #expect(!command.isExecuting)
    #expect(zip(executing.values, executing.values.dropFirst()).allSatisfy { $0 != $1 })
  }

  @Test func executionSignalsIsHot() {
    let command = Command<Int, Int> { .just($0) }
    command.execute(1)
    let inners = Recorder(command.executionSignals.flatten())
    command.execute(2)
    #expect(inners.values == [2])
  }

  @Test func aCommandCancelledByAnotherCommand() {
    let scheduler = TestScheduler()
    let cancel = Command<Void, Void> { .just(()) }
    let login = Command<String, String> { user in
      Signal.just("welcome \(user)")
        .delay(.seconds(2), on: scheduler)
        .take(until: cancel.executionSignals)
    }
    let result = Recorder(login.execute("ada"))
    scheduler.advance(by: .seconds(1))
    cancel.execute(())
    #expect(result.recorded == [.completed])
    #expect(!login.isExecuting)
    let second = Recorder(login.execute("grace"))
    scheduler.advance(by: .seconds(2))
    #expect(second.recorded == [.next("welcome grace"), .completed])
  }
}

/// Commands used from several threads; run under ThreadSanitizer.
@Suite struct CommandConcurrencyTests {
  @Test func racingExecutionsOfASerialCommandRunExactlyOnce() {
    for iteration in 0..<500 {
      let work = Subject<Int>()
      let calls = Counter()
      let command = Command<Int, Int> { _ in
        calls.increment()
        return work.signal
      }
      let refusals = Counter()
      DispatchQueue.concurrentPerform(iterations: 4) { index in
        command.execute(index).subscribe(error: { error in
          if error as? CommandError == .notEnabled { refusals.increment() }
        })
      }
      #expect(calls.value == 1, "iteration \(iteration)")
      #expect(refusals.value == 3, "iteration \(iteration)")
      work.sendCompleted()
      #expect(!command.isExecuting)
    }
  }

  @Test func concurrentExecutionsEndNotExecuting() {
    for iteration in 0..<200 {
      let command = Command<Int, Int>(allowsConcurrentExecution: true) { input in
        Signal { subscriber in
          DispatchQueue.global().async {
            subscriber.sendNext(input)
            subscriber.sendCompleted()
          }
          return nil
        }
      }
      let executing = Recorder(command.executing)
      let done = DispatchGroup()
      DispatchQueue.concurrentPerform(iterations: 4) { index in
        done.enter()
        command.execute(index).subscribe(completed: { done.leave() })
      }
      done.wait()
      let values = executing.values
      #expect(values.first == false && values.last == false, "iteration \(iteration): \(values)")
      #expect(zip(values, values.dropFirst()).allSatisfy { $0 != $1 }, "iteration \(iteration): \(values)")
      #expect(!command.isExecuting && command.isEnabled)
    }
  }

  @Test func releasingACommandWhileExecutionsEndOnOtherThreads() {
    for iteration in 0..<200 {
      let ended = Counter()
      let executing = Recorder<Bool>()
      let release = DispatchSemaphore(value: 0)
      let finished = DispatchGroup()
      do {
        let command = Command<Int, Int>(allowsConcurrentExecution: true) { input in
          Signal { subscriber in
            finished.enter()
            DispatchQueue.global().async {
              release.wait()
              subscriber.sendNext(input)
              subscriber.sendCompleted()
              finished.leave()
            }
            return nil
          }
        }
        executing.subscribe(to: command.executing)
        for index in 0..<3 {
          command.execute(index).subscribe(completed: { ended.increment() })
        }
      }
      // The command is gone; its executions end on other threads.
      for _ in 0..<3 { release.signal() }
      finished.wait()
      #expect(ended.value == 3, "iteration \(iteration)")
      #expect(executing.recorded == [.next(false), .next(true), .completed], "iteration \(iteration)")
    }
  }

  /// 8 threads execute a serial command that fails at random; the
  /// execution's values and error arrive before `executing` sends `false`,
  /// and no error is lost.
  @Test func eachExecutionsEventsArriveBeforeTheCommandIsAtRest() {
    enum Seen: Equatable {
      case value(Int)
      case error(Int)
      case executing(Bool)
      case enabled(Bool)
    }
    struct Failure: Error { let id: Int }
    for iteration in 0..<20 {
      let command = Command<Int, Int> { id in
        id % 3 == 0 ? Signal.error(Failure(id: id)) : Signal.just(id)
      }
      let log = Guarded<[Seen]>([])
      let started = Guarded<[Int]>([])
      // Each execution's signal, subscribed as it is sent (before the
      // execution runs): its values arrive on the executing thread. (Through
      // `flatten()` a value may be handed to another thread that is already
      // delivering, and arrive later: that is flatten's timing, not the
      // command's.)
      command.executionSignals.subscribe(next: { execution in
        execution.subscribe(next: { id in log.mutate { $0.append(.value(id)) } })
      })
      command.errors.subscribe(next: { error in
        log.mutate { $0.append(.error((error as? Failure)?.id ?? -1)) }
      })
      command.executing.subscribe(next: { value in log.mutate { $0.append(.executing(value)) } })
      command.enabled.subscribe(next: { value in log.mutate { $0.append(.enabled(value)) } })
      onThreads(8) { thread in
        for round in 0..<40 {
          let id = thread * 1_000 + round
          if command.isEnabled {
            command.execute(id).subscribe(
              error: { error in
                if error as? CommandError != .notEnabled { started.mutate { $0.append(id) } }
              }, completed: { started.mutate { $0.append(id) } })
          }
        }
      }
      let events = log.value
      let failed = started.value.filter { $0 % 3 == 0 }
      let errors = events.compactMap { if case .error(let id) = $0 { id } else { nil } }
      #expect(errors.sorted() == failed.sorted(), "iteration \(iteration): an error was lost")
      // Every value and error comes between an `executing(true)` and the
      // `executing(false)` that follows it (executions that follow each
      // other at once may share one), never after.
      var running = false
      var pending = 0
      for event in events {
        switch event {
        case .executing(let value):
          if !value, running { #expect(pending >= 1, "iteration \(iteration): at rest before any event") }
          running = value
          pending = 0
        case .value, .error:
          #expect(running, "iteration \(iteration): an event after the command was at rest")
          pending += 1
        case .enabled: break
        }
      }
    }
  }

  @Test func eventsAreSentOnTheThreadThatCausedThem() {
    let work = Subject<Int>()
    let command = Command<Void, Int> { work.signal }
    let threads = Mutex<[String: UInt]>([:])
    command.executing.skip(1).subscribe(next: { executing in
      let id = CommandTestThreads.currentID()
      threads.withLock { $0["executing \(executing)"] = id }
    })
    command.errors.subscribe(next: { _ in
      let id = CommandTestThreads.currentID()
      threads.withLock { $0["error"] = id }
    })
    // The caller thread stays alive while the worker runs, so that the two
    // identifiers cannot be the same recycled one.
    let executed = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)
    let callerID = Mutex<UInt>(0)
    Thread {
      callerID.withLock { $0 = CommandTestThreads.currentID() }
      command.execute(())
      executed.signal()
      release.wait()
    }.start()
    executed.wait()
    let worker = CommandTestThreads.run { work.sendError(TestError.boom) }
    release.signal()
    let caller = callerID.withLock { $0 }
    #expect(caller != worker)
    #expect(
      threads.withLock { $0 } == [
        "executing true": caller, "executing false": worker, "error": worker,
      ])
  }

  @Test func subscribersThatExecuteOnTheirFirstValueRaceExecutionsWithoutDeadlock() {
    for iteration in 0..<20 {
      let command = Command<Int, Int>(allowsConcurrentExecution: true) { .just($0) }
      let runs = Counter()
      DispatchQueue.concurrentPerform(iterations: 4) { index in
        for _ in 0..<100 {
          if index % 2 == 0 {
            // The first value arrives during the subscription: executing
            // from it must not wait for a thread announcing a change.
            command.executing.take(1).subscribe(next: { _ in
              command.execute(index)
              runs.increment()
            })
          } else {
            command.execute(index)
          }
        }
      }
      #expect(runs.value == 200, "iteration \(iteration)")
      #expect(!command.isExecuting && command.isEnabled, "iteration \(iteration)")
    }
  }

  @Test func theEnabledInputChangingOnOtherThreads() {
    for iteration in 0..<200 {
      let input = Subject<Bool>()
      let command = Command<Int, Int>(enabled: input.signal) { .just($0) }
      let enabled = Recorder(command.enabled)
      DispatchQueue.concurrentPerform(iterations: 4) { index in
        for step in 0..<10 { input.sendNext((index + step) % 2 == 0) }
        command.execute(index)
      }
      input.sendNext(true)
      let values = enabled.values
      #expect(values.last == true, "iteration \(iteration)")
      #expect(zip(values, values.dropFirst()).allSatisfy { $0 != $1 }, "iteration \(iteration): \(values)")
    }
  }
}
