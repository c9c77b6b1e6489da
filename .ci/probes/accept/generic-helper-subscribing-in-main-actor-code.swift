// Must compile: generic helpers in main-actor code. With `Sendable` values
// the callback runs on the main actor (it may touch the view); with values
// of any type a `Subscriber`'s nonisolated callbacks run on the sending
// thread, and the value never leaves it.
import LazySeqSignals

@MainActor final class Label {
  var text = ""
}

@MainActor func show<T: Sendable>(_ values: Signal<T>, in label: Label) -> any Disposable {
  values.subscribe(next: { label.text = "\($0)" })
}

func count<T>(_ values: Signal<T>) -> any Disposable {
  values.subscribe(Subscriber(next: { value in print(value) }))
}

nonisolated final class Box {
  var count = 0
}

@MainActor func demo() {
  let label = Label()
  _ = show(Signal.just(42), in: label)
  _ = count(Subject<Box>().signal)
}
