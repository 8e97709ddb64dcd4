"""The optional compiled build: how the package reports it, and the build backend that
makes it only when asked (`RAGUSA_MYPYC=1`). The tests pass on either build; CI runs them on both.
(Tooling: no clause marker.)"""

from __future__ import annotations

import ast
import importlib
import os
from collections.abc import Iterator
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path
from types import ModuleType

import pytest

from ragusa.core import build
from tests.support import tool

ROOT = Path(__file__).resolve().parents[1]


def setup_py_modules() -> tuple[str, ...]:
    """The dotted names of the modules `setup.py` compiles (its `MYPYC_MODULES`)."""
    tree = ast.parse((ROOT / "setup.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.AnnAssign | ast.Assign) and "MYPYC_MODULES" in ast.unparse(node):
            assert node.value is not None
            paths: list[str] = ast.literal_eval(node.value)
            return tuple(sorted(p.removeprefix("src/").removesuffix(".py").replace("/", ".") for p in paths))
    raise AssertionError("setup.py has no MYPYC_MODULES")


def test_the_build_is_pure_or_exactly_the_compiled_list() -> None:
    """Either nothing is compiled (the default install) or exactly the modules setup.py lists; with
    `RAGUSA_EXPECT_BUILD` (CI sets it) the build must be the one named."""
    modules = build.compiled_modules()
    assert len(setup_py_modules()) >= 15 and "ragusa.rules.requirements" in setup_py_modules()
    assert modules in ((), setup_py_modules())
    assert build.COMPILED == bool(modules)
    assert build.describe() == (f"compiled (mypyc): {len(modules)} modules" if modules else "pure Python")
    expected = os.environ.get("RAGUSA_EXPECT_BUILD")
    if expected is not None:
        assert expected in ("pure", "compiled")
        assert build.COMPILED == (expected == "compiled"), build.describe()


def test_every_reported_module_is_imported_from_its_extension() -> None:
    for name in build.compiled_modules():
        path = importlib.import_module(name).__file__
        assert path is not None and path.endswith(EXTENSION_SUFFIXES[0]), (name, path)
    for name in set(setup_py_modules()) - set(build.compiled_modules()):
        path = importlib.import_module(name).__file__
        assert path is not None and path.endswith(".py"), (name, path)


def test_compiled_modules_reads_the_interpreters_extension_suffixes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    package = tmp_path / "ragusa"
    (package / "rules" / "solo").mkdir(parents=True)
    (package / "core").mkdir()
    (package / "rules" / f"scan{EXTENSION_SUFFIXES[0]}").write_bytes(b"")
    (package / "rules" / "scan.py").write_text("")
    (package / "rules" / "solo" / "walls.so").write_bytes(b"")
    (package / "core" / "work.py").write_text("")
    (package / "core" / "notes.txt").write_text("")
    monkeypatch.setattr(build, "_PACKAGE", package)
    assert build.compiled_modules() == ("ragusa.rules.scan", "ragusa.rules.solo.walls")
    assert build.describe() == "compiled (mypyc): 2 modules"
    (package / "rules" / f"scan{EXTENSION_SUFFIXES[0]}").unlink()
    (package / "rules" / "solo" / "walls.so").unlink()
    assert build.compiled_modules() == () and build.describe() == "pure Python"


@pytest.fixture
def backend() -> Iterator[ModuleType]:
    yield tool("build_backend/ragusa_build.py")


def test_backend_adds_the_pinned_mypy_only_when_asked(backend: ModuleType, monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[str | None] = []

    def setuptools_requires(config_settings: object = None) -> list[str]:
        seen.append(os.environ.get("RAGUSA_MYPYC"))  # setuptools runs setup.py here: it must see no variable
        return ["wheel"]

    monkeypatch.setattr(backend._setuptools, "get_requires_for_build_wheel", setuptools_requires)
    monkeypatch.delenv("RAGUSA_MYPYC", raising=False)
    assert backend.get_requires_for_build_wheel() == ["wheel"]
    monkeypatch.setenv("RAGUSA_MYPYC", "0")
    assert backend.get_requires_for_build_wheel() == ["wheel"]
    monkeypatch.setenv("RAGUSA_MYPYC", "1")
    requires = backend.get_requires_for_build_wheel()
    assert requires[0] == "wheel" and "mypy==2.4.1" in requires and "attrs>=23.1" in requires
    assert seen == [None, None, None] and os.environ["RAGUSA_MYPYC"] == "1"


def test_backend_rejects_an_unclear_value(backend: ModuleType, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RAGUSA_MYPYC", "yes")
    with pytest.raises(SystemExit, match=r"RAGUSA_MYPYC='yes': use 1 for the compiled build, 0 or unset"):
        backend.get_requires_for_build_wheel()
