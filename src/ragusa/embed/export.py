"""`ragusa export-web DIR`: a static site that plays Ragusa entirely in the browser.

DIR holds:

- `index.html` and `static/`: the page of `ragusa serve` (copied from the package), with
  `page.js` in front of it: it answers the page's requests in the page itself (`ragusa.mjs`)
  instead of over HTTP, keeps the games in the browser's storage, and `board.json` replaces
  the server's `/api/board`;
- `ragusa.mjs`: the ES module exporting `loadRagusa(options?)` (browser and Node.js 18+), and
  `ragusa-worker.mjs`, the engine of `loadRagusa({ worker: true })` in a worker of its own;
- `package.json` (and a `README.md`): the folder is an npm package named `ragusa`, at the library's
  version, with no dependencies: `npm pack DIR`, or `npm install DIR`, then `import { loadRagusa }
  from "ragusa"`; its `files` are the module, its types and the runtime (not the page);
- `ragusa.d.ts` (and the same as `ragusa.d.mts`, which TypeScript reads for an import of
  `ragusa.mjs`): the types of `ragusa.mjs`, every document and protocol message;
- `pyodide/`: the Pyodide runtime, copied from the npm package `pyodide` (`PYODIDE_VERSION`);
- `wheels/`: ragusa's pure wheel and its dependencies', listed in `wheels/wheels.json`;
  `bytecode.zip`, their modules compiled by Pyodide's Python, and `snapshot.gz`, Pyodide's memory
  with the engine imported (both made under Node.js), so the page starts without starting Python,
  compiling or importing them.

Every file is found relative to the page, so DIR works from any static host; no request leaves it.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from collections.abc import Callable
from importlib import resources
from pathlib import Path

from ragusa._version import __version__
from ragusa.web.board import board_data

from .typescript import declarations
from .wheels import dependency_wheels, ragusa_wheel

__all__ = [
    "PACKAGE_FILES",
    "PACKAGE_NAME",
    "PYODIDE_FILES",
    "PYODIDE_VERSION",
    "ExportError",
    "export_web",
    "find_pyodide",
    "npm_version",
]

#: the version of the npm package `pyodide` the export is made and tested with (js/package.json pins it)
PYODIDE_VERSION = "314.0.7"
#: what the page loads from the npm package (the runtime, its standard library, the package index)
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
#: the one line that says how to get the runtime
NPM_HINT = (
    f"run `npm ci --prefix js` in a ragusa checkout (or `npm install pyodide@{PYODIDE_VERSION}`), or pass --pyodide DIR"
)


class ExportError(Exception):
    """The export cannot be made (the message says what to do)."""


#: the npm package's name (`import { loadRagusa } from "ragusa"`)
PACKAGE_NAME = "ragusa"
#: what the npm package holds (its `files`; npm adds package.json and README.md): the module, its
#: worker and types, and the runtime they load (the page, index.html and static/, stays out)
PACKAGE_FILES = ("ragusa.mjs", "ragusa-worker.mjs", "ragusa.d.ts", "ragusa.d.mts", "pyodide/", "wheels/")
_PEP440 = re.compile(r"^(\d+\.\d+\.\d+)(?:\.?(a|b|rc|dev|post)\.?(\d+))?$")
_README = """# ragusa

The rules of the board game Ragusa in JavaScript: the Python library `ragusa` {version}, run by
Pyodide (CPython in WebAssembly) in a web page, a Web Worker or Node.js 18 and newer. Written by
`ragusa export-web`; it needs nothing else (no dependencies, nothing fetched from elsewhere).

```js
import {{ loadRagusa }} from "ragusa";
const ragusa = await loadRagusa({{ worker: true }});
const answer = await ragusa.request({{ op: "new_game", players: 2, seats: ["human", "hard"], seed: 1 }});
```

`request(message)` answers the protocol of `ragusa engine`; `ragusa.d.ts` types every message.
See the Embedding page of ragusa's documentation.
"""


def npm_version(version: str) -> str:
    """The library's version as npm spells it: `0.2.0` as it is, `0.3.0.dev1` as `0.3.0-dev.1`."""
    found = _PEP440.match(version)
    if found is None:
        raise ExportError(
            f"the version {version!r} has no npm spelling (MAJOR.MINOR.PATCH, then a, b, rc, dev or post N)"
        )
    release, tag, number = found.groups()
    return release if tag is None else f"{release}-{tag}.{number}"


def package_json() -> str:
    """The `package.json` that makes the export an npm package (no dependencies: it holds its runtime)."""
    package = {
        "name": PACKAGE_NAME,
        "version": npm_version(__version__),
        "description": "The rules of the board game Ragusa (the Python library, in Pyodide) for web pages and Node.js",
        "license": "MIT",
        "type": "module",
        "exports": {
            ".": {"types": "./ragusa.d.ts", "default": "./ragusa.mjs"},
            "./package.json": "./package.json",
        },
        "types": "./ragusa.d.ts",
        "files": list(PACKAGE_FILES),
        "engines": {"node": ">=18"},
    }
    return json.dumps(package, indent=2) + "\n"


def find_pyodide(given: Path | None = None) -> Path:
    """The folder of the npm package `pyodide`: `given`, else `node_modules/pyodide` or `js/node_modules/pyodide` here."""
    places = [given] if given else [Path("node_modules/pyodide"), Path("js/node_modules/pyodide")]
    for place in places:
        if place is not None and all((place / f).is_file() for f in PYODIDE_FILES):
            version = json.loads((place / "package.json").read_text(encoding="utf-8")).get("version")
            if version != PYODIDE_VERSION:
                raise ExportError(f"{place} holds pyodide {version}, not {PYODIDE_VERSION}: {NPM_HINT}")
            return place
    raise ExportError(f"the Pyodide runtime (npm package pyodide {PYODIDE_VERSION}) was not found: {NPM_HINT}")


def _python_of(pyodide: Path) -> str:
    """Pyodide's Python as `major.minor` (from its package index)."""
    lock = json.loads((pyodide / "pyodide-lock.json").read_text(encoding="utf-8"))
    return ".".join(str(lock["info"]["python"]).split(".")[:2])


def _embed_file(name: str) -> str:
    return (resources.files("ragusa.embed") / "js" / name).read_text(encoding="utf-8")


def _page(static: str) -> str:
    """The page of `ragusa serve` for a static site: relative links, and `page.js` before its scripts."""
    html = re.sub(r'(src|href)="/static/', r'\1="static/', static).replace('href="/"', 'href="./"')
    first_script = html.index("<script")
    return html[:first_script] + '<script src="page.js"></script>\n' + html[first_script:]


#: compiles the wheels' modules with Pyodide's own Python (under Node.js) and writes the bytecode as a
#: zip; then, in a fresh runtime holding the wheels and that bytecode, imports the engine and writes
#: Pyodide's memory snapshot (gzip), from which a page starts without starting Python again
_PRECOMPILE = """
import { loadRagusa } from %s;
import { writeFile } from "node:fs/promises";
import { gzipSync } from "node:zlib";
const ragusa = await loadRagusa({ bytecode: false, snapshot: false });
ragusa.pyodide.runPython(`
import compileall, os, py_compile, site, zipfile
root = site.getsitepackages()[0]
mode = py_compile.PycInvalidationMode.UNCHECKED_HASH
compileall.compile_dir(root, quiet=2, invalidation_mode=mode)
with zipfile.ZipFile("/tmp/bytecode.zip", "w", zipfile.ZIP_DEFLATED) as zf:
    for folder, _, files in os.walk(root):
        for name in files:
            if name.endswith(".pyc"):
                path = os.path.join(folder, name)
                zf.write(path, os.path.relpath(path, root))
`);
await writeFile(%s, ragusa.pyodide.FS.readFile("/tmp/bytecode.zip"));
const fresh = await loadRagusa({ snapshot: false, makeSnapshot: true });
await writeFile(%s, gzipSync(fresh.pyodide.makeMemorySnapshot(), { level: 9 }));
"""


def _precompile(out: Path, say: Callable[[str], object]) -> bool:
    """Write `wheels/bytecode.zip` (the modules compiled by Pyodide's Python) and `wheels/snapshot.gz`
    (Pyodide's memory with the engine imported), so the page starts without compiling or importing
    them; it needs Node.js (without it the page starts Python and compiles the modules as it imports)."""
    node = shutil.which("node")
    if node is None:
        say("Node.js (node) not found: no precompiled bytecode or snapshot (the page starts Python itself)")
        return False
    targets = (out / "ragusa.mjs", out / "wheels" / "bytecode.zip", out / "wheels" / "snapshot.gz")
    script = _PRECOMPILE % (json.dumps(targets[0].resolve().as_uri()), *(json.dumps(str(t)) for t in targets[1:]))
    done = subprocess.run([node, "--input-type=module", "-e", script], capture_output=True, text=True, check=False)
    if done.returncode != 0:
        why = (done.stderr.strip().splitlines() or ["?"])[-1]
        raise ExportError(f"compiling the modules under Node.js failed: {why}")
    return True


def export_web(
    out: Path, *, pyodide: Path | None = None, wheels: Path | None = None, say: Callable[[str], object] = print
) -> list[Path]:
    """Write the site into `out` (created; files of a previous export replaced); return the files written.

    `pyodide`: the npm package's folder (default: found by `find_pyodide`); `wheels`: a folder
    of wheels to take the dependencies from instead of the package index."""
    runtime = find_pyodide(pyodide)
    for sub in ("pyodide", "wheels", "static"):
        shutil.rmtree(out / sub, ignore_errors=True)
        (out / sub).mkdir(parents=True)
    for name in (*PYODIDE_FILES, "package.json"):
        shutil.copyfile(runtime / name, out / "pyodide" / name)
    say(f"pyodide {PYODIDE_VERSION} (Python {_python_of(runtime)}) from {runtime}")
    deps = dependency_wheels(out / "wheels", _python_of(runtime), wheels)
    own = ragusa_wheel(out / "wheels")
    names = sorted(p.name for p in (*deps, own))
    say(f"wheels: {', '.join(names)}")
    static = resources.files("ragusa.web") / "static"
    for item in static.iterdir():
        if item.is_file() and item.name != "index.html":
            (out / "static" / item.name).write_bytes(item.read_bytes())
    texts = {
        "index.html": _page((static / "index.html").read_text(encoding="utf-8")),
        "page.js": _embed_file("page.js"),
        "ragusa.mjs": _embed_file("ragusa.mjs"),
        "ragusa-worker.mjs": _embed_file("ragusa-worker.mjs"),
        "package.json": package_json(),
        "README.md": _README.format(version=__version__),
        "ragusa.d.ts": declarations(),
        "ragusa.d.mts": declarations(),  # the same: TypeScript looks for it beside an import of ragusa.mjs
        "board.json": json.dumps(board_data(), separators=(",", ":")),
    }
    for name, text in texts.items():
        (out / name).write_text(text, encoding="utf-8")
    # the snapshot is made from the wheels and the bytecode; without Node.js, from neither
    manifest = {"version": __version__, "wheels": names, "bytecode": "bytecode.zip", "snapshot": None}
    (out / "wheels" / "wheels.json").write_text(json.dumps(manifest), encoding="utf-8")
    made = _precompile(out, say)
    manifest.update(bytecode="bytecode.zip" if made else None, snapshot="snapshot.gz" if made else None)
    (out / "wheels" / "wheels.json").write_text(json.dumps(manifest), encoding="utf-8")
    return sorted(p for p in out.rglob("*") if p.is_file())
