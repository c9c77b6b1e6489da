import LazySeqSignals
import LazySeqTestSupport
import Testing

/// RAC's RACSignalSpec checklist: value transforms, materialize, Booleans, groupBy and aggregates (G28, G39, G56–G59).
@Suite struct TransformTests {
  @Test("G28: distinctUntilChanged drops consecutive duplicates") func g28DistinctUntilChanged() {
    #expect(
      recorded(signal([1, 2, 2, 1, 1]).distinctUntilChanged()) == [.next(1), .next(2), .next(1), .completed])
    let optionals: [Int?] = [1, nil, nil, nil, 1]
    #expect(
      history(signal(optionals).distinctUntilChanged())
        == ["next(Optional(1))", "next(nil)", "next(Optional(1))", "completed"])
    #expect(
      history(signal([nil, nil, 1] as [Int?]).distinctUntilChanged())
        == ["next(nil)", "next(Optional(1))", "completed"])
  }

  @Test("G39: collect sends all values as one array on completion") func g39Collect() {
    #expect(recorded(signal([1, 2, 3]).collect()) == [.next([1, 2, 3]), .completed])
    #expect(recorded(Signal<Int>.empty.collect()) == [.next([]), .completed])
  }

  @Test("G56: ignoreValues forwards only the terminal event") func g56IgnoreValues() {
    #expect(recorded(signal([1, 2]).ignoreValues()) == [.completed])
    #expect(recorded(Signal<Int>.error(TestError.boom).ignoreValues()) == [.error(TestError.boom)])
  }

  @Test("G57: materialize and dematerialize round-trip every event") func g57MaterializeAndDematerialize() {
    #expect(history(Signal.just(1).materialize()) == ["next(next(1))", "next(completed)", "completed"])
    #expect(history(Signal<Int>.error(TestError.boom).materialize()) == ["next(error(boom))", "completed"])
    #expect(recorded(signal([1, 2]).materialize().dematerialize()) == [.next(1), .next(2), .completed])
    let events: [Event<Int>] = [.next(1), .error(TestError.boom), .next(2)]
    #expect(recorded(signal(events).dematerialize()) == [.next(1), .error(TestError.boom)])
    #expect(recorded(signal([Event<Int>.completed, .next(1)]).dematerialize()) == [.completed])
  }

  @Test("G58: not, and, or on Boolean signals") func g58NotAndOr() {
    #expect(recorded(signal([true, false]).not()) == [.next(false), .next(true), .completed])
    let rows: [[Bool]] = [[true, true], [true, false], [false, false], []]
    #expect(
      recorded(signal(rows).and()) == [.next(true), .next(false), .next(false), .next(true), .completed])
    #expect(
      recorded(signal(rows).or()) == [.next(true), .next(true), .next(false), .next(false), .completed])
  }

  @Test("G59: groupBy sends one group per key, then the terminal to each group") func g59GroupBy() {
    let log = Guarded<[String]>([])
    let grouped = signal([1, 2, 3, 4, 5]).groupBy({ $0 % 2 == 0 ? "even" : "odd" }, transform: { $0 * 10 })
    grouped.subscribe(
      next: { group in
        group.signal.subscribe(
          next: { log.value.append("\(group.key) \($0)") },
          completed: { log.value.append("\(group.key) done") })
      }, completed: { log.value.append("done") })
    #expect(
      log.value == ["odd 10", "even 20", "odd 30", "even 40", "odd 50", "odd done", "even done", "done"])
    let errors = Guarded<[String]>([])
    Signal<Int>.error(TestError.boom).startWith(1).groupBy { $0 }.subscribe(next: { group in
      group.signal.subscribe(error: { errors.value.append("group \(group.key) \($0)") })
    })
    #expect(errors.value == ["group 1 boom"])
  }

  @Test("aggregate, any and all send one result and complete") func aggregateAnyAll() {
    #expect(recorded(signal([1, 2, 3]).aggregate(start: 0, reduce: +)) == [.next(6), .completed])
    #expect(recorded(Signal<Int>.empty.aggregate(start: 5, reduce: +)) == [.next(5), .completed])
    #expect(
      recorded(signal([1, 2, 3]).aggregate(start: 0) { $0 + $1 * $2 }) == [.next(0 + 2 + 6), .completed])
    #expect(recorded(signal([1, 2, 3]).any { $0 == 2 }) == [.next(true), .completed])
    #expect(recorded(signal([1, 2, 3]).any { $0 == 5 }) == [.next(false), .completed])
    #expect(recorded(Signal<Int>.empty.any()) == [.next(false), .completed])
    #expect(recorded(infinite(1).any()) == [.next(true), .completed])
    #expect(recorded(signal([1, 2, 3]).all { $0 > 0 }) == [.next(true), .completed])
    #expect(recorded(infinite(1).all { $0 > 1 }) == [.next(false), .completed])
    #expect(recorded(Signal<Int>.error(TestError.boom).all { $0 > 0 }) == [.error(TestError.boom)])
  }

  @Test("Compact map and start with") func compactMapAndStartWith() {
    #expect(recorded(signal(["1", "x", "3"]).compactMap { Int($0) }) == [.next(1), .next(3), .completed])
    #expect(recorded(Signal<Int>.empty.startWith(0)) == [.next(0), .completed])
  }
}
