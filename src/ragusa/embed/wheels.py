"""The wheels a Pyodide page needs: ragusa's own pure wheel and its dependencies' (attrs, cattrs, ...).

Ragusa's wheel is written from the package as installed (its Python sources and data files; a
compiled build's extension modules are left out, Pyodide runs the same sources). The dependencies
are fetched by pip as pure wheels for Pyodide's Python, at the versions installed here (the ones
the tests ran with), from the package index or, offline, from a folder of wheels. Babel is always
among them, for the French and Polish catalogues (which are in ragusa's wheel): at the version
installed here, or at `BABEL_VERSION` when the exporting Python has none (a plain `pip install
ragusa`), with the locale data of the table's languages only.
"""

from __future__ import annotations

import base64
import hashlib
import importlib.metadata as metadata
import re
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

from ragusa._version import __version__
from ragusa.text.i18n import LANGUAGES

__all__ = [
    "BABEL_VERSION",
    "LANGUAGE_REQUIRES",
    "RUNTIME_REQUIRES",
    "WheelError",
    "dependency_wheels",
    "ragusa_wheel",
    "wheel_pins",
]

#: the base install's dependencies (pyproject.toml's `dependencies`; a test keeps the two equal)
RUNTIME_REQUIRES = ("attrs", "cattrs")
#: what the table's French and Polish need (`ragusa.text.i18n` reads the catalogues with Babel):
#: always in the export, its locale data cut to the table's languages
LANGUAGE_REQUIRES = ("babel",)
#: Babel's version in an export made where Babel is not installed (the web extra's, as tested)
BABEL_VERSION = "2.17.0"
#: files of the package left out of its wheel: caches and a compiled build's machine code
_SKIP = re.compile(r"(__pycache__|\.pyc$|\.so$|\.pyd$|\.c$|\.h$)")
_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]*")


class WheelError(Exception):
    """A wheel could not be had (pip failed, a dependency is not installed here)."""


def _record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def ragusa_wheel(dest: Path) -> Path:
    """Write `ragusa-VERSION-py3-none-any.whl` into `dest` from the installed package; return its path."""
    package = Path(__file__).resolve().parent.parent  # the ragusa package
    info = f"ragusa-{__version__}.dist-info"
    files: dict[str, bytes] = {}
    for path in sorted(package.rglob("*")):
        rel = path.relative_to(package.parent).as_posix()
        if path.is_file() and not _SKIP.search(rel):
            files[rel] = path.read_bytes()
    requires = "".join(f"Requires-Dist: {r}\n" for r in RUNTIME_REQUIRES)
    files[f"{info}/METADATA"] = (
        f"Metadata-Version: 2.1\nName: ragusa\nVersion: {__version__}\nRequires-Python: >=3.11\n{requires}"
    ).encode()
    files[f"{info}/WHEEL"] = b"Wheel-Version: 1.0\nGenerator: ragusa.embed\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
    record = [_record_line(name, data) for name, data in files.items()] + [f"{info}/RECORD,,"]
    files[f"{info}/RECORD"] = ("\n".join(record) + "\n").encode()
    out = dest / f"ragusa-{__version__}-py3-none-any.whl"
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, data in files.items():
            zf.writestr(zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0)), data, zipfile.ZIP_DEFLATED)
    return out


def _installed(names: tuple[str, ...]) -> dict[str, str]:
    """Every distribution `names` need (by their metadata, extras left out), with its installed version."""
    found: dict[str, str] = {}
    todo = list(names)
    while todo:
        name = todo.pop()
        key = name.lower().replace("_", "-")
        if key in found:
            continue
        try:
            found[key] = metadata.version(name)
        except metadata.PackageNotFoundError:
            continue  # needed only on older Pythons (a marker), so not installed here
        for req in metadata.requires(name) or []:
            if "extra ==" not in req and (m := _NAME.match(req)):
                todo.append(m.group(0))
    return found


def wheel_pins() -> dict[str, str]:
    """The version of every distribution the export's wheels are: the installed one, Babel's
    `BABEL_VERSION` when it is not installed here."""
    pins = _installed(RUNTIME_REQUIRES + LANGUAGE_REQUIRES)
    missing = [n for n in RUNTIME_REQUIRES if n not in pins]
    if missing:
        raise WheelError(f"{', '.join(missing)} not installed here; install ragusa first")
    return {"babel": BABEL_VERSION, **pins}


def dependency_wheels(dest: Path, python: str, find_links: Path | None = None) -> list[Path]:
    """Pure wheels of the dependencies for Python `python` ("3.14"), Babel always among them, at the
    versions of `wheel_pins`, into `dest`: from the package index, or only from the folder `find_links`."""
    pins = wheel_pins()
    names = [*RUNTIME_REQUIRES, *LANGUAGE_REQUIRES]
    with tempfile.TemporaryDirectory() as tmp:
        constraints = Path(tmp) / "constraints.txt"
        constraints.write_text("".join(f"{n}=={v}\n" for n, v in pins.items()), encoding="utf-8")
        where = ["--no-index", "--find-links", str(find_links)] if find_links else []
        target = ["--python-version", python, "--implementation", "py", "--abi", "none", "--platform", "any"]
        command = [sys.executable, "-m", "pip", "download", "--quiet", "--disable-pip-version-check"]
        command += ["--only-binary=:all:", *target, *where, "--dest", str(dest), "-c", str(constraints)]
        done = subprocess.run([*command, *names], capture_output=True, text=True)
    if done.returncode != 0:
        why = (done.stderr.strip().splitlines() or ["pip failed"])[-1]
        source = f"the folder {find_links}" if find_links else "the package index"
        raise WheelError(f"pip could not get the wheels of {', '.join(pins)} from {source}: {why}")
    for wheel in dest.glob("babel-*.whl"):
        _trim_babel(wheel)
    return sorted(dest.glob("*.whl"))


def _trim_babel(wheel: Path) -> None:
    """Rewrite Babel's wheel without the locale data of languages the table does not speak (29 MB)."""
    keep = {f"babel/locale-data/{lang}.dat" for lang in (*LANGUAGES, "root")}
    with zipfile.ZipFile(wheel) as zf:
        items = [(i, zf.read(i)) for i in zf.infolist()]
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED) as zf:
        for info, data in items:
            if not info.filename.startswith("babel/locale-data/") or info.filename in keep:
                zf.writestr(info, data, zipfile.ZIP_DEFLATED)
