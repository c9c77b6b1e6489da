// Must not compile: a script's top-level `var` mutated in a subscribe closure
// of a signal that sends on another thread. Top-level variables belong to the
// main actor and the closure runs on the scheduler's queue. After
// deliverOnMainThread() (see
// accept/main-thread-signal-updating-top-level-var.swift) it compiles.
import LazySeq
import LazySeqSignals

var count = 0
let numbers = Signal(Seq(1...100), on: QueueScheduler(label: "numbers"))
numbers.subscribe(next: { _ in count += 1 })  // rejected: main-actor state mutated off the main actor
