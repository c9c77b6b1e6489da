// Must not compile: a Signal made from a non-Sendable AsyncSequence. The
// signal is cold: every subscription iterates the sequence again in its own
// task, so the sequence would be used from several tasks at once. With a
// Sendable sequence (AsyncStream, see
// accept/signal-from-sendable-async-stream.swift) it compiles.
import LazySeqSignals

final class Countdown: AsyncSequence, AsyncIteratorProtocol {
  var remaining = 3

  func next() async -> Int? {
    guard remaining > 0 else { return nil }
    remaining -= 1
    return remaining
  }

  func makeAsyncIterator() -> Countdown { self }
}

func countdown() -> Signal<Int> {
  Signal(Countdown())  // rejected: Countdown is not Sendable
}
