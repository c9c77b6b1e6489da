// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// Sequence → signal (RAC `-signalWithScheduler:`).

public import LazySeq

extension Signal where Value: Sendable {
  /// A cold signal that sends the elements of `sequence`, then completes.
  /// RAC `-signalWithScheduler:`.
  ///
  /// Each subscription walks the sequence from its start (elements already
  /// evaluated are reused: the sequence is memoized, and each element is
  /// computed once however many subscriptions walk it, on whatever
  /// threads). On an asynchronous scheduler each element is sent from its
  /// own scheduled action, so other work on the scheduler interleaves with a
  /// long sequence; on the `ImmediateScheduler` (the default) the elements
  /// are sent synchronously during `subscribe`. Disposing the subscription
  /// stops the walk, so an infinite sequence can be consumed with `take`:
  ///
  /// ```swift
  /// let squares = Seq.iterate(1) { $0 + 1 }.map { $0 * $0 }
  /// print(try Signal(squares).take(3).toArray())   // [1, 4, 9]
  /// ```
  ///
  /// The sequence is *sent* into the signal (`sending`): a signal can be
  /// subscribed on any thread, so the sequence, its closures and what they
  /// capture move into it, as into a `Mutex`. To keep using a sequence
  /// yourself, share it first with `Seq.Shared` and use
  /// `Seq.Shared.signal(on:)`.
  ///
  /// - Parameters:
  ///   - sequence: the elements to send.
  ///   - scheduler: where to send the elements.
  /// - Complexity: O(1) per element sent, plus evaluating it.
  @inlinable
  public convenience init(
    _ sequence: sending Seq<Value>, on scheduler: any Scheduler = ImmediateScheduler()
  ) {
    self.init(attach: Seq.signal(of: Seq.Shared(sequence), on: scheduler).attach)
  }
}

extension Seq {
  /// Sequence → signal is `Signal(_:on:)` now: a signal can be subscribed on
  /// any thread, so the sequence must be sent into it.
  @available(*, unavailable, renamed: "Signal(_:on:)")
  public func signal(on scheduler: any Scheduler = ImmediateScheduler()) -> Signal<Element> {
    preconditionFailure("Seq.signal(on:) is unavailable: use Signal(_:on:)")
  }
}

extension Seq.Shared {
  /// A cold signal that sends this shared sequence's elements, then
  /// completes: ``Signal/init(_:on:)`` for a sequence you keep using.
  ///
  /// ```swift
  /// let squares = Seq.Shared(Seq(1...3).map { $0 * $0 })
  /// print(try squares.signal().toArray())  // [1, 4, 9]
  /// print(squares.array)                   // [1, 4, 9] (the same memo)
  /// ```
  ///
  /// - Parameter scheduler: where to send the elements.
  /// - Returns: a signal of the elements; each subscription walks the
  ///   shared memo from its start.
  @inlinable
  public func signal(on scheduler: any Scheduler = ImmediateScheduler()) -> Signal<Element> {
    Seq.signal(of: self, on: scheduler)
  }
}

extension Seq where Element: Sendable {
  /// The recipe of `Signal(sequence, on: scheduler)`: each subscription
  /// walks its own handle on the shared memo, so subscriptions on several
  /// threads evaluate each element once.
  @inlinable
  static func signal(
    of start: Seq<Element>.Shared, on scheduler: any Scheduler
  ) -> Signal<Element> {
    // The immediate scheduler runs every action at once, so "one element per
    // action" would only add a closure per element; a loop sends the same
    // events in the same order, in constant stack.
    if scheduler is ImmediateScheduler {
      return Signal(attach: { sink, lifetime in Self.sendAll(start.seq, to: sink, lifetime) })
    }
    return scheduled(start, on: scheduler)
  }

  /// The immediate form: one loop on the subscribing thread sends every
  /// element, then completes.
  ///
  /// The loop is the only sender of this subscription, so its events are
  /// serial by construction and it needs no gate (no `Subscriber`): like a
  /// fused operator (THE PATTERN in Engine.swift), it checks the shared
  /// lifetime before each element (a `take` downstream, or a `dispose()`
  /// from a callback or from another thread, stops the walk), and on
  /// completion disposes the lifetime first, then calls `end`. Nobody else
  /// can send to this sink, so there is nothing to queue.
  @inlinable
  static func sendAll(_ start: Seq<Element>, to sink: Sink<Element>, _ lifetime: Lifetime) {
    var iterator = start.makeIterator()
    while !lifetime.isDisposed, let element = iterator.next() {
      sink.next(element)
    }
    guard !lifetime.isDisposed else { return }
    lifetime.dispose()
    sink.end(.completed)
  }

  /// One element per scheduled action.
  @usableFromInline
  static func scheduled(
    _ start: Seq<Element>.Shared, on scheduler: any Scheduler
  ) -> Signal<Element> {
    Signal { subscriber in
      let pump = Operators.SeqPump(start.seq, scheduler: scheduler, subscriber: subscriber)
      pump.step()
      return pump.pending
    }
  }
}

extension Operators {
  /// Sends a `Seq`'s elements one per scheduled action: each action sends
  /// one element and schedules the next (so other work on the scheduler
  /// interleaves, and the stack does not grow).
  // @unchecked: the actions of one subscription run one at a time (each is
  // scheduled by the previous one), so `iterator` is never used concurrently.
  final class SeqPump<Element: Sendable>: @unchecked Sendable {
    private var iterator: Seq<Element>.Iterator
    private let scheduler: any Scheduler
    private let subscriber: Subscriber<Element>
    /// The next scheduled action; disposing it stops the walk.
    let pending = SerialDisposable()

    init(_ seq: Seq<Element>, scheduler: any Scheduler, subscriber: Subscriber<Element>) {
      self.iterator = seq.makeIterator()
      self.scheduler = scheduler
      self.subscriber = subscriber
    }

    func step() {
      pending.inner = scheduler.schedule { [self] in
        guard !subscriber.isDisposed, !pending.isDisposed else { return }
        if let element = iterator.next() {
          subscriber.sendNext(element)
          step()
        } else {
          subscriber.sendCompleted()
        }
      }
    }
  }
}
