public import LazySeq

/// A push-driven stream of values.
public final class Signal<Value> {}
