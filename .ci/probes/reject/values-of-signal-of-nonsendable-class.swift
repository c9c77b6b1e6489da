// Must not compile: `for try await` over the values of a Signal of a
// non-Sendable class. The values are produced on the signal's thread and
// consumed in the awaiting task, so `values` requires Value: Sendable.
// The class is `nonisolated`: with main-actor default isolation an
// unannotated class is main-actor isolated, and so Sendable.
import LazySeqSignals

nonisolated final class Message {
  var text = ""
}

func printAll(_ messages: Signal<Message>) async throws {
  for try await message in messages.values {  // rejected: Message is not Sendable
    print(message.text)
  }
}
