// Must compile: a script counts a filter's calls in a top-level `var`.
// Top-level code and its variables are on the main actor, and so is the
// sequence built there.
import LazySeq

var calls = 0
let evens = Seq(1...10).filter {
  calls += 1
  return $0 % 2 == 0
}
print(evens.array, calls)
