// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

import Dispatch
import Foundation
import LazySeqSignals
import LazySeqTestSupport
import Synchronization
import Testing

/// An app's own lock, taken with a timeout: a deadlock between it and the
/// library becomes a failed test (the waiter gives up), not a hung suite.
private final class AppLock: Sendable {
  private let lock = NSLock()

  /// Takes the lock, waiting at most `seconds`; `false` if it timed out.
  func take(within seconds: Double = 5) -> Bool {
    lock.lock(before: Date(timeIntervalSinceNow: seconds))
  }

  func release() { lock.unlock() }
}

/// The shape of every lock-order deadlock: thread B runs user code for
/// `source` (a callback, a `didSubscribe`, a teardown) that needs the app
/// lock, while thread A, holding the app lock, does something to the same
/// source (subscribes, disposes, connects). With the library's lock held
/// around B's user code, A waits for B and B for A.
///
/// - Parameters:
///   - enter: runs on thread B; starts the library work whose user code
///     calls the closure it receives (once).
///   - act: runs on thread A while it holds the app lock and B waits for it.
/// - Returns: whether B got the app lock (it times out on a deadlock) and
///   A's action returned.
private func userCodeWaitsForAnAppLockHeldByAThreadThat(
  enter: @escaping @Sendable (_ userCode: @escaping @Sendable () -> Void) -> Void,
  act: @escaping @Sendable () -> Void
) -> Bool {
  let appLock = AppLock()
  let inUserCode = DispatchSemaphore(value: 0)
  let finished = DispatchSemaphore(value: 0)
  let gotLock = Guarded<Bool?>(nil)
  #expect(appLock.take())
  Thread {
    let once = OnceFlag()
    enter {
      guard once.set() else { return }
      inUserCode.signal()
      let taken = appLock.take()
      if taken { appLock.release() }
      gotLock.value = taken
    }
    finished.signal()
  }.start()
  guard inUserCode.wait(timeout: .now() + 10) == .success else {
    appLock.release()
    Issue.record("thread B never reached the user code")
    return false
  }
  let acted = DispatchSemaphore(value: 0)
  Thread {
    act()
    acted.signal()
  }.start()
  // A deadlock shows here: A's action waits for B, who waits for the lock.
  let actedInTime = acted.wait(timeout: .now() + 10) == .success
  appLock.release()
  let finishedInTime = finished.wait(timeout: .now() + 10) == .success
  return actedInTime && finishedInTime && gotLock.value == true
}

/// A flag set once; a small helper for the user code above.
private final class OnceFlag: Sendable {
  private let flag = Atomic(false)
  func set() -> Bool { !flag.exchange(true, ordering: .acquiringAndReleasing) }
}

/// No user code runs under a lock that subscribing, disposing, connecting or
/// sending to another subscription needs.
@Suite struct DeadlockFreedomConcurrencyTests {
  // MARK: Subscribing never waits for another subscriber's callback

  @Test func subscribingToAReplaySubjectDoesNotWaitForAReplayInProgress() {
    let subject = ReplaySubject<Int>(capacity: 1)
    subject.sendNext(1)
    let ok = userCodeWaitsForAnAppLockHeldByAThreadThat(
      enter: { userCode in subject.signal.subscribe(next: { _ in userCode() }) },
      act: { subject.signal.subscribe() })
    #expect(ok)
  }

  @Test func subscribingToABehaviorSubjectDoesNotWaitForAReplayInProgress() {
    let subject = BehaviorSubject(0)
    let ok = userCodeWaitsForAnAppLockHeldByAThreadThat(
      enter: { userCode in subject.signal.subscribe(next: { _ in userCode() }) },
      act: { subject.signal.subscribe() })
    #expect(ok)
  }

  @Test func subscribingToAPlainSubjectDoesNotWaitForALiveDelivery() {
    let subject = Subject<Int>()
    let hook = Guarded<(@Sendable () -> Void)?>(nil)
    subject.signal.subscribe(next: { _ in hook.value?() })
    let ok = userCodeWaitsForAnAppLockHeldByAThreadThat(
      enter: { userCode in
        hook.value = userCode
        subject.sendNext(1)
      },
      act: { subject.signal.subscribe() })
    #expect(ok)
  }

  @Test func subscribingToASharedSignalDoesNotWaitForAReplayInProgress() {
    let source = Subject<Int>()
    let shared = source.signal.share(replay: 1)
    let keep = shared.subscribe()
    source.sendNext(1)
    let ok = userCodeWaitsForAnAppLockHeldByAThreadThat(
      enter: { userCode in shared.subscribe(next: { _ in userCode() }) },
      act: { shared.subscribe() })
    #expect(ok)
    keep.dispose()
  }

  @Test func subscribingToReplayLastDoesNotWaitForAReplayInProgress() {
    let source = Subject<Int>()
    let replayed = source.signal.replayLast()
    source.sendNext(1)
    let ok = userCodeWaitsForAnAppLockHeldByAThreadThat(
      enter: { userCode in replayed.subscribe(next: { _ in userCode() }) },
      act: { replayed.subscribe() })
    #expect(ok)
  }

  @Test func subscribingToAPropertyDoesNotWaitForItsCurrentValueBeingSent() {
    let property = MutableProperty(0)
    let ok = userCodeWaitsForAnAppLockHeldByAThreadThat(
      enter: { userCode in property.signal.subscribe(next: { _ in userCode() }) },
      act: { property.signal.subscribe() })
    #expect(ok)
  }

  @Test func subscribingToAPropertyDoesNotWaitForAChangeBeingDelivered() {
    let property = MutableProperty(0)
    let hook = Guarded<(@Sendable () -> Void)?>(nil)
    property.changes.subscribe(next: { _ in hook.value?() })
    let ok = userCodeWaitsForAnAppLockHeldByAThreadThat(
      enter: { userCode in
        hook.value = userCode
        property.value = 1
      },
      act: {
        property.signal.subscribe()
        _ = property.value
      })
    #expect(ok)
  }

  @Test func subscribingToACommandsStateDoesNotWaitForItsAnnouncement() {
    let command = Command<Int, Int> { input in Signal.just(input) }
    let ok = userCodeWaitsForAnAppLockHeldByAThreadThat(
      enter: { userCode in command.executing.subscribe(next: { _ in userCode() }) },
      act: {
        command.enabled.subscribe()
        command.executing.subscribe()
      })
    #expect(ok)
  }

  // MARK: The shapes RxSwift fixed in 2026

  @Test func connectingWhileASourceSubscribesWithTheAppLock() {
    let subscribed = Guarded(0)
    let hook = Guarded<(@Sendable () -> Void)?>(nil)
    let source = Signal<Int> { subscriber in
      subscribed.mutate { $0 += 1 }
      hook.value?()
      subscriber.sendNext(1)
      return nil
    }
    let connection = source.publish()
    let ok = userCodeWaitsForAnAppLockHeldByAThreadThat(
      enter: { userCode in
        hook.value = userCode
        connection.connect()
      },
      act: {
        connection.signal.subscribe()
        connection.connect()
      })
    #expect(ok)
    #expect(subscribed.value == 1)
  }

  @Test func joiningARefcountedShareWhileItsSourceSubscribesWithTheAppLock() {
    let hook = Guarded<(@Sendable () -> Void)?>(nil)
    let source = Signal<Int> { subscriber in
      hook.value?()
      return nil
    }
    let shared = source.share()
    let ok = userCodeWaitsForAnAppLockHeldByAThreadThat(
      enter: { userCode in
        hook.value = userCode
        shared.subscribe()
      },
      act: { shared.subscribe().dispose() })
    #expect(ok)
  }

  @Test func joiningAShareWhileItsSourceIsTornDownWithTheAppLock() {
    let hook = Guarded<(@Sendable () -> Void)?>(nil)
    let source = Signal<Int> { _ in
      AnyDisposable { hook.value?() }
    }
    let shared = source.share()
    let first = shared.subscribe()
    let ok = userCodeWaitsForAnAppLockHeldByAThreadThat(
      enter: { userCode in
        hook.value = userCode
        first.dispose()
      },
      act: { shared.subscribe().dispose() })
    #expect(ok)
  }

  @Test func disposingACombinerWhileItDeliversWithTheAppLock() {
    let left = Subject<Int>()
    let right = Subject<Int>()
    let hook = Guarded<(@Sendable () -> Void)?>(nil)
    let combined = left.signal.combineLatest(with: right.signal)
      .subscribe(next: { _ in hook.value?() })
    right.sendNext(0)
    let ok = userCodeWaitsForAnAppLockHeldByAThreadThat(
      enter: { userCode in
        hook.value = userCode
        left.sendNext(1)
      },
      act: {
        combined.dispose()
        right.sendNext(2)
      })
    #expect(ok)
  }

  @Test func sendingToAnotherSubscriptionWhileACallbackWaitsForTheAppLock() {
    let subject = Subject<Int>()
    let other = Subject<Int>()
    let hook = Guarded<(@Sendable () -> Void)?>(nil)
    subject.signal.subscribe(next: { _ in hook.value?() })
    other.signal.subscribe()
    let ok = userCodeWaitsForAnAppLockHeldByAThreadThat(
      enter: { userCode in
        hook.value = userCode
        subject.sendNext(1)
      },
      act: {
        other.sendNext(1)
        subject.signal.take(1).subscribe()
      })
    #expect(ok)
  }

  @Test func concurrentFirstSubscriptionsOfALazyReplay() {
    let hook = Guarded<(@Sendable () -> Void)?>(nil)
    let source = Signal<Int> { subscriber in
      hook.value?()
      subscriber.sendNext(1)
      return nil
    }
    let replayed = source.replayLazily()
    let ok = userCodeWaitsForAnAppLockHeldByAThreadThat(
      enter: { userCode in
        hook.value = userCode
        replayed.subscribe()
      },
      act: { replayed.subscribe() })
    #expect(ok)
  }

  // MARK: Two subjects whose subscribers subscribe to each other

  /// Each thread delivers one subject while its subscriber subscribes to
  /// the other: with subscription waiting for the delivering gate, the two
  /// threads wait for each other (on Linux the mutex reports it as a
  /// recursive lock and the process traps), so the scenario runs in a child
  /// process with a watchdog.
  @Test func subjectsWhoseSubscribersSubscribeToEachOtherOnTwoThreads() async {
    await #expect(processExitsWith: .success) {
      Thread {
        Thread.sleep(forTimeInterval: 60)
        exit(3)  // hung
      }.start()
      for _ in 0..<200 {
        let first = Subject<Int>()
        let second = Subject<Int>()
        let a = first.signal.flatMap { _ in second.signal.take(1) }.subscribe()
        let b = second.signal.flatMap { _ in first.signal.take(1) }.subscribe()
        onThreads(2) { index in
          for value in 0..<20 {
            if index == 0 { first.sendNext(value) } else { second.sendNext(value) }
          }
        }
        a.dispose()
        b.dispose()
      }
      exit(0)
    }
  }

  // MARK: A storm

  /// 8 threads send to, subscribe to and dispose subscriptions of four
  /// subjects of every kind at random, with callbacks that take app locks
  /// and subscribe to each other from inside deliveries. No thread hangs or
  /// traps, no app lock times out, and every subscription that lives to the
  /// end receives each sender's values once, in order, with none missing
  /// after the first it received.
  @Test func randomGraphsOfSubscribersThatLockAndSubscribeToEachOther() {
    let threads = 8
    let rounds = 300
    let replay = ReplaySubject<Tagged>(capacity: 1)
    let subjects: [Subject<Tagged>] = [
      Subject(), replay, BehaviorSubject(Tagged(sender: -1, seq: 0)), Subject(),
    ]
    let appLocks = [AppLock(), AppLock()]
    let timeouts = Guarded(0)
    let finished = DispatchGroup()
    let logs = Guarded<[SubscriberLog]>([])
    let lastSent = Guarded([[Int]](repeating: [Int](repeating: -1, count: 4), count: threads))

    for thread in 0..<threads {
      finished.enter()
      Thread {
        var random = SplitMix64(seed: UInt64(thread) &* 0x9E37_79B9 &+ 7)
        var mine: [any Disposable] = []
        var seq = [Int](repeating: 0, count: subjects.count)
        for _ in 0..<rounds {
          let target = Int(random.next() % UInt64(subjects.count))
          switch random.next() % 4 {
          case 0, 1:
            subjects[target].sendNext(Tagged(sender: thread, seq: seq[target]))
            lastSent.mutate { $0[thread][target] = seq[target] }
            seq[target] += 1
          case 2:
            let log = SubscriberLog(subject: target, kept: random.next() % 2 == 0)
            let lock = appLocks[Int(random.next() % 2)]
            let other = subjects[Int(random.next() % UInt64(subjects.count))]
            let nests = random.next() % 3 == 0
            let disposable = subjects[target].signal.subscribe(next: { value in
              log.record(value)
              guard value.seq % 5 == 0 else { return }
              // Subscribes while holding an app lock that other callbacks
              // take: it must never wait for them.
              guard lock.take() else {
                timeouts.mutate { $0 += 1 }
                return
              }
              if nests { other.signal.take(1).subscribe() }
              lock.release()
            })
            if log.kept { logs.mutate { $0.append(log) } } else { mine.append(disposable) }
          default:
            if !mine.isEmpty { mine.remove(at: Int(random.next() % UInt64(mine.count))).dispose() }
          }
        }
        finished.leave()
      }.start()
    }
    let completed = finished.wait(timeout: .now() + 120) == .success
    #expect(completed, "a thread hung")
    guard completed else { return }
    #expect(timeouts.value == 0)
    let sent = lastSent.value
    for log in logs.value {
      for (sender, values) in log.bySender() where sender >= 0 {
        let expected = Array(values[0]...sent[sender][log.subject])
        #expect(values == expected, "subject \(log.subject), sender \(sender)")
      }
    }
  }
}

/// A value tagged with the thread that sent it and its number among that
/// thread's sends to one subject.
private struct Tagged: Sendable {
  let sender: Int
  let seq: Int
}

/// What one subscriber of the storm received.
private final class SubscriberLog: Sendable {
  let subject: Int
  let kept: Bool
  private let values = Mutex<[Tagged]>([])

  init(subject: Int, kept: Bool) {
    self.subject = subject
    self.kept = kept
  }

  func record(_ value: Tagged) { values.withLock { $0.append(value) } }

  /// The numbers received from each sender, in the order received.
  func bySender() -> [Int: [Int]] {
    values.withLock { values in
      Dictionary(grouping: values, by: \.sender).mapValues { $0.map(\.seq) }
    }
  }
}
