// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// A seeded random number generator for small random inputs.

/// SplitMix64: a small, fast, seedable generator, so random inputs are
/// reproducible from the seed printed in a failure.
package struct SplitMix64: RandomNumberGenerator {
  private var state: UInt64

  package init(seed: UInt64) {
    state = seed
  }

  package mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE5_E4B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

extension SplitMix64 {
  /// A random array of `0...maxCount` elements in `values`.
  package mutating func array(maxCount: Int = 12, values: ClosedRange<Int> = 0...5) -> [Int] {
    let count = Int.random(in: 0...maxCount, using: &self)
    return (0..<count).map { _ in Int.random(in: values, using: &self) }
  }
}
