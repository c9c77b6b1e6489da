// Must compile: a Signal made from a Sendable AsyncSequence (AsyncStream).
import LazySeqSignals

func numbers() -> Signal<Int> {
  let stream = AsyncStream<Int> { continuation in
    continuation.yield(1)
    continuation.yield(2)
    continuation.finish()
  }
  return Signal(stream)
}
