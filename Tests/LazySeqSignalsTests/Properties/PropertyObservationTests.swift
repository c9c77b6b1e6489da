// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// MutableProperty and Property are Observable: `withObservationTracking`
// tracks a read of `value`, and each change notifies it once.

import LazySeqSignals
import LazySeqTestSupport
import Observation
import Testing

@Suite struct PropertyObservationTests {
  @Test func readingAMutablePropertysValueTracksItAndSettingItNotifiesOnce() {
    let volume = MutableProperty(5)
    let notified = Guarded(0)
    let read = withObservationTracking {
      volume.value
    } onChange: {
      notified.mutate { $0 += 1 }
    }
    #expect(read == 5)
    #expect(notified.value == 0)
    volume.value = 6
    #expect(notified.value == 1)
    volume.value = 7  // the tracking has ended with the first change
    #expect(notified.value == 1)
  }

  @Test func modifyNotifiesTheTracking() {
    let counter = MutableProperty(0)
    let notified = Guarded(0)
    _ = withObservationTracking {
      counter.value
    } onChange: {
      notified.mutate { $0 += 1 }
    }
    counter.modify { $0 += 1 }
    #expect(notified.value == 1)
    #expect(counter.value == 1)
  }

  @Test func theTrackingIsToldBeforeTheValueChanges() {
    // Observation's `onChange` runs at `willSet`, like SwiftUI expects.
    let name = MutableProperty("Ada")
    let seen = Guarded<[String]>([])
    _ = withObservationTracking {
      name.value
    } onChange: {
      seen.mutate { $0.append(name.value) }
    }
    name.value = "Grace"
    #expect(seen.value == ["Ada"])
  }

  @Test func anUntrackedReadIsNotTracked() {
    let property = MutableProperty(1)
    let other = MutableProperty(1)
    let notified = Guarded(0)
    _ = withObservationTracking {
      other.value
    } onChange: {
      notified.mutate { $0 += 1 }
    }
    _ = property.value
    property.value = 2
    #expect(notified.value == 0)
    other.value = 2
    #expect(notified.value == 1)
  }

  @Test func aReadOnlyPropertyNotifiesWhenItsSourceChangesIt() {
    let updates = Subject<String>()
    let status = Property(initial: "idle", then: updates.signal)
    let notified = Guarded(0)
    let read = withObservationTracking {
      status.value
    } onChange: {
      notified.mutate { $0 += 1 }
    }
    #expect(read == "idle")
    updates.sendNext("loading")
    #expect(notified.value == 1)
    #expect(status.value == "loading")
  }

  @Test func aViewOfAnotherPropertyAndAMappedPropertyNotify() {
    let storage = MutableProperty(1)
    let view = Property(storage)
    let label = storage.map { "\($0) items" }
    let notified = Guarded<[String]>([])
    _ = withObservationTracking {
      view.value
    } onChange: {
      notified.mutate { $0.append("view") }
    }
    _ = withObservationTracking {
      label.value
    } onChange: {
      notified.mutate { $0.append("label") }
    }
    storage.value = 3
    #expect(notified.value.sorted() == ["label", "view"])
    #expect(label.value == "3 items")
  }

  @Test func aChangeFromInsideAnObserverNotifiesTheTracking() {
    let property = MutableProperty(0)
    let subscription = property.changes.subscribe(next: { value in
      if value == 1 { property.value = 2 }
    })
    defer { subscription.dispose() }
    property.value = 1
    let notified = Guarded(0)
    _ = withObservationTracking {
      property.value
    } onChange: {
      notified.mutate { $0 += 1 }
    }
    property.value = 1  // the observer sets 2, nested: the tracking is told once
    #expect(notified.value == 1)
    #expect(property.value == 2)
  }
}
