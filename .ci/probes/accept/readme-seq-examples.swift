// Must compile: the README's Seq examples, as a script, unchanged (top-level
// `var` mutated in a filter, nested sequences, memoized walks).
import LazySeq

let strings: Seq<String> = ["A", "BB", "CCC", "D", "EE"]
let results = strings.filter { $0.count >= 2 }.map { $0 + "foobar" }
print(results)  // nothing has run yet
print(results.array)
print(results)  // memoized: the values are known now

var calls = 0
let primes = Seq.iterate(2) { $0 + 1 }.filter { n in
  calls += 1
  return (2..<n).seq.take(while: { $0 * $0 <= n }).all { n % $0 != 0 }
}
print(primes.take(10).array, calls)
print(primes.take(10).array, calls)  // memoized: no new calls
print(primes)
