// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

import LazySeqSignals
import LazySeqTestSupport
import Synchronization
import Testing

/// What an execution closure captures decides whether the object owning the
/// command can be released.
@Suite struct CommandRetentionTests {
  struct Service: Sendable {
    func run(_ input: Int) -> Signal<Int> { .just(input * 2) }
  }

  final class CapturesItsService: Sendable {
    let service = Service()
    let command: Command<Int, Int>

    init() {
      command = Command { [service] input in service.run(input) }
    }
  }

  final class CapturesItself: Sendable {
    let service = Service()
    let command = Mutex<Command<Int, Int>?>(nil)

    func start() {
      command.withLock { $0 = Command { input in self.service.run(input) } }
    }
  }

  @Test func aClosureCapturingTheServiceLetsTheOwnerGo() throws {
    weak var released: CapturesItsService?
    do {
      let owner = CapturesItsService()
      released = owner
      #expect(try owner.command.execute(2).toArray() == [4])
    }
    #expect(released == nil)
  }

  @Test func aClosureCapturingItsOwnerStronglyKeepsItAlive() throws {
    weak var leaked: CapturesItself?
    do {
      let owner = CapturesItself()
      owner.start()
      leaked = owner
      #expect(try owner.command.withLock { $0! }.execute(2).toArray() == [4])
    }
    // The documented cycle: owner → command → closure → owner.
    #expect(leaked != nil)
    leaked?.command.withLock { $0 = nil }  // break it, so the test leaks nothing
    #expect(leaked == nil)
  }
}
