// Must compile: a script collects values from a background signal into a
// top-level `var` after deliverOnMainThread(); the main-thread signal's
// map, filter and subscribe take @MainActor closures.
import LazySeq
import LazySeqSignals

var received: [Int] = []
Signal(Seq(1...5), on: QueueScheduler(label: "numbers"))
  .deliverOnMainThread()
  .filter { $0 % 2 == 1 }
  .map { $0 * 10 }
  .subscribe(next: { received.append($0) })
