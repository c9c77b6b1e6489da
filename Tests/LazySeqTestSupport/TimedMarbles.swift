// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// Marble diagrams on virtual time: sources that send on a `TestScheduler`,
// and a recorder that draws what a signal sent as a diagram to compare.
//
// A diagram is read one tick at a time (the tick is a `Duration` the test
// chooses):
//
// - `-`: nothing happens in this tick;
// - a character: that one-character `String` value is sent;
// - `(text)`: the value `text` (for values longer than one character);
// - `|`: completion; `#`: the error `TestError.boom`; `#(text)`: an error
//   whose description is `text`;
// - `[…]`: everything inside happens in the same tick, in order.
//
// Spaces are ignored. `"a--b|"` sends `a` at tick 0, `b` at tick 3 and
// completes at tick 4; a recorded diagram ends at its last event.

package import LazySeqSignals
package import Testing

/// The events of a marble diagram, each with its tick.
package func timedMarbles(_ diagram: String) -> [(tick: Int, event: Recorded<String>)] {
  parseMarbles(diagram).events
}

private func parseMarbles(_ diagram: String) -> (events: [(tick: Int, event: Recorded<String>)], ticks: Int) {
  var result: [(tick: Int, event: Recorded<String>)] = []
  var tick = 0
  var inGroup = false
  var characters = diagram.makeIterator()

  func text() -> String {
    var text = ""
    while let character = characters.next(), character != ")" { text.append(character) }
    return text
  }

  var pending: Character? = nil
  while let character = pending ?? characters.next() {
    pending = nil
    var event: Recorded<String>? = nil
    switch character {
    case " ": continue
    case "-": break
    case "[":
      inGroup = true
      continue
    case "]":
      inGroup = false
    case "|": event = .completed
    case "(": event = .next(text())
    case "#":
      let next = characters.next()
      if next == "(" {
        event = .failed(text())
      } else {
        event = .error(TestError.boom)
        pending = next
      }
    default: event = .next(String(character))
    }
    if let event { result.append((tick, event)) }
    if !inGroup { tick += 1 }
  }
  return (result, tick)
}

/// The number of ticks `diagram` spans, trailing `-` included.
package func marbleTicks(_ diagram: String) -> Int {
  parseMarbles(diagram).ticks
}

extension TestScheduler {
  /// A hot signal that sends the events of `diagram` from now on, one
  /// `tick` per position, whether or not anyone subscribes.
  package func hot(_ diagram: String, tick: Duration) -> Signal<String> {
    let subject = Subject<String>()
    for (index, event) in timedMarbles(diagram) {
      schedule(after: tick * index) {
        send(event, next: subject.sendNext, error: subject.sendError, completed: subject.sendCompleted)
      }
    }
    return subject.signal
  }

  /// A cold signal that sends the events of `diagram` from the moment of
  /// each subscription, one `tick` per position.
  package func cold(_ diagram: String, tick: Duration) -> Signal<String> {
    let events = timedMarbles(diagram)
    return Signal { subscriber in
      let scheduled = CompoundDisposable()
      for (index, event) in events {
        scheduled.add(
          self.schedule(after: tick * index) {
            send(
              event, next: subscriber.sendNext, error: subscriber.sendError,
              completed: subscriber.sendCompleted)
          })
      }
      return scheduled
    }
  }
}

private func send(
  _ event: Recorded<String>, next: (String) -> Void, error: (any Error) -> Void, completed: () -> Void
) {
  switch event {
  case .next(let value): next(value)
  case .failed("\(TestError.boom)"): error(TestError.boom)
  case .failed(let description): error(DescribedError(description: description))
  case .completed: completed()
  }
}

private struct DescribedError: Error, CustomStringConvertible {
  var description: String
}

/// Records the events of a signal with their virtual time, and draws them
/// as a marble diagram that starts when the recording starts.
package final class Timeline<T>: @unchecked Sendable {
  private let entries = Guarded<[(time: Duration, event: Event<T>)]>([])
  private let start: Duration
  private let tick: Duration
  /// The recording subscription.
  package private(set) var subscription: (any Disposable)?

  package init(_ signal: Signal<T>, on scheduler: TestScheduler, tick: Duration) {
    start = scheduler.now
    self.tick = tick
    let entries = entries
    subscription = signal.subscribe(
      Subscriber(
        next: { value in entries.mutate { $0.append((scheduler.now, .next(value))) } },
        error: { error in entries.mutate { $0.append((scheduler.now, .error(error))) } },
        completed: { entries.mutate { $0.append((scheduler.now, .completed)) } }))
  }

  /// What the signal sent so far, as a marble diagram (values by their
  /// descriptions). An event between two ticks is reported as an issue.
  package func diagram(sourceLocation: SourceLocation = #_sourceLocation) -> String {
    var byTick: [Int: [String]] = [:]
    var lastTick = -1
    for (time, event) in entries.value {
      let position = (time - start) / tick
      let index = Int(position.rounded(.down))
      if Double(index) != position {
        Issue.record("an event at \(time) falls between two ticks of \(tick)", sourceLocation: sourceLocation)
      }
      byTick[index, default: []].append(symbol(event))
      lastTick = max(lastTick, index)
    }
    guard lastTick >= 0 else { return "" }
    return (0...lastTick).map { index in
      guard let symbols = byTick[index] else { return "-" }
      return symbols.count == 1 ? symbols[0] : "[" + symbols.joined() + "]"
    }.joined()
  }

  private func symbol(_ event: Event<T>) -> String {
    switch event {
    case .next(let value):
      let text = "\(value)"
      return text.count == 1 ? text : "(\(text))"
    case .error(let error):
      let text = "\(error)"
      return text == "\(TestError.boom)" ? "#" : "#(\(text))"
    case .completed: return "|"
    }
  }
}

/// Runs `operation` on a hot source that sends `input`, and expects its
/// output to draw `expected`, both with one `tick` per position (after
/// swift-async-algorithms' `validate`). The clock runs one tick past the
/// longer diagram: trailing `-` in `input` give a slow operator time.
///
/// ```swift
/// validateMarbles("ab---c|", expected: "--b---[c|]") { $0.debounce(.seconds(2), on: $1) }
/// ```
package func validateMarbles<Output>(
  _ input: String,
  tick: Duration = .seconds(1),
  expected: String,
  sourceLocation: SourceLocation = #_sourceLocation,
  _ operation: (Signal<String>, TestScheduler) -> Signal<Output>
) {
  let scheduler = TestScheduler()
  let timeline = Timeline(operation(scheduler.hot(input, tick: tick), scheduler), on: scheduler, tick: tick)
  scheduler.advance(by: tick * (max(marbleTicks(input), marbleTicks(expected)) + 1))
  #expect(timeline.diagram(sourceLocation: sourceLocation) == expected, sourceLocation: sourceLocation)
  timeline.subscription?.dispose()
}
