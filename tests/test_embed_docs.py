"""Every example of docs/embedding.md runs as written.

The `sh` blocks run with bash in a scratch folder where `js/` is the repository's (so the export finds
the npm packages `npm ci --prefix js` installed); their `npm ci` and `pip install` lines are CI's own
install steps (.ci/run runs them before the tests) and are left out here, and npm runs offline (the
package is a local tarball with no dependencies): the line installing Vite links the one pinned in
`js/` instead. The first `html` block runs in chromium from the exported site; after the package's
block (`npm pack`, a new project installing the tarball), the Node.js block runs with node in that
project, and the Vite block builds its page (the second `html` block and the second `js` block),
played in chromium from the build.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from playwright.sync_api import sync_playwright

from ragusa.embed.costs import serve_static
from ragusa.service.protocol import handle
from ragusa.service.store import MemoryStore
from tests.browser_support import ARGS, CHROMIUM
from tests.embed_support import JS, NPM, ROOT, VITE, native_env, need_node

PAGE = ROOT / "docs" / "embedding.md"
FENCE = re.compile(r"^```(\w+)\n(.*?)^```", re.S | re.M)
SETUP = ("npm ci", "pip install")
#: the line that installs Vite from the registry, and what the test runs instead: js/'s pinned Vite, linked
VITE_INSTALL = "npm install --save-dev vite"
VITE_LINK = (
    f"mkdir -p node_modules/.bin && ln -sfn {JS / 'node_modules' / 'vite'} node_modules/vite"
    " && ln -sfn ../vite/bin/vite.js node_modules/.bin/vite"
)


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


def _bash(
    script: str, cwd: Path, timeout: float = 300, bin_dir: Path | None = None
) -> subprocess.CompletedProcess[str]:
    env = native_env() | {"npm_config_offline": "true", "npm_config_audit": "false", "npm_config_fund": "false"}
    env["PATH"] = os.pathsep.join([str(bin_dir or cwd / "bin"), str(Path(sys.executable).parent), env.get("PATH", "")])
    lines = [VITE_LINK if line == VITE_INSTALL else line for line in script.splitlines() if not line.startswith(SETUP)]
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
    assert len(_blocks("sh")) == 6 and len(_blocks("js")) == 2 and len(_blocks("html")) == 2


@pytest.fixture(scope="module")
def exported(scratch: Path) -> Path:
    """The export example, run: `site/` in the scratch folder."""
    done = _bash(_sh("export-web"), scratch)
    assert done.returncode == 0, done.stderr
    assert (scratch / "site" / "ragusa.mjs").is_file() and (scratch / "site" / "index.html").is_file()
    return scratch / "site"


@pytest.fixture(scope="module")
def my_ui(exported: Path, scratch: Path) -> Path:
    """The package example, run: `npm pack` of the export, a new project `my-ui` installing the tarball."""
    if NPM is None:
        pytest.skip("the package example needs npm on the PATH")
    done = _bash(_sh("npm pack"), scratch)
    assert done.returncode == 0, done.stderr
    project = scratch / "my-ui"
    assert json.loads((project / "node_modules" / "ragusa" / "package.json").read_text())["name"] == "ragusa"
    return project


def test_the_html_example_beside_the_export(exported: Path) -> None:
    (exported / "mine.html").write_text(_blocks("html")[0])
    if not Path(CHROMIUM).exists():
        pytest.skip(f"the html example needs Debian's chromium at {CHROMIUM}")
    with serve_static(exported) as base, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_page()
        page.goto(base + "/mine.html")
        page.wait_for_function("!document.querySelector('#out').textContent.startsWith('loading')", timeout=120_000)
        status = handle(MemoryStore(), {"op": "new_game", "players": 2, "seats": ["human", "greedy"], "seed": 1})[
            "status"
        ]
        assert page.inner_text("#out") == f"seat {status['seat']} decides: {status['phase']}"
        browser.close()


def test_the_node_example_imports_the_package_by_name(my_ui: Path) -> None:
    """The game to its end, as the native engine plays it (seat 0 takes its first legal action)."""
    (node_example,) = [b for b in _blocks("js") if "document" not in b]
    assert 'from "ragusa"' in node_example
    (my_ui / "play.mjs").write_text(node_example)
    node = subprocess.run([need_node(), "play.mjs"], cwd=my_ui, capture_output=True, text=True, timeout=300)
    assert node.returncode == 0, node.stderr
    assert node.stdout == _native_node_example()


@contextmanager
def _vite(project: Path, *args: str) -> Iterator[str]:
    """js/'s Vite serving `project` on 127.0.0.1 (`vite ARGS`: the development server, or `preview`);
    its address. Stopped at the end."""
    port = _free_port()
    command = [need_node(), str(VITE), *args, "--host", "127.0.0.1", "--port", str(port), "--strictPort"]
    server = subprocess.Popen(command, cwd=project, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(600):  # up to 60 s to listen
            with socket.socket() as s:
                if s.connect_ex(("127.0.0.1", port)) == 0:
                    break
            time.sleep(0.1)
        yield f"http://127.0.0.1:{port}"
    finally:
        server.terminate()
        server.wait(timeout=30)


def _plays_a_move(base: str, expected: str) -> None:
    """The Vite example's page at `base`: it shows `expected`, its engine runs in a Web Worker, and no
    request leaves `base`."""
    requested: list[str] = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_page()
        page.on("request", lambda request: requested.append(request.url))
        page.goto(base + "/index.html")
        page.wait_for_function("!document.querySelector('#out').textContent.startsWith('loading')", timeout=120_000)
        assert page.inner_text("#out") == expected
        assert [w.url for w in page.workers] == [base + "/ragusa/ragusa-worker.mjs"]
        browser.close()
    assert requested and all(url.startswith(base + "/") for url in requested), requested


def test_the_vite_example_builds_a_page_that_plays_a_move(my_ui: Path, scratch: Path) -> None:
    """Built by Vite (js/'s pinned one), the page imports the package by name, its engine in a worker,
    and plays seat 0's first legal action against the hard level: from any static server, from `vite
    preview` (which serves a .gz file gzip-encoded) and from Vite's development server."""
    (index,) = [b for b in _blocks("html") if "main.js" in b]
    (main,) = [b for b in _blocks("js") if "document" in b]
    (my_ui / "index.html").write_text(index)
    (my_ui / "main.js").write_text(main)
    done = _bash(_sh("vite build"), my_ui, bin_dir=scratch / "bin")
    assert done.returncode == 0, done.stderr
    dist = my_ui / "dist"
    assert (dist / "index.html").is_file() and (dist / "ragusa" / "ragusa-worker.mjs").is_file()
    # the module is in the page's own script, not loaded from the copied folder
    (script,) = (dist / "assets").glob("index-*.js")
    assert "ragusa-worker.mjs" in script.read_text()
    store = MemoryStore(seed=1)
    started = handle(store, {"op": "new_game", "players": 2, "seats": ["human", "human"], "seed": 3})
    first = handle(store, {"op": "legal", "game": started["status"]["game"]})["legal"][0]["text"]
    # the hard level answered seat 0's move, and seat 0 decides again
    expected = f"played {first}; seat 0 decides"
    if not Path(CHROMIUM).exists():
        pytest.skip(f"the Vite example needs Debian's chromium at {CHROMIUM}")
    with serve_static(dist) as base:
        _plays_a_move(base, expected)
    with _vite(my_ui, "preview") as base:
        _plays_a_move(base, expected)
    with _vite(my_ui) as base:
        _plays_a_move(base, expected)


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
