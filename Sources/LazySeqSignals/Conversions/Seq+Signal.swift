// Sequence → signal (RAC `-signalWithScheduler:`).

public import LazySeq

extension Seq {
  /// A cold signal that sends this sequence's elements, then completes.
  ///
  /// Each subscription walks the sequence from its start (elements already
  /// evaluated are reused: the sequence is memoized). On an asynchronous
  /// scheduler each element is sent from its own scheduled action, so other
  /// work on the scheduler interleaves with a long sequence; on the
  /// `ImmediateScheduler` (the default) the elements are sent synchronously
  /// during `subscribe`. Disposing the subscription stops the walk, so an
  /// infinite sequence can be consumed with `take`:
  ///
  /// ```swift
  /// let squares = Seq.iterate(1) { $0 + 1 }.map { $0 * $0 }
  /// print(try squares.signal().take(3).toArray())   // [1, 4, 9]
  /// ```
  ///
  /// - Parameter scheduler: Where to send the elements.
  /// - Returns: A signal of the elements.
  /// - Complexity: O(1) per element sent, plus evaluating it.
  @inlinable
  public func signal(on scheduler: any Scheduler = ImmediateScheduler()) -> Signal<Element> {
    let start = self
    // The immediate scheduler runs every action at once, so "one element per
    // action" would only add a closure per element; a loop sends the same
    // events in the same order, in constant stack.
    if scheduler is ImmediateScheduler {
      return Signal(attach: { sink, lifetime in Self.sendAll(start, to: sink, lifetime) })
    }
    return scheduled(on: scheduler)
  }

  /// The immediate form: one loop on the subscribing thread sends every
  /// element, then completes.
  ///
  /// The loop is the only sender of this subscription, so its events are
  /// serial by construction and it needs no gate (no `Subscriber`): like a
  /// fused operator (THE PATTERN in Operators.swift), it checks the shared
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
  func scheduled(on scheduler: any Scheduler) -> Signal<Element> {
    let start = self
    return Signal { subscriber in
      let pump = Operators.SeqPump(start, scheduler: scheduler, subscriber: subscriber)
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
  final class SeqPump<Element>: @unchecked Sendable {
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
