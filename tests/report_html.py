#!/usr/bin/env python3
"""report.html and the charts of a real run, checked from outside the program: each PNG has the
PNG signature and an IHDR chunk of a sane size, each SVG parses as XML with an <svg> root, and
headless Chromium renders report.html with no console message, showing every variant, with
nothing loaded from outside the page. A screenshot is left in OUT_DIR/report.png to look at.

usage: report_html.py LETHALITY CHROMIUM SCENARIO OUT_DIR"""
import glob
import html.parser
import os
import re
import shutil
import struct
import subprocess
import sys
import xml.etree.ElementTree as ET


def check_png(path):
    with open(path, "rb") as f:
        head = f.read(33)
    assert head[:8] == b"\x89PNG\r\n\x1a\n", f"{path}: no PNG signature"
    length, kind, width, height = struct.unpack(">I4sII", head[8:24])
    assert kind == b"IHDR" and length == 13, f"{path}: the first chunk is not IHDR"
    assert 200 <= width <= 4000 and 200 <= height <= 4000, f"{path}: {width}x{height}"


def check_svg(path, variants):
    root = ET.parse(path).getroot()
    assert root.tag == "{http://www.w3.org/2000/svg}svg", f"{path}: root is {root.tag}"
    texts = {t.text for t in root.iter("{http://www.w3.org/2000/svg}text")}
    return [v for v in variants if v in texts]


class Dom(html.parser.HTMLParser):
    """The variants' names in the comparison table, and every reference out of the page."""

    def __init__(self):
        super().__init__()
        self.names, self.outside, self.svgs = [], [], 0
        self._in_name = False

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "svg":
            self.svgs += 1
        self._in_name = tag == "td" and a.get("class") == "name"
        for k in ("src", "href", "xlink:href"):
            if k in a and not a[k].startswith("#"):
                self.outside.append(f"<{tag} {k}={a[k]}>")

    def handle_data(self, data):
        if self._in_name:
            self.names.append(data)
            self._in_name = False


def chromium(browser, *args):
    return subprocess.run([browser, "--headless", "--no-sandbox", "--disable-gpu",
                           "--hide-scrollbars", "--enable-logging=stderr", "--log-level=0",
                           *args], capture_output=True, text=True, timeout=120)


def main():
    lethality, browser, scenario, out = sys.argv[1:5]
    shutil.rmtree(out, ignore_errors=True)
    subprocess.run([lethality, "run", scenario, "--trials", "20000", "--out", out, "--quiet"],
                   check=True)
    subprocess.run([lethality, "plot", out, "--scenario", scenario], check=True,
                   stdout=subprocess.DEVNULL)
    import json
    with open(os.path.join(out, "run.json")) as f:
        variants = [v["name"] for v in json.load(f)["variants"]]
    assert len(variants) >= 2

    pngs = sorted(glob.glob(os.path.join(out, "plot-*.png")))
    svgs = sorted(glob.glob(os.path.join(out, "plot-*.svg")))
    assert len(pngs) >= 4 and len(svgs) == len(pngs), (pngs, svgs)
    for p in pngs:
        check_png(p)
    for s in svgs:
        check_svg(s, variants)
    shown = check_svg(os.path.join(out, "plot-death-rate.svg"), variants)
    assert shown == variants, f"plot-death-rate.svg names {shown}, not {variants}"

    page = "file://" + os.path.abspath(os.path.join(out, "report.html"))
    r = chromium(browser, "--dump-dom", page)
    assert r.returncode == 0, r.stderr
    console = [l for l in r.stderr.splitlines() if ":CONSOLE" in l]
    assert not console, "console messages:\n" + "\n".join(console)
    dom = Dom()
    dom.feed(r.stdout)
    assert dom.names == variants, f"the rendered table shows {dom.names}, not {variants}"
    assert dom.svgs == len(svgs), f"{dom.svgs} inline SVGs rendered, {len(svgs)} charts"
    assert not dom.outside, f"report.html refers outside itself: {dom.outside}"
    assert re.search(r"<pre>[^<]*\[\[variants\]\]", r.stdout), "the scenario text is missing"

    shot = os.path.abspath(os.path.join(out, "report.png"))
    r = chromium(browser, "--window-size=1200,3000", "--screenshot=" + shot, page)
    assert r.returncode == 0, r.stderr
    check_png(shot)
    print(f"report.html renders: {len(variants)} variants, {dom.svgs} charts; screenshot {shot}")


if __name__ == "__main__":
    main()
