// Must not compile: distinctUntilChanged(by:) over two merged subjects of a
// non-Sendable class, each fed from its own task. The operator keeps the
// last value it sent and compares the next one with it, so task 2 would read
// the reading task 1 sent (and still mutates) on its own thread. Keeping a
// value, to compare, combine or replay it, requires Value: Sendable.
// The class is `nonisolated`: with main-actor default isolation an
// unannotated class is main-actor isolated, and so Sendable.
import LazySeqSignals

nonisolated final class Reading {
  var value = 0
}

nonisolated func watch() {
  let first = Subject<Reading>()
  let second = Subject<Reading>()
  _ = Signal.merge(first.signal, second.signal)
    .distinctUntilChanged { $0.value == $1.value }  // rejected: requires Reading: Sendable
    .subscribe(Subscriber(next: { reading in _ = reading.value }))
  Task.detached {
    let reading = Reading()
    first.sendNext(reading)
    reading.value += 1
  }
  Task.detached {
    let reading = Reading()
    second.sendNext(reading)
    reading.value += 1
  }
}
