#!/usr/bin/env python3
"""Turn the benchmark CSV into an SVG chart (Python 3 standard library only).

    swift run -c release --package-path Benchmarks LazySeqBenchmarks --csv Benchmarks/results/latest.csv
    python3 Benchmarks/plot.py Benchmarks/results/latest.csv Docs/Performance.svg
    python3 Benchmarks/plot.py --table Benchmarks/results/latest.csv   # Markdown table on stdout

Draws one panel per scenario of the size sweep: nanoseconds per element
against n, both axes logarithmic, ours as a solid line and the baseline as a
dashed one.
"""

import csv
import math
import sys
from collections import OrderedDict
from xml.sax.saxutils import escape

TITLES = {
    "1": "1 · for x in Seq(array) vs for x in array",
    "2": "2 · first walk (memoizing) vs array.lazy",
    "2t": "2t · temporary pipeline (fused) vs array.lazy",
    "3": "3 · second walk: evaluated Seq vs [Int]",
    "R": "R · naive memoized list vs array.lazy",
    "8a": "8a · Signal(seq).toArray()",
    "8b": "8b · signal.sequence.array",
}
STYLE = {
    "ours": ("#1f6fd1", ""),
    "naive": ("#d9731a", ""),
    "baseline": ("#555555", "6,4"),
}
LABEL = {"ours": "LazySeq", "naive": "naive memoized list", "baseline": "baseline"}

PANEL_W, PANEL_H = 380, 250
MARGIN_L, MARGIN_R, MARGIN_T, MARGIN_B = 58, 16, 34, 40
COLUMNS = 3


def read_sweep(path):
    series = OrderedDict()  # id -> impl -> [(size, ns)]
    with open(path, newline="") as f:
        for row in csv.DictReader(f):
            if row["kind"] != "sweep":
                continue
            impl = series.setdefault(row["id"], OrderedDict()).setdefault(row["name"], [])
            impl.append((int(row["size"]), float(row["ours"])))
    for impls in series.values():
        for points in impls.values():
            points.sort()
    return series


def fmt_size(n):
    for div, suffix in ((1_000_000, "M"), (1_000, "k")):
        if n >= div and n % div == 0:
            return f"{n // div}{suffix}"
    return str(n)


def fmt_ns(x):
    if x >= 1:
        return f"{x:g}"
    return f"{x:.2g}"


def decades(lo, hi):
    a, b = math.floor(math.log10(lo)), math.ceil(math.log10(hi))
    if a == b:
        b += 1
    return a, b


def panel(out, x0, y0, pid, impls):
    pts = [p for points in impls.values() for p in points if p[1] > 0]
    if not pts:
        return
    xa, xb = decades(min(p[0] for p in pts), max(p[0] for p in pts))
    ya, yb = decades(min(p[1] for p in pts), max(p[1] for p in pts))
    pw = PANEL_W - MARGIN_L - MARGIN_R
    ph = PANEL_H - MARGIN_T - MARGIN_B

    def sx(v):
        return x0 + MARGIN_L + (math.log10(v) - xa) / (xb - xa) * pw

    def sy(v):
        return y0 + MARGIN_T + ph - (math.log10(v) - ya) / (yb - ya) * ph

    out.append(f'<text x="{x0 + MARGIN_L}" y="{y0 + 20}" class="title">{escape(TITLES.get(pid, pid))}</text>')
    out.append(
        f'<rect x="{x0 + MARGIN_L}" y="{y0 + MARGIN_T}" width="{pw}" height="{ph}" fill="none" stroke="#bbb"/>'
    )
    for e in range(xa, xb + 1):
        x = sx(10**e)
        out.append(f'<line x1="{x:.1f}" y1="{y0 + MARGIN_T}" x2="{x:.1f}" y2="{y0 + MARGIN_T + ph}" class="grid"/>')
        out.append(f'<text x="{x:.1f}" y="{y0 + MARGIN_T + ph + 14}" class="tick" text-anchor="middle">{fmt_size(10**e)}</text>')
    for e in range(ya, yb + 1):
        y = sy(10**e)
        out.append(f'<line x1="{x0 + MARGIN_L}" y1="{y:.1f}" x2="{x0 + MARGIN_L + pw}" y2="{y:.1f}" class="grid"/>')
        out.append(f'<text x="{x0 + MARGIN_L - 5}" y="{y + 4:.1f}" class="tick" text-anchor="end">{fmt_ns(10.0**e)}</text>')
    out.append(
        f'<text x="{x0 + MARGIN_L + pw / 2}" y="{y0 + PANEL_H - 8}" class="axis" text-anchor="middle">n (elements)</text>'
    )
    cy = y0 + MARGIN_T + ph / 2
    out.append(
        f'<text x="{x0 + 14}" y="{cy}" class="axis" text-anchor="middle" transform="rotate(-90 {x0 + 14} {cy})">ns / element</text>'
    )
    for impl, points in impls.items():
        points = [p for p in points if p[1] > 0]
        if not points:
            continue
        color, dash = STYLE.get(impl, ("#000", ""))
        coords = " ".join(f"{sx(n):.1f},{sy(v):.1f}" for n, v in points)
        dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
        out.append(f'<polyline points="{coords}" fill="none" stroke="{color}" stroke-width="2"{dash_attr}/>')
        for n, v in points:
            out.append(
                f'<circle cx="{sx(n):.1f}" cy="{sy(v):.1f}" r="2.8" fill="{color}">'
                f"<title>{escape(LABEL.get(impl, impl))} n={fmt_size(n)}: {v:.3g} ns/element</title></circle>"
            )


def render(series):
    ids = list(series.keys())
    rows = max(1, math.ceil(len(ids) / COLUMNS))
    legend_h = 30
    width = PANEL_W * COLUMNS
    height = PANEL_H * rows + legend_h
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="Helvetica, Arial, sans-serif">',
        "<style>.title{font-size:12px;font-weight:bold;fill:#222}.tick{font-size:10px;fill:#444}"
        ".axis{font-size:10px;fill:#666}.grid{stroke:#e4e4e4;stroke-width:1}.legend{font-size:12px;fill:#222}</style>",
        f'<rect width="{width}" height="{height}" fill="white"/>',
    ]
    for i, pid in enumerate(ids):
        panel(out, (i % COLUMNS) * PANEL_W, (i // COLUMNS) * PANEL_H, pid, series[pid])
    lx, ly = 20, PANEL_H * rows + 18
    for impl in ("ours", "baseline", "naive"):
        color, dash = STYLE[impl]
        dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
        out.append(f'<line x1="{lx}" y1="{ly - 4}" x2="{lx + 28}" y2="{ly - 4}" stroke="{color}" stroke-width="2"{dash_attr}/>')
        text = {"ours": "LazySeq (ours)", "baseline": "baseline (Swift standard library)", "naive": "naive memoized cons list"}[impl]
        out.append(f'<text x="{lx + 34}" y="{ly}" class="legend">{escape(text)}</text>')
        lx += 60 + 7 * len(text)
    out.append("</svg>")
    return "\n".join(out) + "\n"


def fmt_num(text):
    if text == "":
        return "n/a"
    x = float(text)
    if abs(x) < 0.0005:
        return "0"
    a = abs(x)
    return f"{x:.0f}" if a >= 100 else f"{x:.1f}" if a >= 10 else f"{x:.2f}" if a >= 1 else f"{x:.3f}"


def markdown_table(path):
    lines = [
        "| # | scenario | n | unit | ours | baseline | ratio | target | result |",
        "|---|---|--:|---|--:|--:|--:|---|---|",
    ]
    with open(path, newline="") as f:
        for r in csv.DictReader(f):
            if r["kind"] != "result":
                continue
            ratio = f"{float(r['ratio']):.2f}×" if r["ratio"] else "—"
            name = r["name"].replace("|", "\\|")
            result = "**MISS**" if r["status"] == "MISS" else r["status"]
            lines.append(
                f"| {r['id']} | {name} | {fmt_size(int(r['size']))} | {r['unit']} | "
                f"{fmt_num(r['ours'])} | {fmt_num(r['baseline'])} | {ratio} | {r['target']} | {result} |"
            )
    return "\n".join(lines)


def main(argv):
    if len(argv) == 3 and argv[1] == "--table":
        print(markdown_table(argv[2]))
        return 0
    if len(argv) != 3:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    series = read_sweep(argv[1])
    if not series:
        print(f"{argv[1]}: no sweep rows", file=sys.stderr)
        return 1
    with open(argv[2], "w") as f:
        f.write(render(series))
    print(f"wrote {argv[2]} ({len(series)} panels)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
