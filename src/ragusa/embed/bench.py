"""The embedding's figures: the rules in Pyodide against native Python, the exported page's time to
ready, the bundle's size and start-up.

    python -m ragusa.embed.bench SITE [--bundle FILE] [--games 20] [--loads 5]

- decisions per second: the benchmark's random playouts (`ragusa.bench.run_bench`, 4 players,
  the same seeds, so the same games) in this Python and in Pyodide under Node.js (`SITE/ragusa.mjs`),
  each as process CPU time;
- the page's time to ready: Debian's chromium (Playwright) opens `SITE/index.html` from a static
  server on 127.0.0.1, in a fresh browser context each time (nothing cached); the time from the start
  of the navigation until the rules answer (`ragusaTransport.readyAt`), the median of `--loads`;
- the bundle: its size, and the wall time from starting it to its answer to `info` (median of 5).

It needs Node.js; the page's figure also the webtest extra (Playwright) and chromium.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import json
import shutil
import statistics
import subprocess
import sys
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from ragusa.bench import run_bench

__all__ = ["bundle_startup", "main", "page_ready", "pyodide_rate", "serve_static"]

CHROMIUM = "/usr/bin/chromium"
_NODE_BENCH = """
import { loadRagusa } from %s;
const ragusa = await loadRagusa();
const out = ragusa.pyodide.runPython(`
import json
from ragusa.bench import run_bench
r = run_bench(%d, 4, 0, 2)
json.dumps({"decisions": r.decisions, "seconds": r.seconds})
`);
console.log(out);
"""


class _Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".wasm": "application/wasm",
        ".json": "application/json",
    }

    def log_message(self, format: str, *args: Any) -> None:
        pass


@contextmanager
def serve_static(root: Path) -> Iterator[str]:
    """A static file server of `root` on 127.0.0.1 (a free port), with the types modules and wasm need."""
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Handler, directory=str(root)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


def pyodide_rate(site: Path, games: int) -> tuple[int, float]:
    """Decisions and CPU seconds of `games` playouts in Pyodide under Node.js."""
    node = shutil.which("node")
    if node is None:
        raise SystemExit("Node.js (node) is needed for the Pyodide figures")
    script = _NODE_BENCH % (json.dumps((site / "ragusa.mjs").resolve().as_uri()), games)
    done = subprocess.run([node, "--input-type=module", "-e", script], capture_output=True, text=True, check=True)
    found = json.loads(done.stdout.strip().splitlines()[-1])
    return int(found["decisions"]), float(found["seconds"])


def page_ready(site: Path, loads: int) -> list[float]:
    """Milliseconds from navigation to the rules' first readiness, one fresh context per load."""
    from playwright.sync_api import sync_playwright

    times = []
    with serve_static(site) as base, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--headless", "--no-sandbox", "--disable-gpu"])
        for _ in range(loads):
            context = browser.new_context()
            page = context.new_page()
            page.goto(base + "/index.html")
            page.wait_for_function("document.documentElement.dataset.engine === 'ready'", timeout=120_000)
            times.append(float(page.evaluate("window.ragusaTransport.readyAt")))
            context.close()
        browser.close()
    return times


def bundle_startup(command: Sequence[str], runs: int = 5) -> list[float]:
    """Milliseconds from starting `command` to its answer to `info`."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        done = subprocess.run(list(command), input='{"op": "info"}\n', capture_output=True, text=True, check=True)
        assert json.loads(done.stdout)["ok"]
        times.append(1000 * (time.perf_counter() - start))
    return times


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m ragusa.embed.bench", description=__doc__.split("\n\n")[0])
    parser.add_argument("site", type=Path, help="a folder written by ragusa export-web")
    parser.add_argument("--bundle", type=Path, default=None, help="an executable written by ragusa bundle-engine")
    parser.add_argument("--games", type=int, default=20, help="random playouts for decisions per second (default 20)")
    parser.add_argument("--loads", type=int, default=5, help="page loads for the time to ready (default 5)")
    args = parser.parse_args(argv)
    native = run_bench(args.games, 4, 0, 2)
    decisions, seconds = pyodide_rate(args.site, args.games)
    assert decisions == native.decisions, "Pyodide played other games"
    ratio = decisions / seconds / native.decisions_per_second
    print(f"decisions/s, {args.games} random 4-player playouts ({decisions} decisions), CPU time:")
    print(f"  native Python {sys.version.split()[0]}: {native.decisions_per_second:,.0f}")
    print(f"  Pyodide (Node.js {_node_version()}): {decisions / seconds:,.0f} ({ratio:.2f}x native)")
    if Path(CHROMIUM).exists():
        times = page_ready(args.site, args.loads)
        print(f"page time to ready (chromium, {args.loads} cold loads): median {statistics.median(times) / 1000:.2f} s")
        print(f"  ({', '.join(f'{t / 1000:.2f}' for t in times)})")
    if args.bundle is not None:
        times = bundle_startup([str(args.bundle)])
        size = args.bundle.stat().st_size / 1e6
        print(
            f"bundle {args.bundle.name}: {size:.1f} MB; start to the answer to info: median {statistics.median(times):.0f} ms"
        )
        native_start = bundle_startup([sys.executable, "-m", "ragusa.service.engine_main"])
        print(f"  (python -m ragusa.service.engine_main here: median {statistics.median(native_start):.0f} ms)")
    return 0


def _node_version() -> str:
    done = subprocess.run(["node", "--version"], capture_output=True, text=True, check=False)
    return done.stdout.strip()


if __name__ == "__main__":
    sys.exit(main())
