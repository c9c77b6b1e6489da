import LazySeq
import LazySeqSignals

print("LazySeq tour")
