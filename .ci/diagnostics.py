#!/usr/bin/env python3
# Keeps Docs/Diagnostics.md true: every row of its table has a "rejected"
# example that makes the compiler print the row's text, and a "fixed" example
# (one may serve several rows: "fixed 6+7") that compiles, in the modes the
# example names. "main-actor" also covers the approachable-concurrency mode.
#
# Usage: .ci/diagnostics.py MODULES_DIR   (the built .swiftmodule files)
import re
import subprocess
import sys
import tempfile
from pathlib import Path

root = Path(__file__).resolve().parent.parent
doc = (root / "Docs" / "Diagnostics.md").read_text()
modules = sys.argv[1]

FLAGS = {
    "default": ["-swift-version", "6"],
    "main-actor": ["-swift-version", "6", "-default-isolation", "MainActor"],
    "approachable": [
        "-swift-version", "6", "-default-isolation", "MainActor",
        "-enable-upcoming-feature", "NonisolatedNonsendingByDefault",
        "-enable-upcoming-feature", "InferIsolatedConformances",
    ],
}

rows = {}
for match in re.finditer(r"^\| (\d+) \| `([^`]+)` \| ([a-z-]+) \|", doc, re.M):
    rows[int(match.group(1))] = match.group(2)

examples = re.findall(
    r"<!-- (rejected|fixed) ([\d+]+): ([a-z, -]+) -->\n```swift\n(.*?)```", doc, re.S)

failures = []
rejected_rows, fixed_rows = set(), set()


def modes(names):
    selected = []
    for name in (n.strip() for n in names.split(",")):
        if name == "main-actor":
            selected += ["main-actor", "approachable"]
        elif name in FLAGS:
            selected.append(name)
        else:
            failures.append(f"unknown mode '{name}'")
    return selected


def compile_errors(source, mode):
    with tempfile.TemporaryDirectory() as work:
        path = Path(work) / "main.swift"
        path.write_text(source)
        result = subprocess.run(
            ["swiftc", *FLAGS[mode], "-emit-sil", "-o", "/dev/null", "-module-name", "Example",
             "-I", modules, str(path)],
            capture_output=True, text=True)
    errors = [line for line in (result.stdout + result.stderr).splitlines()
              if re.search(r"(^|: )error: ", line)]
    return result.returncode, errors


for kind, numbers, names, source in examples:
    numbers = [int(n) for n in numbers.split("+")]
    if any(n not in rows for n in numbers):
        failures.append(f"example {kind} {numbers} has no row in the table")
        continue
    (rejected_rows if kind == "rejected" else fixed_rows).update(numbers)
    number = numbers[0]
    for mode in modes(names):
        status, errors = compile_errors(source, mode)
        label = f"{kind:8} {number:2} {mode:12}"
        if kind == "rejected":
            if status != 0 and any(rows[number] in line for line in errors):
                print(f"ok   {label} prints: {rows[number]}")
            else:
                failures.append(f"{label} does not print its row's text")
                print(f"FAIL {label} does not print: {rows[number]}")
                for line in errors or ["(compiled without errors)"]:
                    print(f"       {line}")
        else:
            if status == 0:
                print(f"ok   {label} compiles")
            else:
                failures.append(f"{label} does not compile")
                print(f"FAIL {label} does not compile")
                for line in errors:
                    print(f"       {line}")

for number in sorted(rows):
    if number not in rejected_rows:
        failures.append(f"row {number} has no rejected example")
for number in sorted(rows):
    if number not in fixed_rows:
        failures.append(f"row {number} has no fixed example")

if failures:
    print(f"\n{len(failures)} failed:")
    for failure in failures:
        print(f"  {failure}")
    sys.exit(1)
print(f"\n{len(rows)} diagnostics checked: every text printed, every fix compiles")
