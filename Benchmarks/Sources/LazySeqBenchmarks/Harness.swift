// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// Timing, dead-code-elimination guards, result rows, the table and the CSV.
import Foundation

// MARK: - Sinks

/// Consumes a value so the optimizer cannot prove the computation that
/// produced it is dead. Every timed body also returns a checksum that is
/// compared against the baseline's, which is the stronger guard.
@inline(never) @_optimize(none)
func blackHole<T>(_ value: T) {}

/// Returns its argument, but the optimizer cannot see through it; used to hide
/// sizes and closures from constant folding.
@inline(never) @_optimize(none)
func opaque<T>(_ value: T) -> T { value }

/// Checksum accumulator shared by ours and the baseline: order-sensitive, so
/// a reordered or duplicated element changes the result.
@inline(__always)
func mix(_ acc: Int, _ x: Int) -> Int { (acc &* 31) &+ x }

// MARK: - Timing

struct Sample {
  /// Median nanoseconds per element over the repetitions.
  var nsPerElement: Double
  var checksum: Int
}

extension Duration {
  var nanoseconds: Double {
    let (seconds, attoseconds) = components
    return Double(seconds) * 1e9 + Double(attoseconds) / 1e9
  }
}

func median(_ values: [Double]) -> Double {
  precondition(!values.isEmpty, "median of no values")
  let sorted = values.sorted()
  let mid = sorted.count / 2
  return sorted.count % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}

/// One side of a comparison: a name and a body that processes `elements`
/// elements and returns a checksum.
struct Contender {
  var name: String
  /// How many elements one call of `body` counts for (the divisor of ns/element).
  var elements: Int
  var body: () -> Int
}

/// Runs `contenders` interleaved (A, B, A, B, …) so slow drifts of a shared,
/// noisy machine hit both sides alike; one untimed warm-up call each, then
/// `reps` timed calls. Small inputs are repeated inside one timed call until it
/// covers about `minElementsPerSample` elements, so clock overhead stays
/// negligible. Returns the median ns/element and the checksum of each side;
/// all calls of one side must agree on the checksum.
func runInterleaved(
  _ contenders: [Contender], reps: Int, minElementsPerSample: Int
) -> [Sample] {
  let clock = ContinuousClock()
  var times = Array(repeating: [Double](), count: contenders.count)
  var sums = [Int?](repeating: nil, count: contenders.count)
  for rep in 0...reps {
    for (i, c) in contenders.enumerated() {
      let inner = max(1, minElementsPerSample / max(1, c.elements))
      var checksum = 0
      let start = clock.now
      for _ in 0..<inner {
        checksum = c.body()
      }
      let elapsed = clock.now - start
      blackHole(checksum)
      if let previous = sums[i], previous != checksum {
        fail("\(c.name): checksum changed between repetitions (\(previous) then \(checksum))")
      }
      sums[i] = checksum
      if rep > 0 {  // rep 0 is the warm-up
        times[i].append(elapsed.nanoseconds / Double(inner) / Double(max(1, c.elements)))
      }
    }
  }
  return contenders.indices.map { Sample(nsPerElement: median(times[$0]), checksum: sums[$0] ?? 0) }
}

// MARK: - Failures

/// Wrong answers are bugs, not noise: they are collected, printed loudly and
/// make the process exit non-zero at the end. Timing never does.
enum Failures {
  nonisolated(unsafe) static var messages: [String] = []
}

func fail(_ message: String) {
  Failures.messages.append(message)
  FileHandle.standardError.write(Data("\n*** ERROR: \(message)\n".utf8))
}

func expectSameChecksum(_ scenario: String, ours: Int, baseline: Int) {
  if ours != baseline {
    fail(
      "\(scenario): ours and the baseline disagree (checksum \(ours) vs \(baseline)) — a wrong answer, not noise"
    )
  }
}

// MARK: - Rows

enum Target {
  /// ours / baseline must be at most this.
  case ratio(Double)
  /// Peak memory must not grow with n: the growth slope, in bytes per element,
  /// must be at most this (a retained `Int` alone costs 8 B/element).
  case constantMemory(maxBytesPerElement: Double)
  /// ns/value at the larger size over ns/value at the smaller one must be at
  /// most this (linear cost means a ratio near 1).
  case linear(Double)
  /// ours must be at most this, in the row's unit (an absolute target).
  case atMost(Double)
  /// No target: a row for orientation only.
  case reference

  var text: String {
    switch self {
    case .ratio(let r): return "≤ \(formatRatio(r))×"
    case .constantMemory(let b): return "const (≤ \(formatRatio(b)) B/el)"
    case .linear(let r): return "linear (≤ \(formatRatio(r))×)"
    case .atMost(let limit): return "≤ \(formatNumber(limit))"
    case .reference: return "—"
    }
  }
}

/// A side of a row beyond ours and the baseline, timed in the same
/// interleaved run (the scripts rows: `.lazy` and a hand-written loop).
struct ExtraSide {
  /// A short name, used as a column header: ".lazy", "loop".
  var name: String
  /// In the row's unit.
  var value: Double
  /// ours / value must be at most this; `nil`: the ratio is reported only.
  var limit: Double? = nil
}

struct ResultRow {
  var id: String
  var scenario: String
  var size: Int
  var unit: String
  var ours: Double?
  var oursName: String
  var baseline: Double?
  var baselineName: String
  var target: Target
  var note: String = ""
  /// Short names of ours and the baseline, the column headers of the
  /// side-by-side table of rows with `extras`.
  var labels: (ours: String, baseline: String) = ("ours", "baseline")
  /// Further sides; a limit among them is a target too (`status`).
  var extras: [ExtraSide] = []

  var ratio: Double? {
    guard let ours, let baseline, baseline > 0 else { return nil }
    if case .constantMemory = target { return nil }
    return ours / baseline
  }

  /// ours / `extra`, or nil if either is missing or zero.
  func ratio(to extra: ExtraSide) -> Double? {
    guard let ours, extra.value > 0 else { return nil }
    return ours / extra.value
  }

  /// The target column: the row's target, then each extra side's limit.
  var targetText: String {
    let limits = extras.compactMap { extra in extra.limit.map { "≤ \(formatRatio($0))× \(extra.name)" } }
    return ([target.text] + limits).joined(separator: "; ")
  }

  /// "pass", "MISS", "—" (reference) or "n/a" (not measured). A row with
  /// limits on extra sides passes only if it meets all of them too.
  var status: String {
    let own = ownStatus
    guard own == "pass" else { return own }
    for extra in extras {
      guard let limit = extra.limit else { continue }
      guard let ratio = ratio(to: extra) else { return "n/a" }
      if ratio > limit { return "MISS" }
    }
    return own
  }

  /// The status against the row's own target alone.
  private var ownStatus: String {
    switch target {
    case .reference: return "—"
    case .constantMemory(let limit):
      guard let ours else { return "n/a" }
      return ours <= limit ? "pass" : "MISS"
    case .ratio(let limit), .linear(let limit):
      guard let ratio else { return "n/a" }
      return ratio <= limit ? "pass" : "MISS"
    case .atMost(let limit):
      guard let ours else { return "n/a" }
      return ours <= limit ? "pass" : "MISS"
    }
  }
}

/// One point of the size sweep drawn by `plot.py`.
struct SweepPoint {
  var id: String
  var impl: String
  var size: Int
  var nsPerElement: Double
}

// MARK: - Formatting

func formatNumber(_ x: Double) -> String {
  if abs(x) < 0.0005 { return "0" }
  let a = abs(x)
  if a >= 100 { return String(format: "%.0f", x) }
  if a >= 10 { return String(format: "%.1f", x) }
  if a >= 1 { return String(format: "%.2f", x) }
  return String(format: "%.3f", x)
}

func formatRatio(_ x: Double) -> String {
  x >= 10
    ? String(format: "%.0f", x) : (x == x.rounded() ? String(format: "%.0f", x) : String(format: "%.2f", x))
}

func formatSize(_ n: Int) -> String {
  if n >= 1_000_000 && n % 1_000_000 == 0 { return "\(n / 1_000_000)M" }
  if n >= 1_000 && n % 1_000 == 0 { return "\(n / 1_000)k" }
  return "\(n)"
}

func pad(_ s: String, _ width: Int, right: Bool = false) -> String {
  let count = s.count
  guard count < width else { return s }
  let fill = String(repeating: " ", count: width - count)
  return right ? fill + s : s + fill
}

func printTable(_ rows: [ResultRow]) {
  let header = ["#", "scenario", "n", "unit", "ours", "baseline", "ratio", "target", "result"]
  var cells: [[String]] = rows.map { r in
    [
      r.id, r.scenario, formatSize(r.size), r.unit,
      r.ours.map(formatNumber) ?? "n/a",
      r.baseline.map(formatNumber) ?? "n/a",
      r.ratio.map { formatRatio($0) + "×" } ?? "—",
      r.targetText, r.status,
    ]
  }
  cells.insert(header, at: 0)
  let widths = header.indices.map { c in cells.map { $0[c].count }.max() ?? 0 }
  let rightAligned: Set<Int> = [2, 4, 5, 6]
  for (i, row) in cells.enumerated() {
    let line = row.indices.map { pad(row[$0], widths[$0], right: rightAligned.contains($0)) }
      .joined(separator: "  ")
    print(line)
    if i == 0 { print(widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")) }
  }
  printSideBySide(rows)
  let notes = rows.filter { !$0.note.isEmpty }
  if !notes.isEmpty {
    print("")
    for r in notes { print("  [\(r.id)] ours = \(r.oursName); baseline = \(r.baselineName). \(r.note)") }
  }
}

/// Prints the rows that have extra sides once more, every side's figure
/// and ours against each side: one small table per set of side names.
func printSideBySide(_ rows: [ResultRow]) {
  var groups: [(names: [String], rows: [ResultRow])] = []
  for r in rows where !r.extras.isEmpty {
    let names = [r.labels.ours, r.labels.baseline] + r.extras.map(\.name)
    if let i = groups.firstIndex(where: { $0.names == names }) {
      groups[i].rows.append(r)
    } else {
      groups.append((names, [r]))
    }
  }
  for group in groups {
    let ours = group.names[0]
    let header =
      ["#", "n", "unit"] + group.names + group.names.dropFirst().map { "\(ours)/\($0)" } + ["result"]
    var cells: [[String]] = group.rows.map { r in
      let figures = ([r.ours, r.baseline] + r.extras.map(\.value)).map { $0.map(formatNumber) ?? "n/a" }
      let toBaseline = r.ratio.map { formatRatio($0) + "×" } ?? "—"
      let toExtras = r.extras.map { extra in
        let ratio = r.ratio(to: extra).map { formatRatio($0) + "×" } ?? "—"
        return extra.limit.map { "\(ratio) (≤ \(formatRatio($0)))" } ?? ratio
      }
      return [r.id, formatSize(r.size), r.unit] + figures + [toBaseline] + toExtras + [r.status]
    }
    cells.insert(header, at: 0)
    let widths = header.indices.map { c in cells.map { $0[c].count }.max() ?? 0 }
    // Right-aligned: n, and the figures and ratios (between the unit and the result).
    let rightAligned = Set([1] + Array(3..<(header.count - 1)))
    print("")
    print("Side by side (\(group.names.joined(separator: ", ")); ratios are \(ours) over each):")
    for (i, row) in cells.enumerated() {
      let padded = row.indices.map { pad(row[$0], widths[$0], right: rightAligned.contains($0)) }
      print(padded.joined(separator: "  "))
      if i == 0 { print(widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")) }
    }
  }
}

func csvField(_ s: String) -> String {
  s.contains(",") || s.contains("\"") ? "\"" + s.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : s
}

func writeCSV(path: String, rows: [ResultRow], sweep: [SweepPoint]) throws {
  var out = "kind,id,name,size,ours,baseline,unit,ratio,target,status\n"
  for r in rows {
    let fields = [
      "result", r.id, r.scenario, String(r.size),
      r.ours.map { String($0) } ?? "", r.baseline.map { String($0) } ?? "",
      r.unit, r.ratio.map { String($0) } ?? "", r.targetText, r.status,
    ]
    out += fields.map(csvField).joined(separator: ",") + "\n"
    for extra in r.extras {
      let ratio = r.ratio(to: extra)
      let status = extra.limit.map { limit in ratio.map { $0 <= limit ? "pass" : "MISS" } ?? "n/a" } ?? "—"
      let extraFields = [
        "extra", r.id, extra.name, String(r.size), String(extra.value), "", r.unit,
        ratio.map { String($0) } ?? "", extra.limit.map { "≤ \(formatRatio($0))×" } ?? "—", status,
      ]
      out += extraFields.map(csvField).joined(separator: ",") + "\n"
    }
  }
  for p in sweep {
    let fields = ["sweep", p.id, p.impl, String(p.size), String(p.nsPerElement), "", "ns/elem", "", "", ""]
    out += fields.map(csvField).joined(separator: ",") + "\n"
  }
  try out.write(toFile: path, atomically: true, encoding: .utf8)
}
