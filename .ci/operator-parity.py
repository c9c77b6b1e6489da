#!/usr/bin/env python3
"""The parity table of Docs/Operators.md must list every public operator of
`Seq` and of `Signal`, and nothing that does not exist.

An operator is a public method or property (instance or static) declared
directly in the body of `Seq` or `Signal` or of an extension of them, in
Sources/LazySeq and Sources/LazySeqSignals, named by its selector
(`take(while:)`, `empty`), except the non-operators below: subscribing,
blocking and async conversions, the protocol conformances, the evaluation
policies and the accessors of a sequence's parts. Members of nested types
(`Seq.Shared`, `Seq.Iterator`) are not the type's own.

The table is the one under the heading "Seq and Signal side by side": its
first column names the `Seq` members, its second the `Signal` members, each
as a code span (`` `take(_:)` ``, several per cell, `—` for none).
Exits 1, naming each operator without a row and each name without an
operator.
"""
import glob
import re
import sys

NON_OPERATORS = {
    "Seq": {
        # Reading a sequence: its parts, its elements, its state.
        "head", "tail", "uncons", "isEmpty", "array", "checkedArray()", "failure",
        "underestimatedCount", "makeIterator()",
        # Evaluation policies, not operators on the elements.
        "eager", "lazy", "isEager", "evaluatingAhead(_:)",
        # Conformances: descriptions, hashing, coding.
        "description", "debugDescription", "hash(into:)", "encode(to:)", "==",
        # The conversion to a signal (the `Signal` initializer's other form).
        "signal(on:)",
    },
    "Signal": {
        # Subscribing, and the conversions that subscribe and wait.
        "subscribe(next:error:completed:)", "subscribe(_:)", "toArray(timeout:)", "toArray()",
        "first(timeout:)", "first()", "waitUntilCompleted(timeout:)", "waitUntilCompleted()",
        "values", "values(bufferingPolicy:)", "sequence",
        # Conformances.
        "description", "debugDescription",
    },
}

SECTION = "## Seq and Signal side by side"


def strip(text):
    """The code without comments and string literals (so braces count)."""
    text = re.sub(r'"""[\s\S]*?"""', '""', text)
    text = re.sub(r'"(?:\\.|[^"\\\n])*"', '""', text)
    text = re.sub(r"/\*[\s\S]*?\*/", "", text)
    return re.sub(r"//[^\n]*", "", text)


def matching(text, start, open_char, close_char):
    """The index just past the bracket that closes the one at `start`."""
    depth = 0
    for index in range(start, len(text)):
        if text[index] == open_char:
            depth += 1
        elif text[index] == close_char:
            depth -= 1
            if depth == 0:
                return index + 1
    return len(text)


def parameters(text, name_end):
    """The parameters of the declaration whose name ends at `name_end`, each
    as (label, name, type): `("ofCount", "count", "Int")`, `("_", "interval",
    "Duration")`; `None` for a member without a parameter list (a property).
    Default values are not part of the type."""
    index = name_end
    while index < len(text) and text[index].isspace():
        index += 1
    if index < len(text) and text[index] == "<":
        index = matching(text, index, "<", ">")
    while index < len(text) and text[index].isspace():
        index += 1
    if index >= len(text) or text[index] != "(":
        return None
    end = matching(text, index, "(", ")")
    inner = text[index + 1:end - 1]
    inner = inner.replace("->", "  ")  # an arrow is no closing bracket
    pieces, depth, current = [], 0, ""
    for char in inner:
        if char in "([<":
            depth += 1
        elif char in ")]>":
            depth -= 1
        if char == "," and depth == 0:
            pieces.append(current)
            current = ""
        else:
            current += char
    if current.strip():
        pieces.append(current)
    found = []
    for piece in pieces:
        head, _, rest = piece.partition(":")
        words = [word for word in head.split() if not word.startswith("@")]
        label = words[0] if words else "_"
        name = words[-1] if words else "_"
        found.append((label, name, rest.split("=", 1)[0].strip()))
    return found


def selector(text, name_end, name):
    """`name(label:label:)` for the parameter list after `name_end`."""
    found = parameters(text, name_end)
    if found is None:
        return name
    return name + "(" + "".join(label + ":" for label, _, _ in found) + ")"


def declarations(type_name, initializers=False):
    """Each public member declared directly in the body of `type_name` or of
    an extension of it, in Sources/LazySeq and Sources/LazySeqSignals, as
    (selector, parameters): `("take(_:)", [("_", "count", "Int")])`, and
    `("empty", None)` for a property or an operator; with `initializers`,
    the public initializers too (`init(capacity:)`). Members of nested
    types are skipped, and so is nothing else: the non-operators are
    `members`' business."""
    found = []
    header = re.compile(
        r"^(?:public\s+|package\s+|internal\s+)?(?:final\s+)?(?:extension|struct|class)\s+"
        + type_name + r"\b[^{]*\{", re.M)
    declaration = re.compile(
        r"\bpublic\s+(?:(?:static|final|class|nonisolated|mutating|consuming|borrowing|override|convenience)\s+)*"
        r"(func|var)\s+(`?[A-Za-z_][A-Za-z_0-9]*`?|[+\-*/=<>!&|^~%]+)")
    initializer = re.compile(
        r"\bpublic\s+(?:(?:nonisolated|override|convenience|required)\s+)*(init)\b[?!]?()")
    for path in sorted(glob.glob("Sources/LazySeq*/**/*.swift", recursive=True)):
        code = strip(open(path, encoding="utf-8").read())
        for match in header.finditer(code):
            body_start = match.end() - 1
            body_end = matching(code, body_start, "{", "}")
            body = code[body_start + 1:body_end - 1]
            # Only depth 0 of the body: members of nested types are skipped.
            depth, top = 0, []
            for char in body:
                if char == "{":
                    depth += 1
                    top.append(" ")
                elif char == "}":
                    depth -= 1
                    top.append(" ")
                else:
                    top.append(char if depth == 0 else " ")
            top = "".join(top)
            matches = list(declaration.finditer(top))
            if initializers:
                matches += initializer.finditer(top)
            for member in matches:
                name = member.group(2).strip("`") or member.group(1)
                if member.group(1) == "var" or not name[0].isalpha() and name[0] != "_":
                    found.append((name, None))
                else:
                    found.append((selector(body, member.end(), name), parameters(body, member.end())))
    return found


def members(type_name):
    """The selectors of the public operators of `type_name` (`Seq` or
    `Signal`): its public members but the non-operators."""
    return {name for name, _ in declarations(type_name)} - NON_OPERATORS[type_name]


def table(path):
    text = open(path, encoding="utf-8").read()
    if SECTION not in text:
        sys.exit(f"error: {path} has no section \"{SECTION}\"")
    section = text.split(SECTION, 1)[1]
    section = re.split(r"^## ", section, maxsplit=1, flags=re.M)[0]
    rows = {"Seq": set(), "Signal": set()}
    for line in section.splitlines():
        if not line.startswith("|") or set(line) <= set("|-: "):
            continue
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if cells[0] == "Seq":
            continue  # the header
        for column, type_name in ((0, "Seq"), (1, "Signal")):
            for span in re.findall(r"`([^`]+)`", cells[column] if column < len(cells) else ""):
                rows[type_name].add(re.sub(r"^(Seq|Signal)\.", "", span))
    return rows


def main():
    listed = table("Docs/Operators.md")
    problems = []
    for type_name in ("Seq", "Signal"):
        declared = members(type_name)
        for name in sorted(declared - listed[type_name]):
            problems.append(f"{type_name}.{name} is a public operator with no row in the parity table")
        for name in sorted(listed[type_name] - declared):
            problems.append(f"the parity table names {type_name}.{name}, which is not a public operator")
    for problem in problems:
        print(f"error: Docs/Operators.md: {problem}", file=sys.stderr)
    if problems:
        return 1
    print(f"operator parity: {len(members('Seq'))} Seq and {len(members('Signal'))} Signal operators, all in the table")
    return 0


if __name__ == "__main__":
    sys.exit(main())
