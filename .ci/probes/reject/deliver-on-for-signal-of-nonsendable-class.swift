// Must not compile: deliver(on:) for a Signal of a non-Sendable class. A
// thread-hopping operator hands each value from the sending thread to the
// scheduler's, so it requires Value: Sendable.
// The class is `nonisolated`: with main-actor default isolation an
// unannotated class is main-actor isolated, and so Sendable.
import LazySeqSignals

nonisolated final class Message {
  var text = ""
}

func inBackground(_ messages: Signal<Message>) -> Signal<Message> {
  messages.deliver(on: QueueScheduler(label: "work"))  // rejected: Message is not Sendable
}
