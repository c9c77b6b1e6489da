// Must not compile: a Subject of a non-Sendable class sent to from a task
// while the caller keeps it. A subject is Sendable only when its values are:
// its subscribers would receive Messages on the task's thread while the
// caller, which keeps the subject, sends and receives Messages on its own.
// Subject<Int> fed from any thread compiles (see
// accept/subject-fed-from-sendable-callback.swift).
import LazySeqSignals

final class Message {
  var text: String

  init(_ text: String) {
    self.text = text
  }
}

func announce(on subject: Subject<Message>) {
  Task.detached { subject.sendNext(Message("from a task")) }  // rejected: the subject is not Sendable
}
