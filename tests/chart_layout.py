#!/usr/bin/env python3
"""Every chart of every bundled scenario, measured on the SVG gnuplot drew: no two texts
overlap (they stay 4 px apart), no text runs off the picture, no text lies on a bar, and the
variants' names (legend entries, axis labels) stay outside the plot's frame. The sweep's chart
is left to the sweep's own checks.

A text's box comes from where gnuplot put it (its translate, rotation, anchor and font size)
and a width estimated from its characters at DejaVu Sans' advance widths (the font gnuplot's
"sans" resolves to on Debian), so what is measured is what a reader sees, give or take a pixel.

usage: chart_layout.py LETHALITY OUT_DIR SCENARIO_DIR... [--keep]
Runs every *.toml of the folders as one batch into OUT_DIR at few trials, plots it as SVG,
and checks every plot-*.svg; --keep leaves OUT_DIR for a look."""
import json
import math
import os
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET

SVG = "{http://www.w3.org/2000/svg}"

# DejaVu Sans advance widths in em (from the font's hmtx table, rounded); others at 0.62.
WIDTHS = {}
for chars, w in [("il.,:;'|!", 0.28), ("fjtI()[] ", 0.36), ("r-", 0.41), ('"', 0.46),
                 ("sz", 0.52), ("cvxyk", 0.56), ("aeognpqubdhJ", 0.62), ("0123456789", 0.64),
                 ("FLT%", 0.64), ("EPSZ", 0.66), ("BCKRXY=+<>#", 0.7), ("ADHNOQUV", 0.74),
                 ("GM", 0.78), ("mw", 0.9), ("W", 1.0), ("@", 1.0)]:
    for ch in chars:
        WIDTHS[ch] = w


def text_width(s, size):
    return sum(WIDTHS.get(ch, 0.62) for ch in s) * size


class Box:
    """An oriented rectangle: a centre, half sizes along its own axes, and its angle."""

    def __init__(self, cx, cy, hw, hh, angle, what):
        self.cx, self.cy, self.hw, self.hh, self.angle, self.what = cx, cy, hw, hh, angle, what

    def corners(self):
        c, s = math.cos(self.angle), math.sin(self.angle)
        return [(self.cx + dx * c - dy * s, self.cy + dx * s + dy * c)
                for dx, dy in ((-self.hw, -self.hh), (self.hw, -self.hh),
                               (self.hw, self.hh), (-self.hw, self.hh))]

    def axes(self):
        c, s = math.cos(self.angle), math.sin(self.angle)
        return [(c, s), (-s, c)]


def overlap(a, b, margin=0.0):
    """Separating-axis test for two oriented rectangles, shrunk by `margin` pixels."""
    for ax, ay in a.axes() + b.axes():
        pa = [x * ax + y * ay for x, y in a.corners()]
        pb = [x * ax + y * ay for x, y in b.corners()]
        if max(pa) - margin <= min(pb) + margin or max(pb) - margin <= min(pa) + margin:
            return False
    return True


TRANSLATE = re.compile(r"translate\(([-\d.]+),([-\d.]+)\)(?:\s*rotate\(([-\d.]+)\))?")


def texts_of(root):
    """Every text gnuplot drew, as (string, Box, group id of the plot it belongs to)."""
    out = []

    def walk(node, plot):
        gid = node.get("id", "")
        if gid.startswith("gnuplot_plot_"):
            plot = gid
        if node.tag == SVG + "g" and node.get("transform", "").startswith("translate"):
            m = TRANSLATE.match(node.get("transform"))
            size = float(node.get("font-size", "13"))
            anchor = node.get("text-anchor", "start")
            lines = ["".join(t.itertext()) for t in node.findall(SVG + "text")]
            if m and lines:
                x, y = float(m.group(1)), float(m.group(2))
                angle = math.radians(float(m.group(3) or 0))
                for s in lines:
                    s = s.strip("\u00a0")
                    if not s.strip():
                        continue
                    w = text_width(s, size)
                    # Along the text: the anchor says where x is; across: the baseline at y,
                    # the glyphs from 0.76 em above it to 0.24 em below.
                    start = {"start": 0, "middle": -w / 2, "end": -w}[anchor]
                    mid_along, mid_across = start + w / 2, -0.26 * size
                    c, sn = math.cos(angle), math.sin(angle)
                    cx = x + mid_along * c - mid_across * sn
                    cy = y + mid_along * sn + mid_across * c
                    out.append((s.strip(), Box(cx, cy, w / 2, 0.5 * size, angle, s.strip()),
                                plot))
        for child in node:
            walk(child, plot)

    walk(root, None)
    return out


def rects_of(root):
    """The filled polygons of the plots (bars, key samples), as axis-aligned boxes."""
    out = []

    def walk(node, plot):
        gid = node.get("id", "")
        if gid.startswith("gnuplot_plot_"):
            plot = gid
        if node.tag == SVG + "polygon" and plot and node.get("fill", "none") != "none":
            pts = [tuple(map(float, p.split(","))) for p in node.get("points").split()]
            xs, ys = [p[0] for p in pts], [p[1] for p in pts]
            out.append(Box((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2,
                           (max(xs) - min(xs)) / 2, (max(ys) - min(ys)) / 2, 0, "bar"))
        for child in node:
            walk(child, plot)

    walk(root, None)
    return out


def frame_of(root):
    """The plot's border: the closed axis-aligned rectangle drawn outside the plots."""
    best = None
    for p in root.iter(SVG + "path"):
        d = p.get("d", "")
        pts = re.findall(r"[ML]([-\d.]+),([-\d.]+)", d)
        if len(pts) == 5 and "Z" in d:
            xs = sorted({float(x) for x, _ in pts})
            ys = sorted({float(y) for _, y in pts})
            if len(xs) == 2 and len(ys) == 2:
                area = (xs[1] - xs[0]) * (ys[1] - ys[0])
                if best is None or area > best[0]:
                    best = (area, xs, ys)
    assert best, "no plot border found"
    _, xs, ys = best
    return Box((xs[0] + xs[1]) / 2, (ys[0] + ys[1]) / 2, (xs[1] - xs[0]) / 2,
               (ys[1] - ys[0]) / 2, 0, "frame")


def check_chart(path, variants):
    root = ET.parse(path).getroot()
    width, height = float(root.get("width")), float(root.get("height"))
    problems = []
    texts = texts_of(root)
    frame = frame_of(root)
    for i, (s, b, _) in enumerate(texts):
        for x, y in b.corners():
            if x < -1 or y < -1 or x > width + 1 or y > height + 1:
                problems.append(f"'{s}' runs off the picture at ({x:.0f}, {y:.0f})")
                break
        for s2, b2, _ in texts[i + 1:]:
            if overlap(b, b2, margin=-2):  # at least 4 px apart: PNG fonts run wider
                problems.append(f"'{s}' overlaps '{s2}'")
        for bar in rects_of(root):
            inside = frame.hw - abs(bar.cx - frame.cx) > 0 and frame.hh - abs(bar.cy - frame.cy) > 0
            if inside and overlap(b, bar, margin=1):
                problems.append(f"'{s}' lies on a bar")
                break
        # A variant's name is a legend entry or an axis label: never inside the frame, where it
        # would hide data (or data would hide it).
        if any(s == v or s.startswith(v + ":") or s.startswith(v + " (") for v in variants):
            if overlap(b, frame, margin=1):
                problems.append(f"the variant's name '{s}' is inside the plot's frame")
    return problems


def main():
    args = [a for a in sys.argv[1:] if a != "--keep"]
    keep = "--keep" in sys.argv
    lethality, out, folders = args[0], args[1], args[2:]
    shutil.rmtree(out, ignore_errors=True)
    files = sorted(os.path.join(f, x) for f in folders for x in os.listdir(f) if x.endswith(".toml"))
    subprocess.run([lethality, "run", *files, "--trials", "2000", "--seed", "11", "--out", out,
                    "--quiet"], check=True, stdout=subprocess.DEVNULL)
    subprocess.run([lethality, "plot", out, "--format", "svg"], check=True,
                   stdout=subprocess.DEVNULL)
    failures, charts = [], 0
    for scenario in sorted(os.listdir(out)):
        folder = os.path.join(out, scenario)
        if not os.path.isfile(os.path.join(folder, "run.json")):
            continue
        with open(os.path.join(folder, "run.json")) as f:
            variants = [v["name"] for v in json.load(f)["variants"]]
        for chart in sorted(os.listdir(folder)):
            if not (chart.startswith("plot-") and chart.endswith(".svg")):
                continue
            # The sweep's chart is drawn by analysis of its own (sim/cli/charts.cpp
            # sweep_chart, the sweep's issue) and measured there.
            if chart == "plot-sweep.svg":
                continue
            charts += 1
            for p in check_chart(os.path.join(folder, chart), variants):
                failures.append(f"{scenario}/{chart}: {p}")
    for f in failures:
        print(f)
    print(f"{charts} charts of {len(files)} files measured: {len(failures)} problems")
    if not keep:
        shutil.rmtree(out)
    sys.exit(1 if failures or charts == 0 else 0)


if __name__ == "__main__":
    main()
