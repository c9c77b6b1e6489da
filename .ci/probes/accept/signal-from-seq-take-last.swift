// Must compile: a signal made from a sequence with Signal(_:on:), as a
// script. A fresh sequence is sent into the signal.
import LazySeq
import LazySeqSignals

Signal(Seq(1...5)).takeLast(2).subscribe(next: { print($0) })
