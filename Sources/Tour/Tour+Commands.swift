// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

import LazySeqSignals

extension Tour {
  /// RAC's MVVM layer: `Command`, properties and bindings, on virtual time.
  static func commands() {
    chapter("Commands and properties: RAC's MVVM layer on virtual time")
    say("A Command runs a signal per execution and reports executing, enabled and errors.")
    say("Each scene runs on its own TestScheduler: the output is the same every run.")
    shareButton(TestScheduler())
    likeButton(TestScheduler())
    cancellableLogin(TestScheduler())
    viewModelErrors(TestScheduler())
  }

  /// A share button enabled only once the image has loaded.
  private static func shareButton(_ scheduler: TestScheduler) {
    print()
    say("A share button, enabled only once the image has loaded.")
    let image = MutableProperty<String?>(nil)
    let share = Command<Void, String>(enabled: image.signal.map { $0 != nil }) {
      Signal.just("shared \(image.value ?? "?")").delay(.milliseconds(200), on: scheduler)
    }
    share.enabled.subscribe(next: { print("\(stamp(scheduler))  share button enabled: \($0)") })
    share.execute(()).subscribe(error: { print("\(stamp(scheduler))  tap before loading: \($0)") })
    scheduler.schedule(after: .milliseconds(500)) {
      print("\(stamp(scheduler))  image loaded")
      image.value = "cat.png"
    }
    scheduler.schedule(after: .milliseconds(600)) {
      print("\(stamp(scheduler))  tap")
      share.execute(()).subscribe(next: { print("\(stamp(scheduler))  \($0)") })
    }
    scheduler.run()
  }

  /// A "like" that shows at once and rolls back when the server fails.
  private static func likeButton(_ scheduler: TestScheduler) {
    print()
    say("A like, shown at once (optimistically), rolled back through `errors`.")
    let post = MutableProperty((liked: false, likes: 41))
    let serverIsUp = MutableProperty(false)  // Sendable: a Command's closure may read it
    let like = Command<Void, Void> {
      let up = serverIsUp.value
      return Signal<Void>.empty.delay(.milliseconds(300), on: scheduler)
        .then { up ? .empty : .error(ServiceError(description: "server unavailable")) }
    }
    like.executionSignals.subscribe(next: { _ in
      post.modify { $0 = (liked: true, likes: $0.likes + 1) }
    })
    like.errors.subscribe(next: { error in
      print("\(stamp(scheduler))  error: \(error); rolling back")
      post.modify { $0 = (liked: false, likes: $0.likes - 1) }
    })
    post.signal.subscribe(next: { post in
      print("\(stamp(scheduler))  \(post.liked ? "♥" : "♡") \(post.likes)")
    })
    print("\(stamp(scheduler))  tap like")
    like.execute(())
    scheduler.run()
    print("\(stamp(scheduler))  the server is back; tap like")
    serverIsUp.value = true
    like.execute(()).subscribe(completed: { print("\(stamp(scheduler))  saved") })
    scheduler.run()
  }

  /// A login cancelled by a cancel command.
  private static func cancellableLogin(_ scheduler: TestScheduler) {
    print()
    say("A login, cancelled by a cancel command: take(until: cancel.executionSignals).")
    let loggingIn = MutableProperty(false)
    let cancel = Command<Void, Void>(enabled: loggingIn.signal) { .just(()) }
    let login = Command<String, String> { user in
      Signal.just("welcome, \(user)")
        .delay(.seconds(2), on: scheduler)
        .take(until: cancel.executionSignals)
    }
    loggingIn <~ login.executing
    let status = MutableProperty("signed out")
    status <~ login.executionSignals.switchToLatest()
    status.signal.subscribe(next: { print("\(stamp(scheduler))  status: \($0)") })
    cancel.enabled.subscribe(next: { print("\(stamp(scheduler))  cancel enabled: \($0)") })

    scheduler.schedule(after: .seconds(1)) {
      print("\(stamp(scheduler))  login(ada)")
      login.execute("ada").subscribe(completed: { print("\(stamp(scheduler))  login ended") })
    }
    scheduler.schedule(after: .seconds(2)) {
      print("\(stamp(scheduler))  cancel")
      cancel.execute(())
    }
    scheduler.schedule(after: .seconds(3)) {
      print("\(stamp(scheduler))  login(ada) again")
      login.execute("ada").subscribe(completed: { print("\(stamp(scheduler))  login ended") })
    }
    scheduler.run()
  }

  /// A view model that merges its commands' errors into one subject.
  private static func viewModelErrors(_ scheduler: TestScheduler) {
    print()
    say("A view model merges its commands' errors into one subject the view shows.")
    final class ProfileViewModel {
      let name = MutableProperty("Ada")
      let save: Command<String, Void>
      let refresh: Command<Void, String>
      let errors = Subject<any Error>()

      init(scheduler: TestScheduler) {
        save = Command { name in
          Signal<Void>.empty.delay(.milliseconds(100), on: scheduler)
            .then { .error(ServiceError(description: "cannot save \"\(name)\"")) }
        }
        refresh = Command {
          Signal<Void>.empty.delay(.milliseconds(250), on: scheduler)
            .then { .error(ServiceError(description: "offline")) }
        }
        let errors = self.errors
        Signal<any Error>.merge([save.errors, refresh.errors]).subscribe(next: { errors.sendNext($0) })
      }
    }
    let model = ProfileViewModel(scheduler: scheduler)
    model.errors.signal.subscribe(next: { print("\(stamp(scheduler))  alert: \($0)") })
    model.save.execute(model.name.value)
    model.refresh.execute(())
    scheduler.run()
  }
}
