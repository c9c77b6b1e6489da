// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// Seq.Shared: one memo walked from many threads.
//
// A `Seq` belongs to one isolation domain (its operator closures are plain
// closures, which may touch that domain's state). `Seq.Shared` takes a
// sequence *and everything its closures capture* out of the caller's region
// (`sending`, the argument `Mutex` makes), and is then `Sendable`. Its
// soundness rests on invariant I1 (Locking.swift, Docs/Contracts.md): every
// closure stored in the storages reachable from one `Seq` runs only while
// that sequence's forcing claim is held, so the closures of the region it
// took run one at a time, whichever threads walk it.

extension Seq where Element: Sendable {
  /// A lazy, memoized sequence that any number of threads may walk at once,
  /// each element computed once for all of them.
  ///
  /// A ``Seq`` is not `Sendable`: its operators store plain closures, which
  /// may read and write the state of the code that built it. `Seq.Shared`
  /// takes a sequence together with everything its closures capture (the
  /// argument is `sending`, as for `Mutex`), so nothing else can reach that
  /// state; it is then `Sendable` and can be walked from any task or thread.
  ///
  /// ```swift
  /// let squares = Seq.Shared(Seq(1...4).map { $0 * $0 })
  /// let sums = await withTaskGroup(of: Int.self) { group in
  ///   for _ in 0..<3 { group.addTask { squares.reduce(0, +) } }
  ///   var sums: [Int] = []
  ///   for await sum in group { sums.append(sum) }
  ///   return sums
  /// }
  /// print(sums)   // [30, 30, 30]
  /// ```
  ///
  /// The shared sequence is evaluated lazily, at most once per element,
  /// however many threads walk it: forcing an element claims it (one
  /// compare-and-swap), so the closures of the sequence and of everything it
  /// was built from run one at a time, on whichever thread demanded the
  /// element first; the other threads wait for it, and reading an element
  /// already evaluated takes no lock. ``seq`` is a local handle on the same
  /// memo, to build further operators on.
  ///
  /// - Important: A shared sequence may be infinite; ``array`` and loops
  ///   without a bound then never end, on every thread that runs them.
  public struct Shared: Sendable, Sequence {
    @usableFromInline internal let _shared: _SharedStorage<Element>
    @usableFromInline internal let _index: Int
    @usableFromInline internal let _mode: Int

    /// Shares `seq`, and everything its closures capture, between threads.
    ///
    /// Evaluates nothing. The sequence's evaluation policy (``Seq/eager``
    /// or ``Seq/lazy``) carries over to ``seq``.
    ///
    /// ```swift
    /// let names = Seq.Shared(Seq(["ada", "bob"]).map { $0.uppercased() })
    /// print(names)         // Seq(…)
    /// print(names.array)   // ["ADA", "BOB"]
    /// ```
    ///
    /// - Parameter seq: The sequence to share. It is sent: the caller can
    ///   no longer use it, nor anything its operator closures capture.
    /// - Complexity: O(1).
    @inlinable
    public init(_ seq: sending Seq<Element>) {
      self.init(_unchecked: seq)
    }

    /// Builds a sequence in `make` and shares it between threads.
    ///
    /// `make` runs once, at once, and belongs to no actor: the closures
    /// written inside it are not the caller's, even in `@MainActor` code (or
    /// a module whose default isolation is the main actor), so the sequence
    /// it builds can be shared without marking each closure `@Sendable`.
    ///
    /// ```swift
    /// @MainActor func total() -> Int {
    ///   let squares = Seq.Shared { Seq(0..<1_000).map { $0 * $0 } }
    ///   return squares.reduce(0, +)   // 332833500
    /// }
    /// ```
    ///
    /// Nothing of the sequence is evaluated: only `make` runs.
    ///
    /// - Parameter make: Builds the sequence to share. It is `@Sendable`, so
    ///   it cannot capture the caller's mutable state, and its result is
    ///   `sending`: a sequence nothing else can reach.
    /// - Complexity: The cost of `make`.
    @inlinable
    public init(_ make: @Sendable () -> sending Seq<Element>) {
      self.init(make())
    }

    /// Shares `seq` without taking it from the caller's region; for
    /// sequences the library built and whose closures are `@Sendable`.
    @inlinable
    internal init(_unchecked seq: Seq<Element>) {
      _shared = _SharedStorage(seq._storage)
      _index = seq._index
      _mode = seq._mode
    }

    /// A handle on the same memo, to walk or to build further operators on.
    ///
    /// The handle is an ordinary ``Seq``: what you build on it belongs to
    /// the code that builds it, while the elements it reads from the shared
    /// memo are still computed once for every thread.
    ///
    /// ```swift
    /// let numbers = Seq.Shared(Seq(1...5).map { $0 * 10 })
    /// print(numbers.seq.filter { $0 > 20 }.array)   // [30, 40, 50]
    /// ```
    ///
    /// - Complexity: O(1).
    @inlinable
    public var seq: Seq<Element> {
      Seq(_storage: _shared.storage, index: _index, mode: _mode)
    }

    /// The first element, or `nil` if the sequence is empty.
    ///
    /// Evaluates at most the first element (memoized).
    ///
    /// - Complexity: O(1) once evaluated.
    @inlinable
    public var head: Element? { seq.head }

    /// Whether the sequence has no elements. Evaluates at most the first one.
    ///
    /// - Complexity: O(1) once the first element is evaluated.
    @inlinable
    public var isEmpty: Bool { seq.isEmpty }

    /// All the elements, in order, in an array. Evaluates everything.
    ///
    /// - Important: Never returns on an infinite sequence.
    /// - Complexity: O(*n*).
    @inlinable
    public var array: [Element] { seq.array }

    /// Returns an iterator that walks the shared sequence lazily.
    ///
    /// Each iterator is its own moving position, used by one loop; the
    /// elements it evaluates are shared with every other walker.
    ///
    /// - Complexity: O(1).
    @inlinable
    public func makeIterator() -> Seq<Element>.Iterator { seq.makeIterator() }

    /// The number of elements already known to exist without evaluating
    /// more.
    @inlinable
    public var underestimatedCount: Int { seq.underestimatedCount }

    /// The elements that fail `belongsInSecond` and those that satisfy it,
    /// as two shared sequences sharing one evaluation.
    ///
    /// ```swift
    /// let numbers = Seq.Shared(Seq(1...6))
    /// let (odds, evens) = numbers.partitioned(by: { $0.isMultiple(of: 2) })
    /// print(odds.array, evens.array)   // [1, 3, 5] [2, 4, 6]
    /// ```
    ///
    /// Evaluated lazily, as ``Seq/partitioned(by:)``: the shared source is
    /// walked once for both sides and `belongsInSecond` runs at most once
    /// per element, whichever side is walked, from whichever thread. The
    /// sides may be walked by different threads at once.
    ///
    /// - Important: Walking a side for an element that never comes (an
    ///   infinite source whose elements all go to the other side) never
    ///   returns.
    /// - Parameter belongsInSecond: Whether an element goes to
    ///   `trueElements`. It may run on any thread that walks either side.
    /// - Returns: `falseElements` and `trueElements`, each in source order.
    /// - Complexity: O(1) to create; O(1) amortized per source element.
    @inlinable
    public func partitioned(
      by belongsInSecond: @escaping @Sendable (Element) -> Bool
    ) -> (falseElements: Shared, trueElements: Shared) {
      // Both sides run only the shared memo's claims and `belongsInSecond`
      // (under the partition's own lock), so they may be shared apart.
      let (falseElements, trueElements) = seq.partitioned(by: belongsInSecond)
      return (Shared(_unchecked: falseElements), Shared(_unchecked: trueElements))
    }
  }
}

/// The storage of a `Seq.Shared`: the module's one `@unchecked Sendable`
/// boundary, the one place a storage is handed to other threads.
///
/// Sound by invariant I1 (Locking.swift): the storage was taken whole
/// (`sending`), its values are written once and published with release
/// ordering, and every closure it reaches runs only under the forcing claim
/// of the storage that reaches it, so its closures run one at a time,
/// whichever threads walk it (`SharedConcurrencyTests`).
@frozen @usableFromInline
internal struct _SharedStorage<Element>: @unchecked Sendable {  // invariant I1 (Locking.swift)
  @usableFromInline internal let storage: _Storage<Element>?

  @inlinable
  internal init(_ storage: _Storage<Element>?) { self.storage = storage }
}

extension Seq.Shared: CustomStringConvertible {
  /// The elements evaluated so far, as ``Seq/description``: `Seq(1, 2, …)`.
  ///
  /// Never evaluates anything, so reading it from any thread is safe while
  /// others walk the sequence.
  ///
  /// - Complexity: O(1) in the length of the sequence.
  public var description: String { seq.description }
}
