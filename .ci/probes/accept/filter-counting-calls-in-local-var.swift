// Must compile: a function counts a filter's calls in a local `var`. A Seq
// belongs to one isolation domain, so its operator closures are plain
// closures that may mutate local state, as in any script or test.
import LazySeq

func evens() -> [Int] {
  var calls = 0
  let evens = Seq(1...10).filter {
    calls += 1
    return $0 % 2 == 0
  }
  let result = evens.array
  print(result, calls)
  return result
}

_ = evens()
