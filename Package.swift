// swift-tools-version:6.0
// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

//
// LazySeq — memoized, lazy head/tail sequences (`Seq`) and push-driven signals
// (`Signal`) after ReactiveCocoa 2's RACSequence and RACSignal.
//
// The root package has no dependencies. Peers used for comparison live in the
// nested package `Benchmarks/Package.swift`.
//
// Compile-time flags (add with `-Xswiftc -D<FLAG>`):
// - `LAZYSEQ_INVARIANTS`: enables internal consistency checks of the memo
//   storage (segment counts, flags, frontier ownership; see
//   `Sources/LazySeq/Engine/Seq+Invariants.swift`). Off by default (then free); CI
//   runs the LazySeq tests with it (`.ci/run`).
import PackageDescription

let strict: [SwiftSetting] = [
  .enableUpcomingFeature("ExistentialAny"),
  .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
  name: "LazySeq",
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
  products: [
    .library(name: "LazySeq", targets: ["LazySeq"]),
    .library(name: "LazySeqSignals", targets: ["LazySeqSignals"]),
    .executable(name: "Tour", targets: ["Tour"]),
  ],
  targets: [
    .target(name: "LazySeq", swiftSettings: strict),
    .target(name: "LazySeqSignals", dependencies: ["LazySeq"], swiftSettings: strict),
    .executableTarget(name: "Tour", dependencies: ["LazySeq", "LazySeqSignals"], swiftSettings: strict),
    // The helpers both test targets share: typed event recording, marble
    // diagrams, sequence equality, counters, lifetime tracking, threads.
    .target(
      name: "LazySeqTestSupport", dependencies: ["LazySeq", "LazySeqSignals"],
      path: "Tests/LazySeqTestSupport", swiftSettings: strict),
    .testTarget(
      name: "LazySeqTests", dependencies: ["LazySeq", "LazySeqTestSupport"], swiftSettings: strict),
    .testTarget(
      name: "LazySeqSignalsTests", dependencies: ["LazySeq", "LazySeqSignals", "LazySeqTestSupport"],
      swiftSettings: strict),
  ],
  swiftLanguageModes: [.v6]
)
