// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

/*:
 [Previous](@previous)

 # Commands and properties

 The layer app code is written against: RAC's `RACCommand`, `RACObserve` and
 `RAC(object, key) = signal`.

 - A `MutableProperty` holds a value you can read at any time, set, and
   observe: `signal` sends the current value, then every change.
 - A `Command` runs a signal per execution and reports whether it is
   `executing`, whether it is `enabled`, its `executionSignals` and its
   `errors`.
 - `<~` binds a signal or a property to a property; `bind(to:_:)` binds a
   signal to any object's key path.

 Every scene runs on a `TestScheduler`, so the output is the same every run.
 Commands send their events on the thread that caused them (RAC used the main
 thread): add `deliver(on:)` where a UI needs it.
 */
import LazySeq
import LazySeqSignals

struct ServiceError: Error, CustomStringConvertible {
  let description: String
}

let name = MutableProperty("Ada")
name.signal.subscribe(next: { print("name:", $0) })  // name: Ada
name.value = "Grace"  // name: Grace
/*:
 ## A share button, enabled only once the image has loaded

 The `enabled` input of a command is any `Signal<Bool>`. Executing a disabled
 command does not run it: the result fails with `CommandError.notEnabled`.
 */
do {
  let clock = TestScheduler()
  let image = MutableProperty<String?>(nil)
  let share = Command<Void, String>(enabled: image.signal.map { $0 != nil }) {
    Signal.just("shared \(image.value ?? "?")").delay(.milliseconds(200), on: clock)
  }
  share.enabled.subscribe(next: { print("share enabled:", $0) })  // false
  share.execute(()).subscribe(error: { print("early tap:", $0) })  // notEnabled
  image.value = "cat.png"  // share enabled: true
  share.execute(()).subscribe(next: { print($0) })  // share enabled: false
  clock.run()  // shared cat.png, share enabled: true
}
/*:
 ## A like that rolls back on error

 The view updates optimistically when an execution starts (`executionSignals`)
 and rolls back when it fails (`errors`).
 */
do {
  let clock = TestScheduler()
  let post = MutableProperty((liked: false, likes: 41))
  let serverIsUp = MutableProperty(false)  // Sendable: the Command's closure may read it
  let like = Command<Void, Void> {
    let up = serverIsUp.value
    return Signal<Void>.empty.delay(.milliseconds(300), on: clock)
      .then { up ? .empty : .error(ServiceError(description: "server unavailable")) }
  }
  like.executionSignals.subscribe(next: { _ in
    post.modify { $0 = (liked: true, likes: $0.likes + 1) }
  })
  like.errors.subscribe(next: { error in
    print("error: \(error); rolling back")
    post.modify { $0 = (liked: false, likes: $0.likes - 1) }
  })
  post.signal.subscribe(next: { print($0.liked ? "♥" : "♡", $0.likes) })  // ♡ 41
  like.execute(())  // ♥ 42
  clock.run()  // error: server unavailable; rolling back, ♡ 41
  serverIsUp.value = true
  like.execute(())  // ♥ 42
  clock.run()
}
/*:
 ## A login cancelled by a cancel command

 The login's signal runs `take(until: cancel.executionSignals)`: executing
 `cancel` ends it. `executionSignals.switchToLatest()` is bound into a
 property with `<~`, and `cancel` is enabled only while logging in.
 */
do {
  let clock = TestScheduler()
  let loggingIn = MutableProperty(false)
  let cancel = Command<Void, Void>(enabled: loggingIn.signal) { .just(()) }
  let login = Command<String, String> { user in
    Signal.just("welcome, \(user)")
      .delay(.seconds(2), on: clock)
      .take(until: cancel.executionSignals)
  }
  loggingIn <~ login.executing
  let status = MutableProperty("signed out")
  status <~ login.executionSignals.switchToLatest()
  status.signal.subscribe(next: { print("status:", $0) })  // signed out

  login.execute("ada")
  clock.advance(by: .seconds(1))
  cancel.execute(())
  print("logging in:", loggingIn.value)  // false
  clock.advance(by: .seconds(5))
  print("status after the cancel:", status.value)  // signed out

  login.execute("ada")
  clock.run()  // status: welcome, ada
}
/*:
 ## A view model merging its commands' errors

 One subject for the view to show, whichever command failed.
 */
final class ProfileViewModel {
  let save: Command<String, Void>
  let refresh: Command<Void, String>
  let errors = Subject<any Error>()

  init(clock: TestScheduler) {
    save = Command { name in
      Signal<Void>.empty.delay(.milliseconds(100), on: clock)
        .then { .error(ServiceError(description: "cannot save \"\(name)\"")) }
    }
    refresh = Command {
      Signal<Void>.empty.delay(.milliseconds(250), on: clock)
        .then { .error(ServiceError(description: "offline")) }
    }
    let errors = self.errors
    Signal<any Error>.merge([save.errors, refresh.errors]).subscribe(next: { errors.sendNext($0) })
  }
}
do {
  let clock = TestScheduler()
  let model = ProfileViewModel(clock: clock)
  model.errors.signal.subscribe(next: { print("alert:", $0) })
  model.save.execute("Ada")
  model.refresh.execute(())
  clock.run()  // alert: cannot save "Ada", alert: offline
}
/*:
 ## Binding to any object

 `bind(to:_:)` is RAC's `RAC(object, key) = signal`. It holds the object
 weakly, and ends when the signal ends or the object is gone. Called from
 main-actor code (a page's top level, a view model), it takes any object, such
 as a view, and sets the property on the main actor.
 */
@MainActor final class TitleLabel {
  var text = ""
}
let label = TitleLabel()
let titles = Subject<String>()
titles.signal.map { $0.uppercased() }.bind(to: label, \.text)
titles.sendNext("inbox")
print(label.text)  // INBOX
//: [Next: Conversions](@next)
