// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// The scripts rows (D1–D10, `--only scripts`): the work a data script does,
// written four ways and timed interleaved in one run — an eager `Array`
// pipeline (the baseline), the same on `.lazy`, the `Seq` pipeline a script
// writer would write (`source.seq.op1.op2.consumer`, a temporary, no
// tuning: ours) and a hand-written loop. The four forms of a row return the
// same checksum. Closures are written inline in every form, as scripts
// write them.
import LazySeq

/// The four forms of one workload over one prepared input.
struct ScriptForms {
  /// The size shown in the table.
  var size: Int
  /// How many elements one call of a form processes (the divisor of ns/element).
  var elements: Int
  /// The eager `Array` form (the baseline).
  var array: () -> Int
  /// The `.lazy` form.
  var lazy: () -> Int
  /// The `Seq` form (ours).
  var seq: () -> Int
  /// The hand-written loop.
  var loop: () -> Int
}

/// One row of the scripts table.
struct ScriptWorkload: Sendable {
  var id: String
  /// The `--instructions` name: `script-NAME-seq`, `-array`, `-lazy`, `-loop`, `-setup`.
  var name: String
  var scenario: String
  /// The `Seq` form, as shown in the notes.
  var seqCode: String
  /// The `Array` form, as shown in the notes.
  var arrayCode: String
  /// `Seq` / `.lazy` must be at most this; `nil`: the ratio is reported only.
  var lazyLimit: Double? = nil
  var note: String
  /// Makes the input for size `n` (setup, untimed) and returns the four forms.
  var prepare: @Sendable (_ n: Int) -> ScriptForms
}

// MARK: - D1: cheap closures

/// D1: `map` then `filter` then a sum over an `[Int]`, with closures of one
/// or two instructions.
enum CheapClosures {
  /// The input: `0..<n`, hidden from constant folding.
  static func input(_ n: Int) -> [Int] { opaque(Array(0..<n)) }

  /// Eager: each stage makes an array.
  static func array(_ values: [Int]) -> Int {
    values.map { $0 &* 3 &+ 1 }.filter { $0 & 1 == 0 }.reduce(0, &+)
  }

  /// `.lazy`: one specialized loop.
  static func lazy(_ values: [Int]) -> Int {
    values.lazy.map { $0 &* 3 &+ 1 }.filter { $0 & 1 == 0 }.reduce(0, &+)
  }

  /// `Seq`: a temporary pipeline consumed by `reduce` (it streams).
  static func seq(_ values: [Int]) -> Int {
    values.seq.map { $0 &* 3 &+ 1 }.filter { $0 & 1 == 0 }.reduce(0, &+)
  }

  /// The loop.
  static func loop(_ values: [Int]) -> Int {
    var sum = 0
    for x in values {
      let y = x &* 3 &+ 1
      if y & 1 == 0 { sum &+= y }
    }
    return sum
  }
}

// MARK: - D2: costly closures

/// D2: D1 with a `map` closure that does real work (formats a number).
enum CostlyClosures {
  /// The work per element: `x` formatted in base 7, the code points of its
  /// digits summed.
  static func digitSum(_ x: Int) -> Int {
    String(x, radix: 7).utf8.reduce(0) { $0 &+ Int($1) }
  }

  /// Eager: each stage makes an array.
  static func array(_ values: [Int]) -> Int {
    values.map { digitSum($0 &* 3 &+ 1) }.filter { $0 & 1 == 0 }.reduce(0, &+)
  }

  /// `.lazy`.
  static func lazy(_ values: [Int]) -> Int {
    values.lazy.map { digitSum($0 &* 3 &+ 1) }.filter { $0 & 1 == 0 }.reduce(0, &+)
  }

  /// `Seq`: a temporary pipeline consumed by `reduce`.
  static func seq(_ values: [Int]) -> Int {
    values.seq.map { digitSum($0 &* 3 &+ 1) }.filter { $0 & 1 == 0 }.reduce(0, &+)
  }

  /// The loop.
  static func loop(_ values: [Int]) -> Int {
    var sum = 0
    for x in values {
      let y = digitSum(x &* 3 &+ 1)
      if y & 1 == 0 { sum &+= y }
    }
    return sum
  }
}

// MARK: - D3: short generator pipelines

/// D3: one short generated pipeline per start, the length of its Collatz
/// trajectory (the steps before it reaches 1).
enum CollatzLengths {
  /// The starts: `1...count`.
  static func input(_ count: Int) -> [Int] { opaque(Array(1...count)) }

  /// The elements the pipelines generate in all (the steps of every start).
  static func totalSteps(_ starts: [Int]) -> Int {
    var total = 0
    for start in starts {
      var x = start
      while x != 1 {
        x = x & 1 == 0 ? x / 2 : 3 &* x &+ 1
        total += 1
      }
    }
    return total
  }

  /// Eager: `prefix(while:)` on a plain sequence makes an array.
  static func array(_ starts: [Int]) -> Int {
    var acc = 0
    for start in starts {
      let steps = sequence(first: start) { x in x & 1 == 0 ? x / 2 : 3 &* x &+ 1 }
        .prefix(while: { $0 != 1 })
      acc = mix(acc, steps.count)
    }
    return acc
  }

  /// `.lazy`, counted by `reduce` (a lazy sequence has no `count`).
  static func lazy(_ starts: [Int]) -> Int {
    var acc = 0
    for start in starts {
      let steps = sequence(first: start) { x in x & 1 == 0 ? x / 2 : 3 &* x &+ 1 }
        .lazy.prefix(while: { $0 != 1 })
      acc = mix(acc, steps.reduce(0) { count, _ in count + 1 })
    }
    return acc
  }

  /// `Seq`: a temporary `iterate` and `take(while:)` per start, consumed by
  /// `count`.
  static func seq(_ starts: [Int]) -> Int {
    var acc = 0
    for start in starts {
      let length = Seq.iterate(start) { x in x & 1 == 0 ? x / 2 : 3 &* x &+ 1 }.take(while: { $0 != 1 }).count
      acc = mix(acc, length)
    }
    return acc
  }

  /// The loop.
  static func loop(_ starts: [Int]) -> Int {
    var acc = 0
    for start in starts {
      var x = start
      var steps = 0
      while x != 1 {
        x = x & 1 == 0 ? x / 2 : 3 &* x &+ 1
        steps += 1
      }
      acc = mix(acc, steps)
    }
    return acc
  }
}

// MARK: - D4, D5: windows and chunks

/// Readings for the window and chunk rows: n values in `0..<1024`, hidden
/// from constant folding.
func readings(_ n: Int) -> [Int] {
  opaque((0..<n).map { (($0 &* 2_654_435_761) >> 11) & 1_023 })
}

/// D4: the moving sum of 20 readings, folded into a checksum.
enum MovingSums {
  /// Eager: one array slice per window, an array of the sums.
  static func array(_ values: [Int]) -> Int {
    values.indices.dropLast(19).map { values[$0..<$0 + 20].reduce(0, &+) }.reduce(0, mix)
  }

  /// `.lazy`: one array slice per window (no copy).
  static func lazy(_ values: [Int]) -> Int {
    values.indices.dropLast(19).lazy.map { values[$0..<$0 + 20].reduce(0, &+) }.reduce(0, mix)
  }

  /// `Seq`: `windows(ofCount: 20)` (each window a view of a shared buffer).
  static func seq(_ values: [Int]) -> Int {
    values.seq.windows(ofCount: 20).map { $0.reduce(0, &+) }.reduce(0, mix)
  }

  /// The loop: a running sum, one addition and one subtraction per reading.
  static func loop(_ values: [Int]) -> Int {
    var acc = 0
    var sum = 0
    for i in values.indices {
      sum &+= values[i]
      if i >= 20 { sum &-= values[i - 20] }
      if i >= 19 { acc = mix(acc, sum) }
    }
    return acc
  }
}

/// D5: the sums of chunks of 100 readings, folded into a checksum.
enum ChunkSums {
  /// Eager: one array slice per chunk, an array of the sums.
  static func array(_ values: [Int]) -> Int {
    stride(from: 0, to: values.count, by: 100).map { values[$0..<min($0 + 100, values.count)].reduce(0, &+) }
      .reduce(0, mix)
  }

  /// `.lazy`: one array slice per chunk (no copy).
  static func lazy(_ values: [Int]) -> Int {
    stride(from: 0, to: values.count, by: 100).lazy
      .map { values[$0..<min($0 + 100, values.count)].reduce(0, &+) }.reduce(0, mix)
  }

  /// `Seq`: `chunks(ofCount: 100)` (each chunk a view of a shared buffer).
  static func seq(_ values: [Int]) -> Int {
    values.seq.chunks(ofCount: 100).map { $0.reduce(0, &+) }.reduce(0, mix)
  }

  /// The loop.
  static func loop(_ values: [Int]) -> Int {
    var acc = 0
    var start = 0
    while start < values.count {
      let end = min(start + 100, values.count)
      var sum = 0
      for i in start..<end { sum &+= values[i] }
      acc = mix(acc, sum)
      start = end
    }
    return acc
  }
}

// MARK: - D6: zip and scan

/// D6: the running totals of the pairwise sums of two arrays, folded into
/// a checksum.
enum RunningTotals {
  /// Eager: an array of the sums, then of the totals (the standard
  /// library has no `scan`: a `map` with a captured total).
  static func array(_ a: [Int], _ b: [Int]) -> Int {
    var total = 0
    let totals = zip(a, b).map { $0 &+ $1 }.map { sum in
      total &+= sum
      return total
    }
    return totals.reduce(0, mix)
  }

  /// `.lazy`: the same `map` with a captured total.
  static func lazy(_ a: [Int], _ b: [Int]) -> Int {
    var total = 0
    return zip(a, b).lazy.map { $0 &+ $1 }
      .map { sum in
        total &+= sum
        return total
      }
      .reduce(0, mix)
  }

  /// `Seq`: `zip(with:)`, `map`, `scan(start:reduce:)`.
  static func seq(_ a: [Int], _ b: [Int]) -> Int {
    a.seq.zip(with: b.seq).map { $0 &+ $1 }.scan(start: 0, reduce: &+).reduce(0, mix)
  }

  /// The loop.
  static func loop(_ a: [Int], _ b: [Int]) -> Int {
    var acc = 0
    var total = 0
    for i in 0..<min(a.count, b.count) {
      total &+= a[i] &+ b[i]
      acc = mix(acc, total)
    }
    return acc
  }
}

// MARK: - D7: flatMap

/// An order line: how many, at what unit price.
struct OrderItem {
  var quantity: Int
  var price: Int
}

/// An order of one to nine items.
struct Order {
  var id: Int
  var items: [OrderItem]
}

/// D7: the value of the order lines with a quantity, over all orders.
enum OrderTotals {
  /// Orders of 1 to 9 items (5 on average), n items in all.
  static func input(_ n: Int) -> [Order] {
    var orders: [Order] = []
    var made = 0
    while made < n {
      let count = min(1 + (orders.count &* 7) % 9, n - made)
      let items = (made..<made + count).map { OrderItem(quantity: $0 % 4, price: 10 + $0 % 90) }
      orders.append(Order(id: orders.count, items: items))
      made += count
    }
    return opaque(orders)
  }

  /// Eager: an array of all items, of those kept, of their values.
  static func array(_ orders: [Order]) -> Int {
    orders.flatMap { $0.items }.filter { $0.quantity > 0 }.map { $0.quantity &* $0.price }.reduce(0, &+)
  }

  /// `.lazy`.
  static func lazy(_ orders: [Order]) -> Int {
    orders.lazy.flatMap { $0.items }.filter { $0.quantity > 0 }.map { $0.quantity &* $0.price }
      .reduce(0, &+)
  }

  /// `Seq`: `flatMap` to each order's array of items.
  static func seq(_ orders: [Order]) -> Int {
    orders.seq.flatMap { $0.items }.filter { $0.quantity > 0 }.map { $0.quantity &* $0.price }.reduce(0, &+)
  }

  /// The loop.
  static func loop(_ orders: [Order]) -> Int {
    var sum = 0
    for order in orders {
      for item in order.items where item.quantity > 0 { sum &+= item.quantity &* item.price }
    }
    return sum
  }
}

// MARK: - D8: re-walks

/// D8: a cheaply mapped array walked five times, each walk folded into the
/// checksum.
enum ReWalks {
  /// Eager: mapped once into an array, the array walked five times.
  static func array(_ values: [Int]) -> Int {
    let mapped = values.map { $0 &* 3 &+ 1 }
    var acc = 0
    for _ in 0..<5 {
      for x in mapped { acc = mix(acc, x) }
    }
    return acc
  }

  /// `.lazy`: the closure runs again on every walk.
  static func lazy(_ values: [Int]) -> Int {
    let mapped = values.lazy.map { $0 &* 3 &+ 1 }
    var acc = 0
    for _ in 0..<5 {
      for x in mapped { acc = mix(acc, x) }
    }
    return acc
  }

  /// `Seq`: a held `map`, memoized by the first walk, read from the memo
  /// by the other four.
  static func seq(_ values: [Int]) -> Int {
    let mapped = values.seq.map { $0 &* 3 &+ 1 }
    var acc = 0
    for _ in 0..<5 {
      for x in mapped { acc = mix(acc, x) }
    }
    return acc
  }

  /// The loop: five walks of the input, mapping as it goes.
  static func loop(_ values: [Int]) -> Int {
    var acc = 0
    for _ in 0..<5 {
      for x in values { acc = mix(acc, x &* 3 &+ 1) }
    }
    return acc
  }
}

// MARK: - D9: head/tail

/// D9: a head/tail walk of a cheaply mapped array.
enum HeadTail {
  /// Eager: the mapped array as an `ArraySlice`, walked with `first` and
  /// `dropFirst()`.
  static func array(_ values: [Int]) -> Int {
    var rest = values.map { $0 &* 3 &+ 1 }[...]
    var acc = 0
    while let head = rest.first {
      acc = mix(acc, head)
      rest = rest.dropFirst()
    }
    return acc
  }

  /// `.lazy`: a slice of the lazy map, walked with `first` and `dropFirst()`.
  static func lazy(_ values: [Int]) -> Int {
    var rest = values.lazy.map { $0 &* 3 &+ 1 }[...]
    var acc = 0
    while let head = rest.first {
      acc = mix(acc, head)
      rest = rest.dropFirst()
    }
    return acc
  }

  /// `Seq`: `uncons` over a fresh `map` (its memo fills as the walk goes).
  static func seq(_ values: [Int]) -> Int {
    var rest = values.seq.map { $0 &* 3 &+ 1 }
    var acc = 0
    while let (head, tail) = rest.uncons {
      acc = mix(acc, head)
      rest = tail
    }
    return acc
  }

  /// The loop.
  static func loop(_ values: [Int]) -> Int {
    var acc = 0
    for x in values { acc = mix(acc, x &* 3 &+ 1) }
    return acc
  }
}

// MARK: - D10: a streamed file with a fold

/// D10: an access log, each line parsed, the bytes sent counted per user.
enum LogFile {
  /// The lines of a generated access log of n lines of 106 bytes on
  /// average, 257 users (the text is made and split once, untimed).
  static func input(_ n: Int) -> [Substring] {
    var text = ""
    text.reserveCapacity(n * 110)
    for i in 0..<n {
      let user = 1_000 + (i &* 7_919) % 257
      let time = "2025-01-\(10 + i % 20)T12:\(10 + i % 50):\(10 + i % 49)Z"
      let request = "GET /api/v2/items/\(i % 100_003)?page=\(i % 7)"
      let bytes = (i &* 2_654_435_761) % 65_536
      text += "\(time) user\(user) \(request) \(200 + i % 3) \(bytes) \"curl/8.5.0 (x86_64-pc-linux-gnu)\"\n"
    }
    return opaque(text.split(separator: "\n"))
  }

  /// A line's user and bytes sent (its second and sixth fields).
  static func parse(_ line: Substring) -> (user: Substring, bytes: Int) {
    let fields = line.split(separator: " ")
    return (fields[1], Int(fields[5]) ?? 0)
  }

  /// The counts as a checksum that does not depend on the dictionary's
  /// order: keys sorted, each key's bytes and count mixed in.
  static func checksum(_ counts: [Substring: Int]) -> Int {
    var acc = 0
    for key in counts.keys.sorted() {
      for byte in key.utf8 { acc = mix(acc, Int(byte)) }
      acc = mix(acc, counts[key] ?? 0)
    }
    return acc
  }

  /// Eager: an array of the parsed lines, then the fold.
  static func array(_ lines: [Substring]) -> Int {
    let counts: [Substring: Int] = lines.map(parse).reduce(into: [:]) { $0[$1.user, default: 0] += $1.bytes }
    return checksum(counts)
  }

  /// `.lazy`.
  static func lazy(_ lines: [Substring]) -> Int {
    let counts: [Substring: Int] = lines.lazy.map(parse).reduce(into: [:]) {
      $0[$1.user, default: 0] += $1.bytes
    }
    return checksum(counts)
  }

  /// `Seq`: a temporary `map` consumed by `reduce(into:_:)` (it streams).
  static func seq(_ lines: [Substring]) -> Int {
    let counts: [Substring: Int] = lines.seq.map(parse).reduce(into: [:]) {
      $0[$1.user, default: 0] += $1.bytes
    }
    return checksum(counts)
  }

  /// The loop.
  static func loop(_ lines: [Substring]) -> Int {
    var counts: [Substring: Int] = [:]
    for line in lines {
      let entry = parse(line)
      counts[entry.user, default: 0] += entry.bytes
    }
    return checksum(counts)
  }
}

// MARK: - The rows

extension ScriptWorkload {
  /// The forms of a workload over one `[Int]` input of n elements.
  private static func forms(
    _ values: [Int], array: @escaping ([Int]) -> Int, lazy: @escaping ([Int]) -> Int,
    seq: @escaping ([Int]) -> Int, loop: @escaping ([Int]) -> Int
  ) -> ScriptForms {
    ScriptForms(
      size: values.count, elements: values.count, array: { array(values) }, lazy: { lazy(values) },
      seq: { seq(values) }, loop: { loop(values) })
  }

  static let all: [ScriptWorkload] = [
    ScriptWorkload(
      id: "D1", name: "cheap", scenario: "script: cheap closures, map/filter/sum",
      seqCode: "values.seq.map { $0 &* 3 &+ 1 }.filter { $0 & 1 == 0 }.reduce(0, &+)",
      arrayCode: "values.map { … }.filter { … }.reduce(0, &+)",
      note: ".lazy: values.lazy.map { … }.filter { … }.reduce(0, &+); loop: for x in values with an if.",
      prepare: { n in
        forms(
          CheapClosures.input(n), array: CheapClosures.array, lazy: CheapClosures.lazy,
          seq: CheapClosures.seq, loop: CheapClosures.loop)
      }),
    ScriptWorkload(
      id: "D2", name: "costly", scenario: "script: costly closures (format in base 7)",
      seqCode: "values.seq.map { digitSum($0 &* 3 &+ 1) }.filter { $0 & 1 == 0 }.reduce(0, &+)",
      arrayCode: "values.map { digitSum(…) }.filter { … }.reduce(0, &+)",
      note: "digitSum(x) formats x with String(x, radix: 7) and sums the digits' code points.",
      prepare: { n in
        forms(
          CheapClosures.input(n), array: CostlyClosures.array, lazy: CostlyClosures.lazy,
          seq: CostlyClosures.seq, loop: CostlyClosures.loop)
      }),
    ScriptWorkload(
      id: "D3", name: "generators", scenario: "script: short generators (Collatz lengths)",
      seqCode: "per start: Seq.iterate(start) { step($0) }.take(while: { $0 != 1 }).count",
      arrayCode: "per start: sequence(first: start) { step($0) }.prefix(while: { $0 != 1 }).count (an array)",
      note:
        "n = starts 1…n (one pipeline each); ns per generated element (85 per start on average at 10k, 108 at 100k). .lazy: sequence(first:next:).lazy.prefix(while:) counted by reduce.",
      prepare: { n in
        let starts = CollatzLengths.input(max(1, n / 10))
        return ScriptForms(
          size: starts.count, elements: CollatzLengths.totalSteps(starts),
          array: { CollatzLengths.array(starts) }, lazy: { CollatzLengths.lazy(starts) },
          seq: { CollatzLengths.seq(starts) }, loop: { CollatzLengths.loop(starts) })
      }),
    ScriptWorkload(
      id: "D4", name: "windows", scenario: "script: moving sum, windows of 20",
      seqCode: "values.seq.windows(ofCount: 20).map { $0.reduce(0, &+) }.reduce(0, mix)",
      arrayCode: "values.indices.dropLast(19).map { values[$0..<$0 + 20].reduce(0, &+) }.reduce(0, mix)",
      lazyLimit: 3,
      note: ".lazy: the same over indices.dropLast(19).lazy (array slices, no copies); loop: a running sum.",
      prepare: { n in
        forms(
          readings(n), array: MovingSums.array, lazy: MovingSums.lazy, seq: MovingSums.seq,
          loop: MovingSums.loop)
      }),
    ScriptWorkload(
      id: "D5", name: "chunks", scenario: "script: sums of chunks of 100",
      seqCode: "values.seq.chunks(ofCount: 100).map { $0.reduce(0, &+) }.reduce(0, mix)",
      arrayCode:
        "stride(from: 0, to: count, by: 100).map { values[$0..<min($0 + 100, count)].reduce(0, &+) }…",
      lazyLimit: 3,
      note: ".lazy: the same over stride(…).lazy (array slices, no copies).",
      prepare: { n in
        forms(
          readings(n), array: ChunkSums.array, lazy: ChunkSums.lazy, seq: ChunkSums.seq, loop: ChunkSums.loop)
      }),
    ScriptWorkload(
      id: "D6", name: "zipscan", scenario: "script: zip, map(+), running totals",
      seqCode: "a.seq.zip(with: b.seq).map { $0 &+ $1 }.scan(start: 0, reduce: &+).reduce(0, mix)",
      arrayCode: "zip(a, b).map { $0 &+ $1 }.map { total &+= $0; return total }.reduce(0, mix)",
      note: ".lazy: zip(a, b).lazy with the same two maps (no scan in the standard library).",
      prepare: { n in
        let a = readings(n)
        let b = opaque(a.reversed() as [Int])
        return ScriptForms(
          size: n, elements: n, array: { RunningTotals.array(a, b) }, lazy: { RunningTotals.lazy(a, b) },
          seq: { RunningTotals.seq(a, b) }, loop: { RunningTotals.loop(a, b) })
      }),
    ScriptWorkload(
      id: "D7", name: "flatmap", scenario: "script: orders → items, flatMap/filter/map/sum",
      seqCode:
        "orders.seq.flatMap { $0.items }.filter { $0.quantity > 0 }.map { $0.quantity &* $0.price }.reduce(0, &+)",
      arrayCode: "orders.flatMap { $0.items }.filter { … }.map { … }.reduce(0, &+)",
      note: "n items in orders of 1 to 9 items (5 on average); ns per item.",
      prepare: { n in
        let orders = OrderTotals.input(n)
        return ScriptForms(
          size: n, elements: n, array: { OrderTotals.array(orders) }, lazy: { OrderTotals.lazy(orders) },
          seq: { OrderTotals.seq(orders) }, loop: { OrderTotals.loop(orders) })
      }),
    ScriptWorkload(
      id: "D8", name: "rewalks", scenario: "script: a mapped array walked 5 times",
      seqCode: "let mapped = values.seq.map { $0 &* 3 &+ 1 }; five for-in walks (the first memoizes)",
      arrayCode: "let mapped = values.map { … }; five for-in walks",
      lazyLimit: 3,
      note:
        "ns per walked element (5n); each call builds the mapped sequence afresh. .lazy: the closure runs on every walk.",
      prepare: { n in
        let values = CheapClosures.input(n)
        return ScriptForms(
          size: n, elements: 5 * n, array: { ReWalks.array(values) }, lazy: { ReWalks.lazy(values) },
          seq: { ReWalks.seq(values) }, loop: { ReWalks.loop(values) })
      }),
    ScriptWorkload(
      id: "D9", name: "headtail", scenario: "script: head/tail walk of a map",
      seqCode: "var s = values.seq.map { … }; while let (h, t) = s.uncons { …; s = t }",
      arrayCode: "var s = values.map { … }[...]; while let h = s.first { …; s = s.dropFirst() }",
      lazyLimit: 3,
      note: ".lazy: the same first/dropFirst walk over values.lazy.map { … }[...].",
      prepare: { n in
        forms(
          CheapClosures.input(n), array: HeadTail.array, lazy: HeadTail.lazy, seq: HeadTail.seq,
          loop: HeadTail.loop)
      }),
    ScriptWorkload(
      id: "D10", name: "file", scenario: "script: log lines, parse, count per user",
      seqCode: "lines.seq.map(parse).reduce(into: [:]) { $0[$1.user, default: 0] += $1.bytes }",
      arrayCode: "lines.map(parse).reduce(into: [:]) { … }",
      note:
        "n lines of 106 bytes on average (10.6 MB at 100k), generated and split once, untimed; parse splits a line at spaces.",
      prepare: { n in
        let lines = LogFile.input(n)
        return ScriptForms(
          size: n, elements: n, array: { LogFile.array(lines) }, lazy: { LogFile.lazy(lines) },
          seq: { LogFile.seq(lines) }, loop: { LogFile.loop(lines) })
      }),
  ]
}

extension Runner {
  /// The scripts rows (`--only scripts`): each workload's four forms timed
  /// interleaved; ours is `Seq`, the baseline `Array`, and `.lazy` and the
  /// loop are extra sides. Target: `Seq` within 3× `Array` on every row,
  /// and within 3× `.lazy` where the workload sets `lazyLimit`.
  mutating func scriptScenarios() {
    // The Array forms make arrays of up to a few MB per call. glibc's malloc
    // maps every block above its mmap threshold (128 kB at start) afresh,
    // so each call page-faults its arrays in again, until a larger mapped
    // block is freed, which raises the threshold; so the Array column would
    // depend on what ran earlier in the process. Freeing one 31 MB block
    // (just under the 32 MB cap of that threshold) first lets the arrays
    // reuse heap memory in every run: the Array forms' fastest case.
    UnsafeMutableRawPointer.allocate(byteCount: 31 << 20, alignment: 16).deallocate()
    for workload in ScriptWorkload.all {
      let forms = workload.prepare(config.scriptN)
      progress("scripts \(workload.id) (\(workload.scenario)) at n = \(formatSize(forms.size))")
      let elements = forms.elements
      let samples = runInterleaved(
        [
          Contender(name: "\(workload.id) Seq", elements: elements, body: forms.seq),
          Contender(name: "\(workload.id) Array", elements: elements, body: forms.array),
          Contender(name: "\(workload.id) .lazy", elements: elements, body: forms.lazy),
          Contender(name: "\(workload.id) loop", elements: elements, body: forms.loop),
        ], reps: config.reps, minElementsPerSample: config.minElementsPerSample)
      for (index, form) in [(0, "Seq"), (2, ".lazy"), (3, "loop")] {
        expectSameChecksum(
          "\(workload.id) \(form) against Array", ours: samples[index].checksum,
          baseline: samples[1].checksum)
      }
      rows.append(
        ResultRow(
          id: workload.id, scenario: workload.scenario, size: forms.size, unit: "ns/el",
          ours: samples[0].nsPerElement, oursName: workload.seqCode,
          baseline: samples[1].nsPerElement, baselineName: workload.arrayCode, target: .ratio(3),
          note: workload.note, labels: ("Seq", "Array"),
          extras: [
            ExtraSide(name: ".lazy", value: samples[2].nsPerElement, limit: workload.lazyLimit),
            ExtraSide(name: "loop", value: samples[3].nsPerElement),
          ]))
    }
  }
}

/// The scripts rows' `--instructions` cases: `script-NAME-FORM` makes the
/// input for n and runs one form once (`array`, `lazy`, `seq`, `loop`);
/// `script-NAME-setup` only makes the input (its count is in every form's).
let scriptInstructionCases: [String: @Sendable (Int) -> Int] = {
  var cases: [String: @Sendable (Int) -> Int] = [:]
  for workload in ScriptWorkload.all {
    let prepare = workload.prepare
    cases["script-\(workload.name)-setup"] = { prepare($0).elements }
    cases["script-\(workload.name)-array"] = { prepare($0).array() }
    cases["script-\(workload.name)-lazy"] = { prepare($0).lazy() }
    cases["script-\(workload.name)-seq"] = { prepare($0).seq() }
    cases["script-\(workload.name)-loop"] = { prepare($0).loop() }
  }
  return cases
}()
