// modes: default
// Must not compile: a local `var` mutated in a subscribe closure of a signal
// that sends on another thread. Signal closures are @Sendable: the closure
// runs on the scheduler's queue while this function reads `count`. Counting
// with a Mutex, a MutableProperty<Int> or a `for try await` loop over
// `values` compiles. In a module with main-actor default isolation the
// function and its callback belong to the main actor, where the callback
// runs: correct there, so this probe is checked in the default mode only.
import LazySeq
import LazySeqSignals

func countValues() {
  var count = 0
  let numbers = Signal(Seq(1...100), on: QueueScheduler(label: "numbers"))
  numbers.subscribe(next: { _ in count += 1 })  // rejected: mutation of a captured var in concurrent code
  print(count)
}
