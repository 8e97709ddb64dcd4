"""The build backend (pyproject.toml `[build-system]`): setuptools, plus an opt-in mypyc build.

The default build is pure Python and needs only setuptools. With `RAGUSA_MYPYC=1` in the
environment, building a wheel (`pip install .`, `python -m build`) asks for the pinned mypy (which
brings mypyc) and the package's dependencies in the isolated build environment, and `setup.py`
compiles the modules it lists. Every other hook (the sdist, the metadata, an editable install) runs
without the variable: their output is the same for both builds, and an editable install, which
runs the sources in place, is always pure Python.
"""

from __future__ import annotations

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
