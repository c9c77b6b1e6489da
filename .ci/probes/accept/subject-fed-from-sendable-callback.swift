// Must compile: a Subject<Int> fed from a @Sendable callback (a Dispatch
// closure on another thread). A subject of Sendable values is Sendable.
import Dispatch
import LazySeqSignals

func feed() {
  let subject = Subject<Int>()
  subject.signal.subscribe(next: { print($0) })
  DispatchQueue.global().async {
    subject.sendNext(1)
    subject.sendCompleted()
  }
}
