// Must not compile: Seq.Shared of a non-Sendable element type. The shared
// sequence hands the same element instances to every thread that walks it,
// so it exists only where Element is Sendable.
// The class is `nonisolated`: with main-actor default isolation an
// unannotated class is main-actor isolated, and so Sendable.
import LazySeq

nonisolated final class Node {
  var visits = 0
}

func share() {
  let nodes = Seq([Node(), Node()])
  _ = Seq.Shared(nodes)  // rejected: Node is not Sendable
}
