"""Shared by the embedding tests: the npm packages, an export made once per session, transcripts,
the export packed and installed as an npm package."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from ragusa.embed.export import export_web

ROOT = Path(__file__).resolve().parents[1]
JS = ROOT / "js"
PYODIDE = JS / "node_modules" / "pyodide"
NODE = shutil.which("node")
NPM = shutil.which("npm")
TSC = JS / "node_modules" / ".bin" / "tsc"
VITE = JS / "node_modules" / "vite" / "bin" / "vite.js"


def need_node() -> str:
    """The `node` command, or a skip naming what to install (CI installs both and fails on a skip)."""
    if NODE is None:
        pytest.skip("the embedding tests need Node.js (node) on the PATH")
    if not PYODIDE.is_dir():
        pytest.skip("the embedding tests need the npm packages: npm ci --prefix js")
    return NODE


def native_command() -> list[str]:
    """`ragusa engine --seed 1` with this checkout's package first on the path."""
    return [sys.executable, "-m", "ragusa", "engine", "--seed", "1"]


def native_env() -> dict[str, str]:
    src = str(ROOT / "src")
    return {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in (src, os.environ.get("PYTHONPATH")) if p)}


def play(*args: str, env: dict[str, str] | None = None, timeout: float = 300) -> list[dict[str, Any]]:
    """The transcript `node js/play.mjs ARGS` prints: one `{"request", "answer"}` per line."""
    done = subprocess.run(
        [need_node(), str(JS / "play.mjs"), *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        env=env,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return [json.loads(line) for line in done.stdout.splitlines()]


def native_transcript() -> list[dict[str, Any]]:
    return play("engine", *native_command(), env=native_env())


def make_site(out: Path) -> Path:
    """An export into `out` (the dependencies' wheels come from the package index)."""
    need_node()
    export_web(out, pyodide=PYODIDE, say=lambda _: None)
    return out


def npm(*args: str, cwd: Path, timeout: float = 300) -> str:
    """`npm ARGS` in `cwd`, offline (nothing is fetched: every package is a local tarball); its output."""
    need_node()
    if NPM is None:
        pytest.skip("the package tests need npm on the PATH")
    command = [NPM, *args, "--offline", "--no-audit", "--no-fund"]
    done = subprocess.run(command, cwd=cwd, capture_output=True, text=True, timeout=timeout, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


def install_package(site: Path, project: Path) -> Path:
    """`npm pack site`, then a new project in `project` that `npm install`s the tarball; the tarball."""
    packs = project.parent / f"{project.name}-tarball"
    packs.mkdir()
    (name,) = npm("pack", str(site.resolve()), "--pack-destination", str(packs), cwd=packs).split()
    project.mkdir()
    (project / "package.json").write_text(json.dumps({"name": "a-ui", "private": True, "type": "module"}))
    npm("install", str(packs / name), cwd=project)
    return packs / name


def node_script(script: str, cwd: Path, timeout: float = 300) -> list[Any]:
    """Run the ES module `script` with node in `cwd`; what it printed, a JSON document a line."""
    (cwd / "script.mjs").write_text(script)
    done = subprocess.run(
        [need_node(), "script.mjs"], cwd=cwd, capture_output=True, text=True, timeout=timeout, check=False
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return [json.loads(line) for line in done.stdout.splitlines()]
