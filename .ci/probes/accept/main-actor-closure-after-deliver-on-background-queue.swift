// Must compile: an explicitly @MainActor closure given to subscribe(next:)
// after deliver(on:) a background queue. A terminal callback runs on the
// actor it was written on, so it runs on the main actor, whatever queue
// sends. (Rejected when terminal callbacks were plain @Sendable closures.)
import LazySeqSignals

@MainActor
func show(_ text: String) {
  print(text)
}

func present(_ names: Signal<String>) {
  names.deliver(on: QueueScheduler(label: "work"))
    .subscribe(next: { @MainActor name in show(name) })
}
