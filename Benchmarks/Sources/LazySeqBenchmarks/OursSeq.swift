// Our side of the sequence scenarios, written against the `Seq` contract in
// API.md.
import LazySeq

enum OursSeq {
  /// Scenario 1: `for x in Seq(array)`.
  static func walk(_ array: [Int]) -> Int {
    var acc = 0
    for x in Seq(array) { acc = mix(acc, x) }
    return acc
  }

  /// Scenario 2: the first (memoizing) walk of `Seq(array).map(f).filter(g)`.
  /// The sequence is held while it is walked, as anyone who walks it again
  /// would, so every element of the result is memoized.
  static func firstWalk(_ array: [Int]) -> Int {
    let seq = Seq(array).map(Work.transform).filter(Work.isIncluded)
    return withExtendedLifetime(seq) {
      var acc = 0
      for x in seq { acc = mix(acc, x) }
      return acc
    }
  }

  /// Scenario 2t: `for x in` a temporary `Seq(array).map(f).filter(g)`.
  /// Nothing else can see the pipeline, so LazySeq may fuse it and skip the
  /// memo entirely; this is the common loop, but not a memoizing walk.
  static func temporaryWalk(_ array: [Int]) -> Int {
    var acc = 0
    for x in Seq(array).map(Work.transform).filter(Work.isIncluded) { acc = mix(acc, x) }
    return acc
  }

  /// Scenario 3: builds the same pipeline, evaluates it fully, and returns a
  /// walk of the evaluated sequence plus its element count.
  static func prepareSecondWalk(_ array: [Int]) -> (walk: () -> Int, count: Int) {
    let evaluated = Seq(array).map(Work.transform).filter(Work.isIncluded)
    var count = 0
    for _ in evaluated { count += 1 }
    let walk = {
      var acc = 0
      for x in evaluated { acc = mix(acc, x) }
      return acc
    }
    return (walk, count)
  }

  /// Scenario 4 (memory): stream an infinite generated sequence.
  static func streaming(_ n: Int) -> Int {
    var acc = 0
    for x in Seq.iterate(0, { $0 + 1 }).map(Work.transform).take(n) { acc = mix(acc, x) }
    return acc
  }

  /// Scenario 5 (memory): a fully evaluated, memoized `Seq<Int>` of n
  /// elements, held while it is walked so nothing is freed.
  static func evaluatedMemory(_ n: Int) -> Int {
    let seq = Seq(0..<n).map(Work.transform)
    return withExtendedLifetime(seq) {
      var acc = 0
      for x in seq { acc = mix(acc, x) }
      return acc
    }
  }
}
