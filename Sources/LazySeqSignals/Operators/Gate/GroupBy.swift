// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

/// The values of one group made by ``Signal/groupBy(_:)``.
///
/// `signal` is hot: subscribe while the outer signal delivers the group to
/// receive its values.
public final class GroupedSignal<Key: Hashable, Value> {
  /// The key shared by the group's values.
  public let key: Key
  let subject: Subject<Value>

  init(key: Key) {
    self.key = key
    self.subject = Subject()
  }

  /// The group's values, then the source's terminal event.
  public var signal: Signal<Value> { subject.signal }
}

// Checked by the compiler: the key and the subject are Sendable when the
// key and the values are.
extension GroupedSignal: Sendable where Key: Sendable, Value: Sendable {}

extension Signal {
  /// Splits the values into groups by key. RAC `-groupBy:`.
  ///
  /// A group is sent the first time its key appears; its values follow on
  /// its ``GroupedSignal/signal``. Completion and errors are sent to every
  /// group, in creation order, then to the result.
  ///
  /// - Parameter key: computes each value's key.
  /// - Returns: a signal of groups.
  public func groupBy<Key: Hashable & Sendable>(
    _ key: @escaping @Sendable (Value) -> Key
  ) -> Signal<GroupedSignal<Key, Value>> {
    groupBy(key, transform: { $0 })
  }

  /// Splits the values into groups by key, transforming each value. RAC
  /// `-groupBy:transform:`.
  ///
  /// - Parameters:
  ///   - key: computes each value's key.
  ///   - transform: the value the group receives.
  /// - Returns: a signal of groups.
  public func groupBy<Key: Hashable & Sendable, U>(
    _ key: @escaping @Sendable (Value) -> Key, transform: @escaping @Sendable (Value) -> U
  ) -> Signal<GroupedSignal<Key, U>> {
    return Signal<GroupedSignal<Key, U>> { downstream in
      var groups: [Key: GroupedSignal<Key, U>] = [:]
      var order: [GroupedSignal<Key, U>] = []
      self.forward(
        to: downstream,
        next: { value in
          let groupKey = key(value)
          let group: GroupedSignal<Key, U>
          if let existing = groups[groupKey] {
            group = existing
          } else {
            group = GroupedSignal(key: groupKey)
            groups[groupKey] = group
            order.append(group)
            downstream.sendNext(group)
          }
          group.subject.sendNext(transform(value))
        },
        error: { error in
          for group in order { group.subject.sendError(error) }
          downstream.sendError(error)
        },
        completed: {
          for group in order { group.subject.sendCompleted() }
          downstream.sendCompleted()
        })
      return nil
    }
  }
}
