// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// The lock-order check of the invariants build (`-Xswiftc
// -DLAZYSEQ_INVARIANTS`): every blocking acquisition of a library lock (a
// `Lock`, a `Gate`) records an edge from each lock the thread already holds
// to the one it takes; an edge that closes a cycle is a possible deadlock
// (two threads taking the same locks in opposite orders), reported whether
// or not the threads ever met. A test runs the library's shapes under it
// and requires no cycle, so a new operator cannot bring back a lock held
// around code that takes another library lock in the other order.
//
// A try-lock (a gate's maintenance) cannot wait, so it adds no edge into
// the lock it tries; the locks taken while holding it do get edges.

#if LAZYSEQ_INVARIANTS
  internal import LazySeq
  import Synchronization

  /// The graph of library lock acquisitions, in the invariants build.
  package enum LockOrder {
    private struct Graph {
      var held: [UInt: [UInt64]] = [:]
      var edges: [UInt64: Set<UInt64>] = [:]
      var names: [UInt64: String] = [:]
      var cycles: [String] = []
    }

    private static let graph = Mutex(Graph())
    private static let nextID = Atomic<UInt64>(1)

    /// A new lock's identity (never reused).
    static func register(_ name: String) -> UInt64 {
      let id = nextID.add(1, ordering: .relaxed).oldValue
      graph.withLock { $0.names[id] = name }
      return id
    }

    /// The calling thread is about to wait for lock `id`.
    static func willAcquire(_ id: UInt64, waiting: Bool = true) {
      let me = currentThreadID()
      graph.withLock { graph in
        let held = graph.held[me, default: []]
        if waiting {
          for from in held where from != id {
            guard graph.edges[from, default: []].insert(id).inserted else { continue }
            if let path = path(in: graph.edges, from: id, to: from) {
              let names = ([from] + path).map { "\(graph.names[$0] ?? "?")#\($0)" }
              graph.cycles.append(names.joined(separator: " → "))
            }
          }
        }
        graph.held[me, default: []].append(id)
      }
    }

    /// The calling thread released lock `id`.
    static func didRelease(_ id: UInt64) {
      let me = currentThreadID()
      graph.withLock { graph in
        if let index = graph.held[me]?.lastIndex(of: id) { graph.held[me]?.remove(at: index) }
        if graph.held[me]?.isEmpty == true { graph.held[me] = nil }
      }
    }

    /// The cycles found since the last ``reset()``, each as the locks on it.
    package static var cycles: [String] { graph.withLock { $0.cycles } }

    /// Forgets every recorded edge and cycle.
    package static func reset() {
      graph.withLock { graph in
        graph.edges = [:]
        graph.cycles = []
      }
    }

    /// A path of edges from `start` to `goal`, if there is one.
    private static func path(in edges: [UInt64: Set<UInt64>], from start: UInt64, to goal: UInt64)
      -> [UInt64]?
    {
      var parent: [UInt64: UInt64] = [start: start]
      var frontier = [start]
      while let node = frontier.popLast() {
        if node == goal {
          var path = [node]
          var step = node
          while step != start {
            step = parent[step]!
            path.append(step)
          }
          return path.reversed()
        }
        for next in edges[node, default: []] where parent[next] == nil {
          parent[next] = node
          frontier.append(next)
        }
      }
      return nil
    }
  }
#endif
