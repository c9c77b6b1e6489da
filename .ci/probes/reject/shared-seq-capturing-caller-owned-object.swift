// Must not compile: a Seq.Shared made from a sequence whose closure captures
// a non-Sendable object the caller still holds. Seq.Shared may be walked from
// any thread, so its sequence must bring along only what nobody else can
// reach; here the caller keeps `counter`. With a fresh object (or no
// capture) it compiles.
import LazySeq

final class Counter {
  var calls = 0
}

func share(counting counter: Counter) -> Seq<Int>.Shared {
  let doubled = Seq(0..<1_000).map { n in
    counter.calls += 1
    return n * 2
  }
  return Seq.Shared(doubled)  // rejected: sends the caller's `counter` into a Sendable value
}
