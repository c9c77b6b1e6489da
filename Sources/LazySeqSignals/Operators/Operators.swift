/// The namespace of the internal operator implementations.
///
/// Each stateful operator is a nominal type in here, so stack traces read
/// `Operators.Zip…` rather than a chain of anonymous closures.
enum Operators {}
