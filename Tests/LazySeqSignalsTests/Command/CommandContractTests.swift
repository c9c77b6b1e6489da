// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// Every name and signature of `Command` and the properties (Docs/Commands.md),
// used as written, with explicit types, so that a renamed or reshaped member
// fails to compile.

import LazySeqSignals
import LazySeqTestSupport
import Synchronization
import Testing

@Suite("API contract: Command and properties")
struct CommandContractTests {
  @Test("Command")
  func command() {
    let enabledInput: Signal<Bool>? = nil
    let full: Command<Int, String> = Command<Int, String>(
      enabled: enabledInput, allowsConcurrentExecution: false,
      execute: { (input: Int) -> Signal<String> in .just("\(input)") })
    let defaults = Command<Int, String> { .just("\($0)") }
    let execution: Signal<String> = full.execute(1)
    defaults.execute(2)  // @discardableResult
    let executionSignals: Signal<Signal<String>> = full.executionSignals
    let errors: Signal<any Error> = full.errors
    let executing: Signal<Bool> = full.executing
    let enabled: Signal<Bool> = full.enabled
    let error: CommandError = .notEnabled
    let asError: any Error = error
    let isEquatable: Bool = error == CommandError.notEnabled
    #expect(recorded(execution) == [.next("1"), .completed])
    #expect(Recorder(executionSignals).events.isEmpty)
    #expect(Recorder(errors).events.isEmpty)
    #expect(recorded(executing) == [.next(false)])
    #expect(recorded(enabled) == [.next(true)])
    #expect(asError is CommandError && isEquatable)
  }

  @Test("MutableProperty, Property and PropertyProtocol")
  func properties() {
    let mutable: MutableProperty<Int> = MutableProperty(1)
    mutable.value = 2
    let read: Int = mutable.value
    let result: String = mutable.modify { (value: inout Int) -> String in
      value += 1
      return "\(value)"
    }
    mutable.modify { $0 += 1 }  // @discardableResult
    let constant: Property<Int> = Property(value: 1)
    let following: Property<Int> = Property(initial: 0, then: Signal<Int>.just(5))
    let view: Property<Int> = Property(mutable)
    let mapped: Property<String> = view.map { (value: Int) -> String in "\(value)" }
    let protocolValue: any PropertyProtocol<Int> = mutable
    let value: Int = protocolValue.value
    let signal: Signal<Int> = protocolValue.signal
    let changes: Signal<Int> = protocolValue.changes
    func generic<P: PropertyProtocol>(_ property: P) -> P.Value { property.value }
    #expect(read == 2 && result == "3" && value == 4)
    #expect(constant.value == 1 && following.value == 5 && mapped.value == "4")
    #expect(generic(view) == 4)
    #expect(recorded(signal) == [.next(4)])
    #expect(Recorder(changes).events.isEmpty)
  }

  @Test("Bindings")
  func bindings() {
    final class Box: Sendable {
      private let storage = Mutex("")
      var text: String {
        get { storage.withLock { $0 } }
        set { storage.withLock { $0 = newValue } }
      }
    }
    let target = MutableProperty(0)
    let fromSignal: any Disposable = target <~ Signal<Int>.just(1)
    let source = MutableProperty(2)
    let fromProperty: any Disposable = target <~ source
    target <~ Signal<Int>.just(3)  // @discardableResult
    let box = Box()
    let bound: any Disposable = Signal<String>.just("hi").bind(to: box, \Box.text)
    Signal<String>.just("ho").bind(to: box, \.text)  // @discardableResult
    #expect(fromSignal.isDisposed && !fromProperty.isDisposed && bound.isDisposed)
    #expect(target.value == 3 && box.text == "ho")
  }
}
