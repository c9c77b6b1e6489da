// Must compile: a script's top-level `var` updated in a subscribe closure of
// a signal that sends on another thread. Top-level code is main-actor code,
// so the callback runs on the main actor, where the variable lives.
// (Rejected when terminal callbacks were plain @Sendable closures.)
import LazySeq
import LazySeqSignals

var count = 0
let numbers = Signal(Seq(1...100), on: QueueScheduler(label: "numbers"))
numbers.subscribe(next: { _ in count += 1 })
