"""What the embedding costs: the rules in Pyodide against native Python, through the protocol too, the
exported page's time to ready, the bundle's size and start-up.

    python -m ragusa.embed.costs SITE [--bundle FILE] [--games 200] [--warmup 20] [--protocol-games 20] [--loads 5]

- decisions per second: the benchmark's random playouts (`ragusa.bench.playouts`, 4 players, the
  same seeds, so the same games, after the same warm-up) in this Python and in Pyodide under Node.js
  (`SITE/ragusa.mjs`), each as the CPU time of its process;
- decisions per second through the protocol: `--protocol-games` 3-player games (seeds 0, 1, ...,
  every seat human, decision k taking legal action (7k + 3) mod n), each decision a `legal` then an
  `apply` request through `ragusa.mjs`'s `request()` in Node.js, against `legal_actions` then
  `apply` of the Python API here on the same games (the same decisions counted), after two warm-up
  games each; CPU time of each process;
- the page's time to ready: Debian's chromium (Playwright) opens `SITE/index.html` from a static
  server on 127.0.0.1, in a fresh browser context (nothing cached), then reloads it (the browser's
  caches kept); the wall time from the start of the navigation until the rules answer
  (`ragusaTransport.readyAt`), the median of `--loads` each;
- the bundle: its size, and the wall and CPU time from starting it to its answer to `info` (median of 5).

It needs Node.js; the page's figure also the webtest extra (Playwright) and chromium.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import json
import os
import resource
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
from ragusa.rules.game import new_game
from ragusa.rules.legal import legal_actions
from ragusa.rules.queries import is_terminal
from ragusa.rules.resolution import apply

__all__ = ["api_decisions", "bundle_startup", "main", "page_ready", "protocol_rate", "pyodide_rate", "serve_static"]

CHROMIUM = "/usr/bin/chromium"
#: the warm-up games, then the timed ones, timed by the CPU time of the Node.js process (Pyodide's
#: own `time.process_time` reads the wall clock)
_NODE_BENCH = """
import { loadRagusa } from %s;
const started = performance.now();
const ragusa = await loadRagusa();
const loaded = process.cpuUsage();
const ready = { wall: (performance.now() - started) / 1000, cpu: (loaded.user + loaded.system) / 1e6 };
ragusa.pyodide.runPython("from ragusa.bench import playouts; playouts(%d, 4, seed=1_000_000)");
const start = process.cpuUsage();
const decisions = ragusa.pyodide.runPython("playouts(%d, 4, seed=0).decisions");
const used = process.cpuUsage(start);
console.log(JSON.stringify({ decisions, seconds: (used.user + used.system) / 1e6, ready }));
"""

#: the protocol's games through `request()` (as `api_decisions` plays them with the Python API): two
#: warm-up games (other seeds), then the timed ones, by the CPU time of the Node.js process
_NODE_PROTOCOL = """
import { loadRagusa } from %s;
const ragusa = await loadRagusa();
async function play(players, seed) {
  const seats = Array(players).fill("human");
  let { status } = await ragusa.request({ op: "new_game", players, seats, seed });
  let decisions = 0;
  while (!status.over) {
    const { legal } = await ragusa.request({ op: "legal", game: status.game });
    const action = legal[(decisions * 7 + 3) %% legal.length].action;
    ({ status } = await ragusa.request({ op: "apply", game: status.game, action }));
    decisions += 1;
  }
  return decisions;
}
for (const seed of [1000000, 1000001]) await play(%d, seed);
const start = process.cpuUsage();
let decisions = 0;
for (let seed = 0; seed < %d; seed++) decisions += await play(%d, seed);
const used = process.cpuUsage(start);
console.log(JSON.stringify({ decisions, seconds: (used.user + used.system) / 1e6 }));
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


def pyodide_rate(site: Path, games: int, warmup: int) -> tuple[int, float, dict[str, float]]:
    """Decisions and CPU seconds of `games` playouts in Pyodide under Node.js, after `warmup` others;
    and the wall and CPU seconds `loadRagusa()` took to be ready."""
    found = _node_json(_NODE_BENCH % (json.dumps((site / "ragusa.mjs").resolve().as_uri()), warmup, games))
    return int(found["decisions"]), float(found["seconds"]), {k: float(v) for k, v in found["ready"].items()}


def _node_json(script: str) -> dict[str, Any]:
    """The last line a Node.js ES module script printed, as JSON."""
    node = shutil.which("node")
    if node is None:
        raise SystemExit("Node.js (node) is needed for the Pyodide figures")
    done = subprocess.run([node, "--input-type=module", "-e", script], capture_output=True, text=True, check=True)
    found: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return found


def api_decisions(games: int, players: int = 3, seed: int = 0) -> int:
    """Play the protocol benchmark's games with the Python API (`legal_actions`, `apply`): games
    `seed`, `seed + 1`, ..., decision k taking legal action (7k + 3) mod n; the decisions made."""
    decisions = 0
    for k in range(games):
        state = new_game(players, seed=seed + k)
        made = 0
        while not is_terminal(state):
            actions = legal_actions(state)
            state = apply(state, actions[(made * 7 + 3) % len(actions)])
            made += 1
        decisions += made
    return decisions


def protocol_rate(site: Path, games: int, players: int = 3) -> tuple[int, float]:
    """Decisions and CPU seconds of `games` games through `SITE/ragusa.mjs`'s `request()` in Node.js,
    each decision a `legal` and an `apply` request (the games of `api_decisions`)."""
    uri = json.dumps((site / "ragusa.mjs").resolve().as_uri())
    found = _node_json(_NODE_PROTOCOL % (uri, players, games, players))
    return int(found["decisions"]), float(found["seconds"])


def page_ready(site: Path, loads: int) -> tuple[list[float], list[float]]:
    """Milliseconds from navigation to the rules' readiness: `loads` cold loads (a fresh browser
    context each: nothing cached) and as many warm ones (a reload: the browser's caches kept)."""
    from playwright.sync_api import Page, sync_playwright

    def ready(page: Page) -> float:
        page.wait_for_function("document.documentElement.dataset.engine === 'ready'", timeout=120_000)
        return float(page.evaluate("window.ragusaTransport.readyAt"))

    cold, warm = [], []
    with serve_static(site) as base, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--headless", "--no-sandbox", "--disable-gpu"])
        for _ in range(loads):
            context = browser.new_context()
            page = context.new_page()
            page.goto(base + "/index.html")
            cold.append(ready(page))
            page.reload()
            warm.append(ready(page))
            context.close()
        browser.close()
    return cold, warm


def bundle_startup(command: Sequence[str], runs: int = 5) -> tuple[list[float], list[float]]:
    """Milliseconds from starting `command` to its answer to `info`: wall time, and CPU time (the
    process and the processes it waited for)."""
    wall, cpu = [], []
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        done = subprocess.run(list(command), input='{"op": "info"}\n', capture_output=True, text=True, check=True)
        wall.append(1000 * (time.perf_counter() - start))
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu.append(1000 * (after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime))
        assert json.loads(done.stdout)["ok"]
    return wall, cpu


def _figures(times: list[float], scale: float = 1.0) -> str:
    return ", ".join(f"{t / scale:.2f}" for t in times)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m ragusa.embed.costs", description=__doc__.split("\n\n")[0])
    parser.add_argument("site", type=Path, help="a folder written by ragusa export-web")
    parser.add_argument("--bundle", type=Path, default=None, help="an executable written by ragusa bundle-engine")
    parser.add_argument("--games", type=int, default=200, help="random playouts for decisions per second (default 200)")
    parser.add_argument("--warmup", type=int, default=20, help="playouts before the timed ones (default 20)")
    parser.add_argument(
        "--protocol-games", type=int, default=20, help="3-player games through the protocol (default 20)"
    )
    parser.add_argument("--loads", type=int, default=5, help="page loads for the time to ready (default 5)")
    args = parser.parse_args(argv)
    for flag, least in (("games", 1), ("warmup", 0), ("protocol_games", 1), ("loads", 1)):
        if getattr(args, flag) < least:
            parser.error(f"--{flag.replace('_', '-')} must be at least {least}; got {getattr(args, flag)}")
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    native = run_bench(args.games, 4, 0, args.warmup)
    decisions, seconds, ready = pyodide_rate(args.site, args.games, args.warmup)
    assert decisions == native.decisions, "Pyodide played other games"
    ratio = decisions / seconds / native.decisions_per_second
    print(f"decisions/s, {args.games} random 4-player playouts ({decisions} decisions), CPU time:")
    print(f"  native Python {sys.version.split()[0]}: {native.decisions_per_second:,.0f}")
    print(f"  Pyodide (Node.js {_node_version()}): {decisions / seconds:,.0f} ({ratio:.2f}x native)")
    _protocol_figures(args.site, args.protocol_games)
    print(f"loadRagusa() in Node.js to ready: {ready['wall']:.2f} s wall, {ready['cpu']:.2f} s CPU")
    if Path(CHROMIUM).exists():
        cold, warm = page_ready(args.site, args.loads)
        print(f"page time to ready (chromium, wall time), median of {args.loads}:")
        print(f"  cold (nothing cached): {statistics.median(cold) / 1000:.2f} s ({_figures(cold, 1000)})")
        print(f"  warm (a reload): {statistics.median(warm) / 1000:.2f} s ({_figures(warm, 1000)})")
    if args.bundle is not None:
        wall, cpu = bundle_startup([str(args.bundle)])
        size = args.bundle.stat().st_size / 1e6
        print(f"bundle {args.bundle.name}: {size:.1f} MB; start to the answer to info, median of 5:")
        print(
            f"  {statistics.median(wall):.0f} ms wall ({', '.join(f'{t:.0f}' for t in wall)}), {statistics.median(cpu):.0f} ms CPU"
        )
        wall, cpu = bundle_startup([sys.executable, "-m", "ragusa.service.engine_main"])
        print(f"  (python -m ragusa.service.engine_main here: {statistics.median(wall):.0f} ms wall, ", end="")
        print(f"{statistics.median(cpu):.0f} ms CPU)")
    return 0


def _protocol_figures(site: Path, games: int) -> None:
    """Print legal+apply decisions/s through ragusa.mjs in Node.js against the Python API, same games."""
    api_decisions(2, seed=1_000_000)  # the same warm-up as the Node.js side's
    start = time.process_time()
    native = api_decisions(games)
    native_rate = native / (time.process_time() - start)
    decisions, seconds = protocol_rate(site, games)
    assert decisions == native, "the protocol played other games"
    print(f"legal+apply decisions/s, {games} 3-player games ({native} decisions, the same games), CPU time:")
    print(f"  Python API here (legal_actions + apply): {native_rate:,.0f}")
    rate = decisions / seconds
    print(
        f"  ragusa.mjs request() in Node.js (legal + apply requests): {rate:,.0f} ({rate / native_rate:.3f}x the API)"
    )


def _node_version() -> str:
    done = subprocess.run(["node", "--version"], capture_output=True, text=True, check=False)
    return done.stdout.strip()


if __name__ == "__main__":
    sys.exit(main())
