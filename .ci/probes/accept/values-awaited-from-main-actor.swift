// Must compile: a @MainActor function iterates a signal's values with
// `for try await` and appends them to main-actor state.
import LazySeqSignals

@MainActor
final class Log {
  var lines: [String] = []
}

@MainActor
func record(_ names: Signal<String>, in log: Log) async throws {
  for try await name in names.values {
    log.lines.append(name)
  }
}
