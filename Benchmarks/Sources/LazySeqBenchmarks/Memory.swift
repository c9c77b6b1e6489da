// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// Peak-memory measurement. Each case runs in a fresh child process of this
// executable (`LazySeqBenchmarks --memory-case NAME --n N`) so that the peak
// of one case cannot hide or inflate another: the child reads its resident
// set (`VmRSS`) before the work and its high-water mark (`VmHWM`) after it and
// prints `growth_kb checksum`.
import Foundation

/// Reads a `kB` field such as `VmRSS` or `VmHWM` from `/proc/self/status`.
/// Returns nil where `/proc` is unavailable (non-Linux).
func procStatusKB(_ field: String) -> Int? {
  guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
  for line in text.split(separator: "\n") where line.hasPrefix(field + ":") {
    let digits = line.dropFirst(field.count + 1).filter { $0.isNumber }
    return Int(String(digits))
  }
  return nil
}

/// A memory case: does its work for `n` and returns a checksum. It must keep
/// alive whatever it wants measured until it returns.
struct MemoryCase: Sendable {
  var name: String
  var run: @Sendable (_ n: Int) -> Int
}

/// Child side: runs one case and prints `growth_kb checksum` on stdout.
func runMemoryCaseInThisProcess(_ memoryCase: MemoryCase, n: Int) -> Int32 {
  guard let before = procStatusKB("VmRSS") else {
    print("unsupported 0")
    return 0
  }
  let checksum = memoryCase.run(n)
  let peak = procStatusKB("VmHWM") ?? before
  print("\(max(0, peak - before)) \(checksum)")
  return 0
}

struct MemoryMeasurement {
  var growthKB: Int
  var checksum: Int
}

/// Parent side: spawns `self --memory-case name --n n` and parses its answer.
/// Returns nil (and records a failure) if the child fails.
func measureMemoryInChild(_ name: String, n: Int) -> MemoryMeasurement? {
  #if os(Linux)
    let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
  #else
    let executable = URL(fileURLWithPath: CommandLine.arguments[0])
  #endif
  let process = Process()
  process.executableURL = executable
  process.arguments = ["--memory-case", name, "--n", String(n)]
  let pipe = Pipe()
  process.standardOutput = pipe
  do {
    try process.run()
  } catch {
    fail("memory case \(name): cannot start child process: \(error)")
    return nil
  }
  let data = pipe.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
  guard process.terminationStatus == 0 else {
    fail("memory case \(name) n=\(n): child exited with status \(process.terminationStatus)")
    return nil
  }
  let parts = text.split(separator: " ")
  if parts.first == "unsupported" { return nil }
  guard parts.count == 2, let kb = Int(parts[0]), let sum = Int(parts[1]) else {
    fail("memory case \(name) n=\(n): unreadable child output \"\(text)\"")
    return nil
  }
  return MemoryMeasurement(growthKB: kb, checksum: sum)
}

/// Least-squares slope of peak growth against n, in bytes per element.
func slopeBytesPerElement(_ points: [(n: Int, kb: Int)]) -> Double {
  guard points.count >= 2 else { return 0 }
  let xs = points.map { Double($0.n) }
  let ys = points.map { Double($0.kb) * 1024 }
  let mx = xs.reduce(0, +) / Double(xs.count)
  let my = ys.reduce(0, +) / Double(ys.count)
  var num = 0.0
  var den = 0.0
  for (x, y) in zip(xs, ys) {
    num += (x - mx) * (y - my)
    den += (x - mx) * (x - mx)
  }
  return den == 0 ? 0 : num / den
}
