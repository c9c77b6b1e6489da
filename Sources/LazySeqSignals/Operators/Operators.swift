// THE PATTERN: how to write an operator in the signal engine.
//
// A subscription attaches a `Sink<Value>` (a `next` closure and an `end`
// closure taking a non-generic `Completion`) together with one non-generic
// `Lifetime`. Events reach a sink serially: every sink sits behind exactly
// one *gate* (a `Subscriber`, a subject), the only places that lock. There
// are two kinds of operator, and choosing the wrong one is a bug:
//
// (a) A FUSED UNARY OPERATOR — one source, no scheduler, no lock. It wraps
//     the downstream sink in closures and attaches to its source with the
//     SAME lifetime (`lift`). Its state is plain `var`s captured by the
//     closures: the source's gate serializes every call. If it ends the
//     signal itself (take, any, …) it keeps a `done` flag, disposes the
//     shared lifetime FIRST (the source's gate then drops later sends and
//     the resources are released) and only then calls `sink.end`. Mark it
//     `@inlinable` so a client specializes the whole chain.
//
//       @inlinable
//       public func take(while predicate: @escaping @Sendable (Value) -> Bool) -> Signal<Value> {
//         lift { sink, lifetime in
//           var done = false
//           return Sink(
//             next: { value in
//               guard !done else { return }
//               if predicate(value) { return sink.next(value) }
//               done = true
//               lifetime.dispose()  // resources first,
//               sink.end(.completed)  // then the callback
//             },
//             end: { completion in
//               if !done { sink.end(completion) }
//             })
//         }
//       }
//
// (b) A GATE OPERATOR — more than one source, or a scheduler hop, or
//     anything that may call the downstream from two threads. It keeps the
//     public `Signal { downstream in … }` form: `downstream` is a
//     `Subscriber`, a gate, so whatever thread its sources send on, the
//     downstream receives events one at a time, in order, with re-entrant
//     sends queued. Subscribe to each source with `forward(to:next:…)`
//     (a child lifetime of the downstream, linked before the source runs:
//     disposed with it, forgotten when it ends) and send only through
//     `downstream.send…`. State shared by the sources (latest values, zip
//     buffers) lives INSIDE the downstream's gate: touch it only in
//     `downstream.serialize { … }`, which updates it and queues the sends
//     it produces in one step, so results arrive in the order the state
//     changed. (A lock of the operator's own, with the send after the
//     unlock, let a stale combineLatest tuple overtake a fresh one; see
//     `Subscriber.serialize`.) Bookkeeping that sends nothing of its own
//     (a count of live inner subscriptions) may sit in a `Locked`; never
//     call out while holding it. Never fuse such an operator: that would
//     silently lose serial delivery.
//
//       public func sample<U>(_ sampler: Signal<U>) -> Signal<Value> {
//         Signal { downstream in
//           var latest: Value?  // inside `downstream`'s gate
//           self.forward(to: downstream, next: { value in downstream.serialize { latest = value } })
//           guard !downstream.isDisposed else { return nil }
//           sampler.forward(
//             to: downstream,
//             next: { _ in
//               downstream.serialize { if let latest { downstream.sendNext(latest) } }
//             })
//           return nil
//         }
//       }
//
// A stateful time operator (throttle, buffer, delay, …) is a gate operator
// whose state is a named state machine in `Operators` (see
// `Operators.Throttle`): every transition happens under one lock, and a
// timer that fires carries the generation it was armed for, so a stale
// timer can never send.

/// The namespace of the internal operator implementations.
///
/// Each stateful operator is a nominal type in here, so stack traces read
/// `Operators.Zip…` rather than a chain of anonymous closures.
@usableFromInline
enum Operators {}

extension Signal {
  /// Builds a fused operator: `transform` wraps the downstream sink of each
  /// subscription, and the result attaches to this signal with the same
  /// lifetime. See THE PATTERN at the top of this file.
  @inlinable
  func lift<U>(_ transform: @escaping @Sendable (Sink<U>, Lifetime) -> Sink<Value>) -> Signal<U> {
    let attach = self.attach
    return Signal<U>(attach: { sink, lifetime in attach(transform(sink, lifetime), lifetime) })
  }
}
