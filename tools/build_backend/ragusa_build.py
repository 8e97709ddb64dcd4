"""The build backend (pyproject.toml `[build-system]`): setuptools, plus an opt-in mypyc build.

The default build is pure Python and needs only setuptools. With `RAGUSA_MYPYC=1` in the
environment, building a wheel (`pip install .`, `python -m build`) asks for the pinned mypy (which
brings mypyc) and the package's dependencies in the isolated build environment, and `setup.py`
compiles the modules it lists. Every other hook (the sdist, the metadata, an editable install) runs
without the variable: their output is the same for both builds, and an editable install, which
runs the sources in place, is always pure Python.
"""

from __future__ import annotations

import ast
import os
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from setuptools import build_meta as _setuptools
from setuptools.build_meta import *  # noqa: F403 (the whole PEP 517 interface of setuptools)

#: the environment variable that asks for the compiled build
VARIABLE = "RAGUSA_MYPYC"
#: what the compiled build needs besides setuptools: the mypy that compiles (pinned: its code
#: generator decides the C that is built) and the package's dependencies, which mypy reads to check
#: the package the compiled modules belong to, with Babel, whose types the translated text reads
MYPYC_REQUIRES = ["mypy==2.4.1", "attrs>=23.1", "cattrs>=23.2", "babel>=2.12"]


def compiled() -> bool:
    """Whether the environment asks for the compiled build (`RAGUSA_MYPYC=1`)."""
    value = os.environ.get(VARIABLE, "").strip()
    if value not in ("", "0", "1"):
        raise SystemExit(f"{VARIABLE}={value!r}: use 1 for the compiled build, 0 or unset for pure Python")
    return value == "1"


@contextmanager
def _pure() -> Iterator[None]:
    """Run a setuptools hook without the variable (`setup.py` then lists no extensions)."""
    value = os.environ.pop(VARIABLE, None)
    try:
        yield
    finally:
        if value is not None:
            os.environ[VARIABLE] = value


def _pure_hook(name: str) -> Callable[..., Any]:
    """setuptools' hook `name`, run without the variable."""
    hook = getattr(_setuptools, name)

    def run(*args: Any, **kwargs: Any) -> Any:
        with _pure():
            return hook(*args, **kwargs)

    run.__name__ = run.__qualname__ = name
    return run


get_requires_for_build_sdist = _pure_hook("get_requires_for_build_sdist")
build_sdist = _pure_hook("build_sdist")
prepare_metadata_for_build_wheel = _pure_hook("prepare_metadata_for_build_wheel")
get_requires_for_build_editable = _pure_hook("get_requires_for_build_editable")
prepare_metadata_for_build_editable = _pure_hook("prepare_metadata_for_build_editable")
_build_editable = _pure_hook("build_editable")


def build_editable(*args: Any, **kwargs: Any) -> Any:
    """An editable install runs the sources in place: pure Python whatever `RAGUSA_MYPYC` says."""
    if compiled():
        print(f"{VARIABLE}=1 is ignored by an editable install (pure Python); use `pip install .`", file=sys.stderr)
    return _build_editable(*args, **kwargs)


def get_requires_for_build_wheel(config_settings: dict[str, str] | None = None) -> list[str]:
    """setuptools' wheel requirements, plus mypy and the rest when the compiled build is asked for.

    setuptools runs `setup.py` to find its own requirements, before mypy is installed: that run
    is made without the variable, so it lists no extensions.
    """
    extra = MYPYC_REQUIRES if compiled() else []
    with _pure():
        own = list(_setuptools.get_requires_for_build_wheel(config_settings))
    return [*own, *extra]


def marks_after_definitions(source: str) -> str:
    """A compiled module's source as the compiled build hands it to mypyc: each module-level function
    whose only decorators are `@implements(...)` undecorated, and the same `implements(...)(function)`
    calls made at the end of the module, in the order the decorators would have run.

    mypyc calls a decorated function through its Python-level wrapper (the arguments parsed, the
    integers boxed) even when the decorator hands the function back unchanged, and an undecorated one
    directly, as a C function; the clause registry (`ragusa.core.clauses.IMPLEMENTATIONS`) ends up
    the same. The source files keep their decorators (`ragusa clause` and the clause checker read
    them); the decorator lines are left blank here, so every line keeps its number.
    """
    tree = ast.parse(source)
    lines = source.splitlines(keepends=True)
    calls: list[str] = []
    for node in tree.body:
        if not isinstance(node, ast.FunctionDef) or not node.decorator_list:
            continue
        marks = node.decorator_list
        if not all(
            isinstance(d, ast.Call) and isinstance(d.func, ast.Name) and d.func.id == "implements" for d in marks
        ):
            continue  # another decorator: the function stays decorated, all of it as written
        for mark in reversed(marks):  # the decorator nearest the function runs first
            segment = ast.get_source_segment(source, mark)
            assert segment is not None and mark.end_lineno is not None and mark.end_lineno < node.lineno
            calls.append(f"{segment}({node.name})\n")
            for i in range(mark.lineno - 1, mark.end_lineno):
                lines[i] = "\n"
    if not calls:
        return source
    if lines and not lines[-1].endswith("\n"):
        lines[-1] += "\n"
    return "".join(lines) + "".join(calls)
