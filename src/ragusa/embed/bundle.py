"""`ragusa bundle-engine FILE`: `ragusa engine` as one executable that needs no Python installed.

PyInstaller (the `bundle` extra) freezes the engine's entry (`ragusa.service.engine.main`, the
same as the `ragusa-engine` console script) with the interpreter, the modules it imports and the
package's data files (the component data) into one file, stripped of debugging symbols. The bundle
holds the modules the engine imports, every bot's among them (`ragusa.bots` imports each by name),
so every seat kind plays in it, and Babel with the locale data of the table's languages only.
"""

from __future__ import annotations

import importlib.util
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

__all__ = ["ENTRY", "BundleError", "bundle_engine"]

#: the bundle's main script: the engine of `ragusa engine` / `ragusa-engine`
ENTRY = "import sys\n\nfrom ragusa.service.engine import main\n\nsys.exit(main())\n"
#: Babel (the French and Polish catalogues are read with it) without the locale data of every
#: language but the table's: PyInstaller's own hook takes all of it (29 MB, unpacked at every start)
_BABEL_HOOK = """
from PyInstaller.utils.hooks import collect_data_files

from ragusa.text.i18n import LANGUAGES

_KEEP = {"global.dat", "root.dat", *(f"{lang}.dat" for lang in LANGUAGES)}
datas = [(src, dest) for src, dest in collect_data_files("babel") if src.rsplit("/", 1)[-1] in _KEEP]
hiddenimports = ["babel.messages.pofile"]
"""
#: what the engine never imports but a bundler might follow from optional imports
_EXCLUDE = (
    "numpy",
    "tkinter",
    "pyarrow",
    "matplotlib",
    "ray",
    "starlette",
    "uvicorn",
    "jsonschema",
    "pytest",
    "jinja2",
    "markupsafe",
)


class BundleError(Exception):
    """The bundle could not be built (the message says why)."""


def bundle_engine(out: Path) -> Path:
    """Build the executable `out` (its folder is created); return its path."""
    if importlib.util.find_spec("PyInstaller") is None:
        raise BundleError("PyInstaller is not installed: pip install 'ragusa[bundle]'")
    out = out.resolve()
    out.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        entry = work / "ragusa_engine.py"
        entry.write_text(ENTRY, encoding="utf-8")
        (work / "hooks").mkdir()
        (work / "hooks" / "hook-babel.py").write_text(_BABEL_HOOK, encoding="utf-8")
        command = [sys.executable, "-m", "PyInstaller", "--onefile", "--noconfirm", "--log-level", "WARN", "--strip"]
        command += ["--name", out.name, "--distpath", str(work / "dist"), "--workpath", str(work / "build")]
        command += ["--specpath", str(work), "--collect-data", "ragusa", "--additional-hooks-dir", str(work / "hooks")]
        command += [arg for name in _EXCLUDE for arg in ("--exclude-module", name)]
        done = subprocess.run([*command, str(entry)], capture_output=True, text=True)
        if done.returncode != 0:
            raise BundleError(f"PyInstaller failed: {(done.stderr.strip().splitlines() or ['?'])[-1]}")
        shutil.move(str(work / "dist" / out.name), out)
    return out
