// Must compile: a nonisolated async function counts a signal's values in a
// local `var` with `for try await` (the sound replacement for mutating a
// `var` in a subscribe closure).
import LazySeqSignals

func count(_ numbers: Signal<Int>) async throws -> Int {
  var count = 0
  for try await _ in numbers.values {
    count += 1
  }
  return count
}
