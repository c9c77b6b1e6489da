// Must not compile: a scheduler action that mutates a local `var`. A
// QueueScheduler runs the action on its queue while this function goes on,
// so scheduler actions are @Sendable.
import LazySeqSignals

func tick() {
  var ticks = 0
  QueueScheduler(label: "ticks").schedule { ticks += 1 }  // rejected: mutation of a captured var
  print(ticks)
}
