// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// LazySeqBenchmarks: ours against the baselines, one table.
//
//   swift run -c release --package-path Benchmarks LazySeqBenchmarks [--quick] [--csv FILE]
//
// Internal: `--memory-case NAME --n N` runs one memory case in this process
// (the parent spawns these so that peaks do not contaminate each other).
// `--only seq,ref,mem,signals,conv,score,async,windows,scripts` runs a subset (for profiling).
// `--instructions NAME --n N` runs one signal case (or one profiling case of the memory
// cases, such as a Seq walk, or one form of a scripts row) once, for callgrind.
import Foundation

func usage() -> Never {
  print(
    """
    usage: LazySeqBenchmarks [--quick] [--csv FILE] [--only GROUP,...]
    groups: \(Runner.groups.joined(separator: ", ")) (for profiling a part)
           LazySeqBenchmarks --memory-case NAME --n N   (internal)
    memory cases: \(memoryCases.keys.sorted().joined(separator: ", "))
    """)
  exit(2)
}

func required<T>(_ value: T?) -> T {
  guard let value else { usage() }
  return value
}

var quick = false
var csvPath: String?
var memoryCaseName: String?
var memoryN: Int?
var only: Set<String>?
var instructionCase: String?
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
  switch argument {
  case "--quick": quick = true
  case "--csv": csvPath = required(arguments.popFirst())
  case "--memory-case": memoryCaseName = required(arguments.popFirst())
  case "--n": memoryN = required(arguments.popFirst().flatMap { Int($0) })
  case "--only":
    let groups = Set(required(arguments.popFirst()).split(separator: ",").map(String.init))
    guard groups.isSubset(of: Runner.groups) else { usage() }
    only = groups
  case "--instructions": instructionCase = required(arguments.popFirst())
  case "-h", "--help": usage()
  default:
    print("unknown argument \(argument)")
    usage()
  }
}

if let instructionCase {
  guard
    let body = instructionCases[instructionCase] ?? propertyInstructionCases[instructionCase]
      ?? scoreboardInstructionCases[instructionCase] ?? scriptInstructionCases[instructionCase]
      ?? memoryCases[instructionCase]?.run,
    let n = memoryN
  else { usage() }
  print("\(instructionCase) n=\(n) checksum=\(body(n))")
  exit(0)
}

if let memoryCaseName {
  guard let memoryCase = memoryCases[memoryCaseName], let n = memoryN else { usage() }
  exit(runMemoryCaseInThisProcess(memoryCase, n: n))
}

#if DEBUG
  print("warning: this is a debug build; timings are meaningless. Use `swift run -c release`.")
#endif

let config = quick ? Config.quickConfig : Config.full
let clock = ContinuousClock()
let started = clock.now
print(
  "LazySeqBenchmarks (\(quick ? "quick" : "full") mode), median of \(config.reps) repetitions after a warm-up"
)
var runner = Runner(config: config)
runner.runAll(only: only)
if only?.contains("async") ?? true { runner.rows += await Runner.asyncScenarios(config) }
print("")
printTable(runner.rows)
let missed = runner.rows.filter { $0.status == "MISS" }.map(\.id)
print("")
print(
  "targets missed: \(missed.isEmpty ? "none" : missed.joined(separator: ", ")) (timing misses never fail the run)"
)
print("total time: \(formatNumber((clock.now - started).nanoseconds / 1e9)) s")

if let csvPath {
  do {
    try writeCSV(path: csvPath, rows: runner.rows, sweep: runner.sweep)
    print("wrote \(csvPath)")
  } catch {
    fail("cannot write \(csvPath): \(error)")
  }
}

if !Failures.messages.isEmpty {
  FileHandle.standardError.write(Data("\n*** \(Failures.messages.count) correctness error(s):\n".utf8))
  for message in Failures.messages { FileHandle.standardError.write(Data("  - \(message)\n".utf8)) }
  exit(1)
}
