"""Which build of the package is installed: pure Python (the default) or the optional compiled one.

The compiled build (`RAGUSA_MYPYC=1 pip install .`, see docs/install) compiles the hottest rule
modules with mypyc; each sits beside its source as a C extension, which Python imports first. This
module looks for those extensions in the installed package, so it reports what is imported, whatever
the install said. `python -m ragusa.bench` prints `describe()` in its header.
"""

from __future__ import annotations

from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

__all__ = ["COMPILED", "compiled_modules", "describe"]

_PACKAGE = Path(__file__).resolve().parent.parent


def compiled_modules() -> tuple[str, ...]:
    """The dotted names of the package's modules that are compiled extensions, sorted."""
    names = []
    for path in _PACKAGE.rglob("*.*"):
        # the interpreter's own suffixes, most specific first ('.cpython-311-x86_64-linux-gnu.so', ..., '.so')
        suffix = next((s for s in EXTENSION_SUFFIXES if path.name.endswith(s)), None)
        if suffix is not None and path.is_file():
            names.append(".".join(path.relative_to(_PACKAGE.parent).with_name(path.name[: -len(suffix)]).parts))
    return tuple(sorted(names))


#: True when the installed package has compiled modules (the mypyc build)
COMPILED: bool = bool(compiled_modules())


def describe() -> str:
    """One line naming the build: `pure Python`, or `compiled (mypyc): N modules`."""
    modules = compiled_modules()
    return f"compiled (mypyc): {len(modules)} modules" if modules else "pure Python"
