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


SOURCE = '''"""A module."""
from ragusa.core.clauses import implements


@implements("A-1", "B-2")
def first(x: int) -> int:
    return x + 1


@implements(
    "C-3",
)
@implements("D-4")
def second() -> None:
    pass


@other
@implements("E-5")
def third() -> None:
    pass


def fourth() -> None:
    pass
'''


def test_the_compiled_copy_makes_the_same_marks_after_the_definitions(backend: ModuleType) -> None:
    """What mypyc compiles: the functions marked only with `@implements` undecorated (compiled code
    then calls them directly), the same marks made at the end of the module in the order the
    decorators run, every line where it was."""
    out = backend.marks_after_definitions(SOURCE)
    before, after = SOURCE.splitlines(), out.splitlines()
    blank = {4, 9, 10, 11, 12}  # the lines of the marks of `first` and `second`
    assert after[: len(before)] == ["" if i in blank else line for i, line in enumerate(before)]
    assert [before[i] for i in sorted(blank)] == [
        '@implements("A-1", "B-2")',
        "@implements(",
        '    "C-3",',
        ")",
        '@implements("D-4")',
    ]
    assert after[len(before) :] == [
        'implements("A-1", "B-2")(first)',
        'implements("D-4")(second)',
        "implements(",
        '    "C-3",',
        ")(second)",
    ]
    tree = ast.parse(out)
    decorated = {f.name: len(f.decorator_list) for f in tree.body if isinstance(f, ast.FunctionDef)}
    assert decorated == {"first": 0, "second": 0, "third": 2, "fourth": 0}
    assert backend.marks_after_definitions("def f() -> None:\n    pass\n") == "def f() -> None:\n    pass\n"


def test_each_compiled_module_keeps_its_lines_and_makes_every_mark() -> None:
    backend = tool("build_backend/ragusa_build.py")
    for name in setup_py_modules():
        path = ROOT / "src" / (name.replace(".", "/") + ".py")
        source = path.read_text(encoding="utf-8")
        out = backend.marks_after_definitions(source)
        functions = [n for n in ast.parse(source).body if isinstance(n, ast.FunctionDef)]
        marked = [f.name for f in functions if any("implements" in ast.unparse(d) for d in f.decorator_list)]
        kept = {f.name: f.lineno for f in ast.parse(out).body if isinstance(f, ast.FunctionDef)}
        assert kept == {f.name: f.lineno for f in functions}, name
        calls = [n.value for n in ast.parse(out).body if isinstance(n, ast.Expr) and isinstance(n.value, ast.Call)]
        marks = [c for c in calls if isinstance(c.func, ast.Call) and ast.unparse(c.func.func) == "implements"]
        assert sorted(ast.unparse(c.args[0]) for c in marks) == sorted(marked), name
