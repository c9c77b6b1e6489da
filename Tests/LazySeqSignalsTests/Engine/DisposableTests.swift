// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

import LazySeqSignals
import LazySeqTestSupport
import Testing

/// Disposables (G85–G87).
@Suite struct DisposableTests {
  @Test("G85: any disposable") func anyDisposable() {
    let flag = AnyDisposable()
    #expect(!flag.isDisposed)
    flag.dispose()
    #expect(flag.isDisposed)
    let runs = Guarded(0)
    let action = AnyDisposable { runs.value += 1 }
    action.dispose()
    action.dispose()
    #expect(runs.value == 1)
    let notRun = Guarded(0)
    do { _ = AnyDisposable { notRun.value += 1 } }
    #expect(notRun.value == 0)
  }

  @Test("G85: scoped disposable disposes on deinit") func scopedDisposableDisposesOnDeinit() {
    let inner = AnyDisposable()
    do { _ = ScopedDisposable(inner) }
    #expect(inner.isDisposed)
    let other = AnyDisposable()
    do { _ = other.scoped() }
    #expect(other.isDisposed)
  }

  @Test("G86: compound disposable") func compoundDisposable() {
    let children = (0..<3).map { _ in AnyDisposable() }
    let compound = CompoundDisposable(children)
    let added = AnyDisposable()
    compound.add(added)
    let removed = AnyDisposable()
    compound.add(removed)
    compound.remove(removed)
    compound.dispose()
    #expect(children.allSatisfy { $0.isDisposed })
    #expect(added.isDisposed)
    #expect(!removed.isDisposed)
    let late = AnyDisposable()
    compound.add(late)
    #expect(late.isDisposed)
  }

  @Test("G87: serial disposable") func serialDisposable() {
    let serial = SerialDisposable()
    #expect(serial.inner == nil)
    let first = AnyDisposable()
    serial.inner = first
    first.dispose()
    #expect(!serial.isDisposed)
    let second = AnyDisposable()
    let old = serial.swap(second)
    #expect(old === first)
    serial.inner = nil
    #expect(serial.inner == nil)
    serial.inner = second
    #expect(!second.isDisposed)
    serial.dispose()
    #expect(second.isDisposed)
    #expect(serial.inner == nil)
    let late = AnyDisposable()
    serial.inner = late
    #expect(late.isDisposed)
    #expect(serial.inner == nil)
  }

  @Test("G87: serial disposable releases its inner") func serialDisposableReleasesItsInner() {
    weak var weakInner: AnyDisposable?
    let serial = SerialDisposable()
    do {
      let inner = AnyDisposable()
      weakInner = inner
      serial.inner = inner
    }
    #expect(weakInner != nil)
    serial.dispose()
    #expect(weakInner == nil)
  }

  @Test func disposablesReleaseTheirActionOnDispose() {
    final class Token: Sendable {}
    weak var weakToken: Token?
    let disposable: AnyDisposable
    do {
      let token = Token()
      weakToken = token
      disposable = AnyDisposable { withExtendedLifetime(token) {} }
    }
    #expect(weakToken != nil)
    disposable.dispose()
    #expect(weakToken == nil)
  }
}
