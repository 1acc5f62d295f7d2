#!/usr/bin/env python3
"""The lab's first render in headless Chromium (run by benches/lab.sh).

Opens an 8x8 attack-map permalink in a freshly started browser (cold), then N more times in
the same browser (warm), and prints the medians: the HTML's last byte, the page's script
starting, and the board drawn and laid out — all in ms after the navigation began (the
request included), as the page records them (performance timings, data-first-render).

    benches/lab_render.py BINARY [RUNS]
"""

import os
import statistics
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "scripts"))
import check_lab  # noqa: E402  (the browser driver)

TIMES = """(() => {
  const n = performance.getEntriesByType('navigation')[0];
  const s = performance.getEntriesByName('lab-script')[0];
  return [Math.round(n.responseEnd), Math.round(s ? s.startTime : -1),
          Number(document.body.dataset.firstRender)];
})()"""


def main():
    binary = sys.argv[1]
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 15
    chromium = check_lab.shutil.which("chromium") or check_lab.shutil.which("chromium-browser")
    if not chromium:
        print("lab_render: skipped (no chromium installed)")
        return 0
    server = subprocess.Popen([binary, "serve", "--port", "0"], stdout=subprocess.PIPE,
                              stderr=subprocess.DEVNULL, text=True)
    base = server.stdout.readline().split()[-1]
    fen = "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/3P1A2/PPP2PPP/RNBQK2R"
    url = check_lab.permalink(base, "attacks", [("fen", fen), ("define", "A=BN")])
    browser = check_lab.Browser(chromium)
    try:
        browser.open(url, "attacks")
        cold = browser.eval(TIMES)
        warm = []
        busy = []
        browser.call("Performance.enable")
        for _ in range(runs):
            browser.open(url, "attacks")
            warm.append(browser.eval(TIMES))
            # The renderer's counters start again with each navigation.
            busy.append(metrics(browser))
    finally:
        browser.close()
        server.terminate()
        server.wait()
    med = [statistics.median(w[i] for w in warm) for i in range(3)]
    print(f"    cold browser: HTML {cold[0]} ms, script {cold[1]} ms, first render {cold[2]} ms")
    print(f"    warm, median of {runs}: HTML {med[0]:.0f} ms, script {med[1]:.0f} ms, "
          f"first render {med[2]:.0f} ms (min {min(w[2] for w in warm)}, max {max(w[2] for w in warm)})")
    keys = ["ScriptDuration", "LayoutDuration", "RecalcStyleDuration", "TaskDuration"]
    print("    renderer main thread per load, median: " + ", ".join(
        f"{k[:-8].lower()} {statistics.median(b.get(k, 0) for b in busy) * 1e3:.0f} ms" for k in keys)
        + " (the whole load, after the first render included)")
    return 0


def metrics(browser):
    """The renderer's cumulative busy times (seconds), by name."""
    return {m["name"]: m["value"] for m in browser.call("Performance.getMetrics")["metrics"]}


if __name__ == "__main__":
    sys.exit(main())
