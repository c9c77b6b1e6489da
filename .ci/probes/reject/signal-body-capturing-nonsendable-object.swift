// Must not compile: a Signal whose subscription body captures a non-Sendable
// object. The body runs once per subscription, on each subscriber's thread,
// so Signal.init(_ didSubscribe:) takes a @Sendable closure.
import LazySeqSignals

final class Cursor {
  var position = 0
}

func positions(from cursor: Cursor) -> Signal<Int> {
  Signal { subscriber in
    cursor.position += 1  // rejected: non-Sendable capture in a @Sendable closure
    subscriber.sendNext(1)
    subscriber.sendCompleted()
    return nil
  }
}
