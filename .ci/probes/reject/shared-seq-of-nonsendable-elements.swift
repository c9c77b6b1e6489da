// Must not compile: Seq.Shared of a non-Sendable element type. The shared
// sequence hands the same element instances to every thread that walks it,
// so it exists only where Element is Sendable.
import LazySeq

final class Node {
  var visits = 0
}

func share() {
  let nodes = Seq([Node(), Node()])
  _ = Seq.Shared(nodes)  // rejected: Node is not Sendable
}
