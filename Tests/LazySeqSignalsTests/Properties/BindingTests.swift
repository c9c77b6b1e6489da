// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

import Dispatch
import Foundation
import LazySeqSignals
import LazySeqTestSupport
import Synchronization
import Testing

/// `<~` and `Signal.bind(to:_:)` (RAC's `RAC(object, key) = signal`).
@Suite struct BindingTests {
  /// `subject.signal`, counting how many of its subscriptions were disposed.
  func tracked<T: Sendable>(_ subject: Subject<T>, disposals: Counter) -> Signal<T> {
    Signal { subscriber in
      let subscription = subject.signal.subscribe(subscriber)
      return AnyDisposable {
        disposals.increment()
        subscription.dispose()
      }
    }
  }

  @Test func aSignalBoundToAProperty() {
    let source = Subject<Int>()
    let target = MutableProperty(0)
    let changes = Recorder(target.changes)
    let binding = target <~ source.signal
    source.sendNext(1)
    source.sendNext(2)
    #expect(target.value == 2)
    binding.dispose()
    source.sendNext(3)
    #expect(target.value == 2)
    #expect(changes.values == [1, 2])
  }

  @Test func theBindingEndsWhenTheSignalTerminates() {
    let source = Subject<Int>()
    let target = MutableProperty(0)
    let binding = target <~ source.signal
    source.sendNext(1)
    source.sendError(TestError.boom)
    #expect(binding.isDisposed)
    #expect(target.value == 1)
  }

  @Test func theBindingEndsWhenTheTargetIsDeallocated() {
    let source = Subject<Int>()
    let disposals = Counter()
    weak var weakTarget: MutableProperty<Int>?
    var binding: (any Disposable)?
    do {
      let target = MutableProperty(0)
      weakTarget = target
      let bound = target <~ tracked(source, disposals: disposals)
      binding = bound
      source.sendNext(1)
      #expect(target.value == 1)
    }
    #expect(weakTarget == nil)
    #expect(disposals.value == 1)
    #expect(binding?.isDisposed == true)
  }

  @Test func aPropertyBoundToAProperty() {
    let source = MutableProperty("a")
    let target = MutableProperty("")
    target <~ source
    #expect(target.value == "a")
    source.value = "b"
    #expect(target.value == "b")
    let readOnly = Property(initial: 1, then: .never)
    let number = MutableProperty(0)
    number <~ readOnly
    #expect(number.value == 1)
  }

  @Test func aPropertyBindingRetainsNeitherSide() {
    weak var weakSource: MutableProperty<Int>?
    weak var weakTarget: MutableProperty<Int>?
    let target = MutableProperty(0)
    weakTarget = target
    var binding: (any Disposable)?
    do {
      let source = MutableProperty(5)
      weakSource = source
      let bound = target <~ source
      binding = bound
      source.value = 6
    }
    #expect(weakSource == nil)
    #expect(target.value == 6)
    #expect(binding?.isDisposed == true)
    #expect(weakTarget != nil)
  }

  @Test func bindingsChain() {
    let model = MutableProperty(1)
    let middle = MutableProperty(0)
    let view = MutableProperty(0)
    view <~ middle
    middle <~ model.signal.map { $0 * 10 }
    model.value = 2
    #expect(view.value == 20)
  }

  @Test func bindToAKeyPath() {
    let screen = BoundScreen()
    let titles = Subject<String>()
    let binding = titles.signal.bind(to: screen, \.title)
    titles.sendNext("Inbox")
    #expect(screen.title == "Inbox")
    titles.sendNext("Sent")
    #expect(screen.title == "Sent")
    binding.dispose()
    titles.sendNext("Drafts")
    #expect(screen.title == "Sent")
  }

  @Test func bindToAKeyPathEndsWhenTheSignalTerminates() {
    let screen = BoundScreen()
    let binding = signal([1, 2, 3]).bind(to: screen, \.count)
    #expect(screen.count == 3)
    #expect(binding.isDisposed)
    let failing = Subject<Int>()
    let second = failing.signal.bind(to: screen, \.count)
    failing.sendError(TestError.boom)
    #expect(second.isDisposed)
  }

  @Test func bindToAKeyPathHoldsTheObjectWeaklyAndEndsWhenItIsGone() {
    let counts = Subject<Int>()
    let disposals = Counter()
    weak var weakScreen: BoundScreen?
    var binding: (any Disposable)?
    do {
      let screen = BoundScreen()
      weakScreen = screen
      binding = tracked(counts, disposals: disposals).bind(to: screen, \.count)
      counts.sendNext(1)
      #expect(screen.count == 1)
    }
    #expect(weakScreen == nil)
    #expect(binding?.isDisposed == false)
    // The binding notices the deallocation at the next value.
    counts.sendNext(2)
    #expect(disposals.value == 1)
    #expect(binding?.isDisposed == true)
  }

  @Test func theBindingOperatorIsRightAssociativeAndLooserThanOtherOperators() {
    let a = MutableProperty(0)
    let values = Subject<Int>()
    a <~ values.signal.map { $0 + 1 }.filter { $0 > 1 }
    values.sendNext(0)
    values.sendNext(4)
    #expect(a.value == 5)
  }
}

/// Bindings fed from several threads; run under ThreadSanitizer.
@Suite struct BindingConcurrencyTests {
  @Test func bindingsFromManyThreads() {
    let target = MutableProperty(0)
    let sources = (0..<4).map { _ in Subject<Int>() }
    for source in sources { target <~ source.signal }
    let seen = Recorder(target.changes)
    DispatchQueue.concurrentPerform(iterations: sources.count) { index in
      for step in 1...100 { sources[index].sendNext(step) }
    }
    #expect(target.value == 100)
    #expect(seen.values.count == 400)
    let screen = BoundScreen()
    let titles = Subject<String>()
    titles.signal.bind(to: screen, \.title)
    CommandTestThreads.run { titles.sendNext("from another thread") }
    #expect(screen.title == "from another thread")
  }
}
