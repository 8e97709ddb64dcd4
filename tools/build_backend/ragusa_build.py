"""The build backend (pyproject.toml `[build-system]`): setuptools, plus an opt-in mypyc build.

The default build is pure Python and needs only setuptools. With `RAGUSA_MYPYC=1` in the
environment, `pip install .` or `python -m build` asks for the pinned mypy (which brings mypyc) and
attrs (the compiled modules are type-checked against it) in its isolated build environment, and
`setup.py` compiles the modules listed there. An editable install is always pure Python.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager

from setuptools import build_meta as _setuptools
from setuptools.build_meta import *  # noqa: F403 (the whole PEP 517 interface of setuptools)

#: the environment variable that asks for the compiled build
VARIABLE = "RAGUSA_MYPYC"
#: what the compiled build needs besides setuptools: the mypy that compiles (pinned: its code
#: generator decides the C that is built) and the package's dependencies, which mypy reads (with the
#: stubs of jsonschema) to check the package the compiled modules belong to
MYPYC_REQUIRES = ["mypy==2.4.1", "attrs>=23.1", "cattrs>=23.2", "jsonschema>=4.18", "types-jsonschema"]


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


def get_requires_for_build_wheel(config_settings: dict[str, str] | None = None) -> list[str]:
    """setuptools' wheel requirements, plus mypy and the rest when the compiled build is asked for.

    setuptools runs `setup.py` to find its own requirements, before mypy is installed: that run
    is made without the variable, so it lists no extensions.
    """
    if not compiled():
        return list(_setuptools.get_requires_for_build_wheel(config_settings))
    with _pure():
        own = list(_setuptools.get_requires_for_build_wheel(config_settings))
    return [*own, *MYPYC_REQUIRES]


def prepare_metadata_for_build_wheel(metadata_directory: str, config_settings: dict[str, str] | None = None) -> str:
    """The same metadata for both builds, so it is made without compiling."""
    with _pure():
        return str(_setuptools.prepare_metadata_for_build_wheel(metadata_directory, config_settings))


def get_requires_for_build_editable(config_settings: dict[str, str] | None = None) -> list[str]:
    """setuptools' own: an editable install is pure Python."""
    return list(_setuptools.get_requires_for_build_editable(config_settings))


def build_editable(
    wheel_directory: str, config_settings: dict[str, str] | None = None, metadata_directory: str | None = None
) -> str:
    """An editable install runs the sources in place, so it is pure Python whatever `RAGUSA_MYPYC` says."""
    if os.environ.pop(VARIABLE, None) == "1":
        print(f"{VARIABLE}=1 is ignored by an editable install (pure Python); use `pip install .`", file=sys.stderr)
    return str(_setuptools.build_editable(wheel_directory, config_settings, metadata_directory))
