#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Load an HTML report in headless Chromium and check what a reader sees.

    report-browser.py REPORT.html SCREENSHOT.png [--min-charts N] [--min-tables N]
                      [--text TEXT]...

Debian's chromium, driven through chromium-driver by selenium. Fails (exit
1, a line per problem) when the page has fewer than N charts (a
figure.chart holding an SVG that the browser laid out with a size) or
fewer than N tables with rows laid out, when a TEXT is not in what the
page shows (its rendered text: captions, tables, headings), when an image
did not load, or when the console shows an error; writes a
screenshot of the whole page either way. Silent when it passes.
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
from pathlib import Path

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

# What a chart is to a reader: an SVG the browser gave an area to.
CHARTS_JS = """
return Array.from(document.querySelectorAll('figure.chart')).map(f => {
  const s = f.querySelector('svg');
  const r = s ? s.getBoundingClientRect() : {width: 0, height: 0};
  return [f.id, Math.round(r.width), Math.round(r.height)];
});
"""
# A table to a reader: rows the browser gave a height to.
TABLES_JS = """
return Array.from(document.querySelectorAll('table')).filter(t =>
  t.rows.length > 1 && t.getBoundingClientRect().height > 0).length;
"""
BROKEN_IMAGES_JS = """
return Array.from(document.images).filter(i => !i.complete || i.naturalWidth === 0)
  .map(i => i.src.slice(0, 80));
"""


def browser(user_dir: str) -> webdriver.Chrome:
    opts = webdriver.ChromeOptions()
    opts.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
    # The flags this machine's closed network needs (no background
    # connections), and root's (no sandbox).
    for flag in ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                 "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage",
                 f"--user-data-dir={user_dir}", "--window-size=1280,1000"):
        opts.add_argument(flag)
    opts.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = shutil.which("chromedriver") or "/usr/bin/chromedriver"
    return webdriver.Chrome(options=opts, service=Service(driver))


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("report", type=Path)
    ap.add_argument("screenshot", type=Path)
    ap.add_argument("--min-charts", type=int, default=1)
    ap.add_argument("--min-tables", type=int, default=0)
    ap.add_argument("--text", action="append", default=[],
                    help="text the rendered page must show; repeatable")
    a = ap.parse_args()
    problems: list[str] = []
    with tempfile.TemporaryDirectory() as user_dir:
        d = browser(user_dir)
        try:
            d.get(a.report.resolve().as_uri())
            charts = d.execute_script(CHARTS_JS)
            laid_out = [c for c in charts if c[1] > 100 and c[2] > 100]
            if len(laid_out) < a.min_charts:
                problems.append(f"{len(laid_out)} charts laid out, {a.min_charts} wanted: {charts}")
            tables = d.execute_script(TABLES_JS)
            if tables < a.min_tables:
                problems.append(f"{tables} tables laid out, {a.min_tables} wanted")
            shown = d.execute_script("return document.body.innerText")
            problems += [f"the page does not show {t!r}" for t in a.text if t not in shown]
            problems += [f"image did not load: {src}" for src in d.execute_script(BROKEN_IMAGES_JS)]
            problems += [f"console: {e['level']}: {e['message']}" for e in d.get_log("browser")
                         if e["level"] in ("SEVERE", "WARNING")]
            height = d.execute_script("return document.documentElement.scrollHeight")
            d.set_window_size(1280, min(int(height) + 100, 16000))
            d.save_screenshot(str(a.screenshot))
        finally:
            d.quit()
    for p in problems:
        print(f"report-browser: {a.report}: {p}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
