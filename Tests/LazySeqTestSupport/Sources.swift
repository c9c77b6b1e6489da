// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// Small signals and errors the signal tests build on.

package import LazySeqSignals

/// The errors test signals fail with.
package enum TestError: Error, Equatable {
  case boom
  case other
}

/// A cold signal that sends `values` then completes.
package func signal<T: Sendable>(_ values: [T]) -> Signal<T> {
  Signal { subscriber in
    for value in values { subscriber.sendNext(value) }
    subscriber.sendCompleted()
    return nil
  }
}

/// An infinite signal: sends `value` until its subscription is disposed.
package func infinite<T: Sendable>(_ value: T) -> Signal<T> {
  Signal { subscriber in
    while !subscriber.isDisposed { subscriber.sendNext(value) }
    return nil
  }
}

/// Whether disposing a subscription of `operation(source)` disposes the
/// source's subscription.
package func disposalReachesTheSource<U>(_ operation: (Signal<Int>) -> Signal<U>) -> Bool {
  let disposed = Guarded(false)
  let source = Signal<Int> { _ in AnyDisposable { disposed.value = true } }
  operation(source).subscribe(Subscriber()).dispose()
  return disposed.value
}
