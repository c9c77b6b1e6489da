// Must not compile: uniqued(on:) keyed by a non-Sendable class. The keys
// seen are kept for the whole subscription and hashed and compared again
// for each later value, on whichever thread sends it, while the code that
// made a key may still mutate it. An operator that keeps keys
// (uniqued(on:), groupBy) requires Key: Sendable; the values themselves,
// passed on at once, may be of any type.
// The classes are `nonisolated`: with main-actor default isolation an
// unannotated class is main-actor isolated, and so Sendable.
import LazySeqSignals

nonisolated final class Owner: Hashable {
  var name: String

  init(_ name: String) {
    self.name = name
  }

  static func == (lhs: Owner, rhs: Owner) -> Bool { lhs.name == rhs.name }
  func hash(into hasher: inout Hasher) { hasher.combine(name) }
}

nonisolated struct Document {
  let owner: Owner
  let title: String
}

nonisolated func firstPerOwner(_ documents: Signal<Document>) -> Signal<Document> {
  documents.uniqued(on: { $0.owner })  // rejected: uniqued(on:) requires Owner: Sendable
}
