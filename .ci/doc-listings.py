#!/usr/bin/env python3
import glob, re, sys

# Declaration listings (the ```swift blocks that doc-examples.sh does not
# compile) must not drift from the code: every `public` declaration they show
# must exist in Sources with the same kind, name and first argument label,
# and every conformance they show (`@unchecked Sendable`, an unavailable
# `Sendable`) must be declared in Sources for that type.
listing = ("public ", "extension ", "@", "// Package.swift")
code = []
for path in glob.glob("Sources/**/*.swift", recursive=True):
    for line in open(path):
        if not line.lstrip().startswith("//"):
            code.append(line)
code = "".join(code)

attributes = r"(?:@\w+(?:\([^)]*\))?\s+)*"
modifiers = r"(?:(?:static|final|class|mutating|consuming|borrowing|nonisolated|convenience|override|indirect)\s+)*"
kinds = r"func|var|let|init|subscript|typealias|struct|class|enum|protocol|actor"

def strip_generics(text):
    out, depth = [], 0
    for char in text:
        if char == "<":
            depth += 1
        elif char == ">" and depth:
            depth -= 1
        elif depth == 0:
            out.append(char)
    return "".join(out)

problems = []
def check(source, line):
    text = line.split("//")[0].strip()
    declaration = re.match(rf"({attributes})(public\s+)?{modifiers}({kinds}|extension)\b\s*(`?[\w.]+`?)?(.*)", text)
    if not declaration or (not declaration.group(2) and declaration.group(3) != "extension"):
        return
    attrs, _, kind, name, rest = declaration.groups()
    name = (name or "").strip("`")
    if kind in ("struct", "class", "enum", "protocol", "actor", "extension"):
        base = name.split(".")[-1]
        conformances = strip_generics(rest).split("{")[0]
        conformances = re.split(r"\bwhere\b", conformances)[0]
        if kind != "extension" and not re.search(rf"\b{kind}\s+{re.escape(base)}\b", code):
            problems.append(f"{source}: `{text}`: no {kind} {base} in Sources")
            return
        if ":" in conformances:
            for conformance in conformances.split(":", 1)[1].split(","):
                conformance = conformance.strip()
                if not conformance:
                    continue
                words = r"\s+".join(map(re.escape, conformance.split()))
                unavailable = r"@available\(\*,\s*unavailable\)\s*" if "unavailable" in attrs else ""
                pattern = rf"{unavailable}\b(?:{kinds}|extension)\s+(?:\w+\.)*{re.escape(base)}\b(?:<[^{{]*?>)?(?:(?!\bwhere\b)[^{{])*?[:,]\s*{words}(?![\w])"
                matches = [m for m in re.finditer(pattern, code)
                           if unavailable or "unavailable)" not in code[max(0, m.start() - 40):m.start()]]
                if not matches:
                    problems.append(f"{source}: `{text}`: Sources do not declare {base}: {attrs}{conformance}".replace("  ", " "))
        return
    if kind == "init":
        first = re.match(r"\(\s*([^:)]*)", rest)
        label = first.group(1).split() if first else []
        after = r"\(\s*\)" if not label else (r"\(\s*_\s+\w+\s*:" if label[0] == "_" else rf"\(\s*{re.escape(label[0])}\b")
        pattern = rf"public\s+{modifiers}init[?!]?(?:<[^(]*>)?{after}"
    elif kind in ("func", "subscript"):
        first = re.match(r"(?:<[^(]*>)?\(\s*([^:)]*)", rest)
        label = first.group(1).split() if first else []
        after = r"(?:<[^(]*>)?\(" + ("" if not label else (r"\s*_\s+\w+\s*:" if label[0] == "_" else rf"\s*{re.escape(label[0])}\b"))
        pattern = rf"public\s+{modifiers}{kind}\s+`?{re.escape(name)}`?{after}"
    else:
        pattern = rf"public\s+{modifiers}{kind}\s+`?{re.escape(name)}`?\b"
    if not re.search(pattern, code):
        problems.append(f"{source}: `{text}`: no such public {kind} in Sources")

files = ["README.md"] + sorted(glob.glob("Docs/*.md")) + sorted(glob.glob("Sources/*/*.docc/**/*.md", recursive=True))
checked = 0
for source in files:
    for block in re.findall(r"```swift\n(.*?)```", open(source).read(), re.S):
        if not (block.lstrip().startswith(listing) or "…" in block):
            continue
        for line in block.splitlines():
            checked += 1
            check(source, line)
if problems:
    print("FAILED: declaration listings that do not match the code:")
    for problem in problems:
        print("  " + problem)
    sys.exit(1)
print(f"declaration listings match the code ({checked} listing lines)")
