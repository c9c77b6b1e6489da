// Must not compile: an explicitly @MainActor closure given to subscribe(next:)
// after deliver(on:) a background queue. subscribe takes @Sendable closures
// that run wherever the signal delivers; the conversion would drop the main
// actor. With deliverOnMainThread() (whose subscribe takes @MainActor
// closures) it compiles.
import LazySeqSignals

@MainActor
func show(_ text: String) {
  print(text)
}

func present(_ names: Signal<String>) {
  names.deliver(on: QueueScheduler(label: "work"))
    .subscribe(next: { @MainActor name in show(name) })  // rejected: loses the main actor
}
