#!/usr/bin/env python3
"""Every count and duration parameter of the public API must be swept by
ExtremeArgumentTests, which calls it with extreme arguments (0, 1, -1,
Int.max, 1 << 62, …; zero, negative and the largest durations), each in a
child process.

The parameters are found by the parser of the operator parity check
(.ci/operator-parity.py): every public member, initializers included, of the
types below (operators and non-operators alike: `Seq.evaluatingAhead(_:)`,
`Signal.first(timeout:)`), with a parameter of type `Int`, `Duration` or
`SignalBufferingPolicy` (which carries a count), optional or not. A
parameter is swept when its test file has a row naming the API as its
precondition messages do and the parameter by its name in the declaration:

    .count("Signal.windows(ofCount:step:)", parameter: "step", minimum: 1) { … }

Exits 1, naming each parameter without a row and each row without a
parameter.
"""
import importlib.util
import os
import re
import sys

SEQ_TESTS = "Tests/LazySeqTests/Operators/ExtremeArgumentTests.swift"
SIGNAL_TESTS = "Tests/LazySeqSignalsTests/Contracts/ExtremeArgumentTests.swift"

# Each type whose count and duration parameters are swept, and the file of
# its rows.
SWEPT_TYPES = {
    "Seq": SEQ_TESTS,
    "Signal": SIGNAL_TESTS,
    "ReplaySubject": SIGNAL_TESTS,
    "TestScheduler": SIGNAL_TESTS,
    "QueueScheduler": SIGNAL_TESTS,
}

# The parameter types that carry a count or a duration.
SWEPT_PARAMETER_TYPES = {"Int", "Duration", "Swift.Duration", "SignalBufferingPolicy"}

ROW = re.compile(r'"((?:' + "|".join(SWEPT_TYPES) + r')\.[^"\s]+)"\s*,\s*parameter:\s*"([^"]+)"')


def parity_parser():
    """The operator parity check, loaded as a module (its file name has a
    dash): one parser of the sources for both checks."""
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "operator-parity.py")
    spec = importlib.util.spec_from_file_location("operator_parity", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def swept_parameters(parser):
    """{(api, parameter): test file} for every count or duration parameter
    of the swept types: `("Signal.take(_:)", "count")`."""
    found = {}
    for type_name, path in SWEPT_TYPES.items():
        for selector, parameters in parser.declarations(type_name, initializers=True):
            for _, name, type_text in parameters or []:
                if type_text.rstrip("?").strip() in SWEPT_PARAMETER_TYPES:
                    found[(f"{type_name}.{selector}", name)] = path
    return found


def rows(path):
    """The (api, parameter) rows of a sweep file."""
    return set(ROW.findall(open(path, encoding="utf-8").read()))


def main():
    os.chdir(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    wanted = swept_parameters(parity_parser())
    present = {path: rows(path) for path in set(SWEPT_TYPES.values())}
    problems = []
    for (api, parameter), path in sorted(wanted.items()):
        if (api, parameter) not in present[path]:
            problems.append(
                f"{path}: {api} has the count or duration parameter `{parameter}`, which no row sweeps "
                f"(add a row naming \"{api}\", parameter: \"{parameter}\")")
    for path, found in sorted(present.items()):
        for api, parameter in sorted(found - set(wanted)):
            problems.append(
                f"{path}: the row \"{api}\", parameter: \"{parameter}\" names no count or duration "
                "parameter of the public API")
    for problem in problems:
        print(f"error: {problem}", file=sys.stderr)
    if problems:
        return 1
    print(f"argument sweep: {len(wanted)} count and duration parameters, each swept")
    return 0


if __name__ == "__main__":
    sys.exit(main())
