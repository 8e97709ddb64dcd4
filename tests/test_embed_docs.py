"""Every example of docs/embedding.md runs as written.

The `sh` blocks run with bash in a scratch folder where `js/` is the repository's (so the export finds
the npm packages `npm ci --prefix js` installed); their `npm ci` and `pip install` lines are CI's own
install steps (.ci/run runs them before the tests) and are left out here. The `js` block runs with
node beside the exported site, the `html` block in chromium from it.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import sync_playwright

from ragusa.embed.bench import serve_static
from ragusa.service.protocol import handle
from ragusa.service.store import MemoryStore
from tests.browser_support import ARGS, CHROMIUM
from tests.embed_support import JS, ROOT, native_env, need_node

PAGE = ROOT / "docs" / "embedding.md"
FENCE = re.compile(r"^```(\w+)\n(.*?)^```", re.S | re.M)
SETUP = ("npm ci", "pip install")


def _blocks(language: str) -> list[str]:
    return [m.group(2) for m in FENCE.finditer(PAGE.read_text(encoding="utf-8")) if m.group(1) == language]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="module")
def scratch(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    need_node()
    folder = tmp_path_factory.mktemp("docs")
    (folder / "js").symlink_to(JS)
    bin_dir = folder / "bin"
    bin_dir.mkdir()
    if shutil.which("ragusa-engine", path=str(Path(sys.executable).parent)) is None:
        # an editable install made before the script existed: a stand-in running the same module
        shim = bin_dir / "ragusa-engine"
        shim.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m ragusa.service.engine_main "$@"\n')
        shim.chmod(0o755)
    yield folder


def _bash(script: str, cwd: Path, timeout: float = 300) -> subprocess.CompletedProcess[str]:
    env = native_env()
    env["PATH"] = os.pathsep.join([str(cwd / "bin"), str(Path(sys.executable).parent), env.get("PATH", "")])
    lines = [line for line in script.splitlines() if not line.startswith(SETUP)]
    return subprocess.run(
        ["bash", "-e", "-c", "\n".join(lines)], cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout
    )


def _sh(word: str) -> str:
    (block,) = [b for b in _blocks("sh") if word in b]
    return block


def _native_node_example() -> str:
    """What the Node.js example prints, worked out by the native engine (console.log's list format)."""
    store = MemoryStore(seed=1)
    answer = handle(store, {"op": "new_game", "players": 2, "seats": ["human", "greedy"], "seed": 1})
    game = answer["status"]["game"]
    while not answer["status"]["over"]:
        first = handle(store, {"op": "legal", "game": game})["legal"][0]["action"]
        answer = handle(store, {"op": "apply", "game": game, "seat": 0, "action": first})

    def listed(values: list[int]) -> str:
        return "[ " + ", ".join(map(str, values)) + " ]"

    return f"winners {listed(answer['status']['winners'])} scores {listed(answer['status']['scores'])}\n"


def test_the_page_has_each_kind_of_example() -> None:
    assert len(_blocks("sh")) == 4 and len(_blocks("js")) == 1 and len(_blocks("html")) == 1


def test_the_export_example_then_the_node_and_html_examples(scratch: Path) -> None:
    done = _bash(_sh("export-web"), scratch)
    assert done.returncode == 0, done.stderr
    assert (scratch / "site" / "ragusa.mjs").is_file() and (scratch / "site" / "index.html").is_file()
    # Node.js: the game to its end, as the native engine plays it (seat 0 takes its first legal action)
    (scratch / "play.mjs").write_text(_blocks("js")[0])
    node = subprocess.run([need_node(), "play.mjs"], cwd=scratch, capture_output=True, text=True, timeout=300)
    assert node.returncode == 0, node.stderr
    assert node.stdout == _native_node_example()
    # a page of one's own beside the export
    (scratch / "site" / "mine.html").write_text(_blocks("html")[0])
    if not Path(CHROMIUM).exists():
        pytest.skip(f"the html example needs Debian's chromium at {CHROMIUM}")
    with serve_static(scratch / "site") as base, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_page()
        page.goto(base + "/mine.html")
        page.wait_for_function("!document.querySelector('#out').textContent.startsWith('loading')", timeout=120_000)
        status = handle(MemoryStore(), {"op": "new_game", "players": 2, "seats": ["human", "greedy"], "seed": 1})[
            "status"
        ]
        assert page.inner_text("#out") == f"seat {status['seat']} decides: {status['phase']}"
        browser.close()


def test_the_bundle_example(scratch: Path) -> None:
    pytest.importorskip("PyInstaller", reason="the bundle example needs the bundle extra (PyInstaller)")
    done = _bash(_sh("bundle-engine"), scratch)
    assert done.returncode == 0, done.stderr
    info = json.loads(done.stdout.splitlines()[-1])
    assert info["ok"] and info["op"] == "info" and "ismcts" in info["seat_kinds"]


def test_the_ragusa_engine_example(scratch: Path) -> None:
    done = _bash(_sh("| ragusa-engine"), scratch)
    assert done.returncode == 0, done.stderr
    started, legal = (json.loads(line) for line in done.stdout.splitlines())
    assert started["status"]["seats"] == ["human", "random"] and started["seed"] == 1
    assert legal["ok"] and legal["legal"] and all(a["action"]["type"] == "choose_bonus" for a in legal["legal"])


def test_the_http_example(scratch: Path) -> None:
    port = str(_free_port())
    done = _bash(_sh("ragusa serve").replace("8765", port), scratch, timeout=120)
    assert done.returncode == 0, done.stderr
    # the server's own first line ("Ragusa is served at ...") comes first
    (line,) = [line for line in done.stdout.splitlines() if line.startswith("{")]
    info = json.loads(line)
    assert info["ok"] and info["op"] == "info" and "new_game" in info["ops"]
