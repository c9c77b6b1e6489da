// swift-tools-version:6.0
// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

//
// LazySeqBenchmarks — the performance harness for LazySeq.
//
// A nested package so the root `Package.swift` keeps no dependencies. It
// depends on the root package by path and on OpenCombine (the signals
// baseline). Always run it in release mode:
//
//     swift run -c release --package-path Benchmarks LazySeqBenchmarks [--quick] [--csv FILE]
//
// See `Benchmarks/README.md`.
import PackageDescription

let package = Package(
  name: "LazySeqBenchmarks",
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
  dependencies: [
    // `name:` keeps the product reference independent of the checkout's
    // directory name (a bare path dependency is identified by its folder).
    .package(name: "LazySeq", path: ".."),
    .package(url: "https://github.com/OpenCombine/OpenCombine", from: "0.14.0"),
  ],
  targets: [
    .executableTarget(
      name: "LazySeqBenchmarks",
      dependencies: [
        .product(name: "LazySeq", package: "LazySeq"),
        .product(name: "LazySeqSignals", package: "LazySeq"),
        .product(name: "OpenCombine", package: "OpenCombine"),
      ],
      swiftSettings: [
        .enableUpcomingFeature("ExistentialAny"),
        .enableUpcomingFeature("InternalImportsByDefault"),
      ]
    )
  ],
  swiftLanguageModes: [.v6]
)
