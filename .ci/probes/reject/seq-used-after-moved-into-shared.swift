// Must not compile: a Seq moved into Seq.Shared and then walked directly.
// Seq.Shared takes its sequence as `sending`: it owns the sequence and its
// closures from then on, and serializes every walk. Walking the original
// handle as well would bypass that. Without the print (or with
// `shared.head`) it compiles.
import LazySeq

func share() -> Seq<Int>.Shared {
  let squares = Seq(1...1_000).map { $0 * $0 }
  let shared = Seq.Shared(squares)
  print(squares.head ?? 0)  // rejected: `squares` was sent into `shared`
  return shared
}
