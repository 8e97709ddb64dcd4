"""Every example a reader can copy runs as written.

* the ``python`` code blocks of README.md and of every page under docs/ (the blocks of one page
  run in order, in one namespace, as a reader would paste them);
* the ``console`` blocks: each ``$ command`` runs in a scratch directory; the lines under it, when
  there are any, are its exact output (otherwise it must succeed). A block that cannot run here (it
  starts a server, waits for a person, installs from the network) is preceded by
  ``<!-- not run: REASON -->``;
* the doctests in the package's docstrings (``>>>`` examples).
"""

from __future__ import annotations

import doctest
import importlib
import os
import pkgutil
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

import ragusa

ROOT = Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
FENCE = re.compile(r"^(?:<!-- not run: ([^>]*?) -->\n)?```(\w+)[^\n]*\n(.*?)^```", re.S | re.M)


def blocks(page: Path, language: str, *, with_not_run: bool = False) -> list[str]:
    """The code blocks of one language, in page order (without those marked "not run", by default)."""
    found = FENCE.finditer(page.read_text(encoding="utf-8"))
    return [m.group(3) for m in found if m.group(2) == language and (with_not_run or m.group(1) is None)]


def test_blocks_marked_not_run_give_a_reason_and_are_few() -> None:
    reasons = [
        (page_id(p), m.group(1))
        for p in PAGES
        for m in FENCE.finditer(p.read_text(encoding="utf-8"))
        if m.group(1) is not None
    ]
    assert all(reason.strip() for _, reason in reasons)
    assert len(reasons) <= 3, reasons


def page_id(page: Path) -> str:
    return str(page.relative_to(ROOT))


PYTHON_PAGES = [p for p in PAGES if blocks(p, "python")]
CONSOLE_PAGES = [p for p in PAGES if blocks(p, "console")]


def test_the_pages_with_examples_are_found() -> None:
    names = {page_id(p) for p in PYTHON_PAGES + CONSOLE_PAGES}
    assert {"README.md", "docs/index.md", "docs/ui-guide.md", "docs/json-contract.md", "docs/faq.md"} <= names


@pytest.mark.parametrize("page", PYTHON_PAGES, ids=page_id)
def test_python_blocks_run(page: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    namespace: dict[str, object] = {"__name__": "__docs__"}
    for number, code in enumerate(blocks(page, "python"), 1):
        try:
            exec(compile(code, f"{page_id(page)} block {number}", "exec"), namespace)
        except Exception as exc:  # pragma: no cover - the message is the point
            pytest.fail(f"{page_id(page)}, python block {number} raised {exc!r}:\n{code}")


def test_readme_example_plays_a_whole_game() -> None:
    namespace: dict[str, object] = {}
    exec(blocks(ROOT / "README.md", "python")[0], namespace)
    state = namespace["state"]
    assert isinstance(state, ragusa.GameState) and ragusa.is_terminal(state)


def test_home_page_names_every_runtime_dependency() -> None:
    with (ROOT / "pyproject.toml").open("rb") as f:
        deps = tomllib.load(f)["project"]["dependencies"]
    names = [re.split(r"[<>=!~\[ ;]", d, maxsplit=1)[0] for d in deps]
    home = (ROOT / "docs" / "index.md").read_text(encoding="utf-8")
    assert names and all(f"`{name}`" in home for name in names), names


def commands(block: str) -> list[tuple[str, list[str]]]:
    """The ``$ command`` lines of a console block, each with the output lines shown under it."""
    found: list[tuple[str, list[str]]] = []
    continued = False
    for line in block.splitlines():
        if continued:  # a command continued with a trailing backslash
            found[-1] = (found[-1][0] + "\n" + line, [])
        elif line.startswith("$ "):
            found.append((line[2:], []))
        elif found:
            found[-1][1].append(line)
        continued = bool(found) and line.endswith("\\") and not found[-1][1]
    return found


def run(command: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}"}
    return subprocess.run(
        command,
        shell=True,
        cwd=cwd,
        env=env,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


@pytest.mark.parametrize("page", CONSOLE_PAGES, ids=page_id)
def test_console_blocks_print_what_they_show(page: Path, tmp_path: Path) -> None:
    (tmp_path / "tests").symlink_to(ROOT / "tests")  # the sample records are named from the repository root
    for block in blocks(page, "console"):
        for command, shown in commands(block):
            result = run(command, tmp_path)
            printed = (result.stdout + result.stderr).rstrip("\n").splitlines()
            if shown:
                assert printed == shown, f"{page_id(page)}: $ {command}"
            else:
                assert result.returncode == 0, f"{page_id(page)}: $ {command}\n{result.stderr}"


def package_modules() -> list[str]:
    names = ["ragusa"]
    for info in pkgutil.walk_packages(ragusa.__path__, prefix="ragusa."):
        if not info.name.endswith("__main__"):
            names.append(info.name)
    return names


def doctests(module_name: str) -> list[doctest.DocTest]:
    module = importlib.import_module(module_name)
    return [t for t in doctest.DocTestFinder().find(module, module_name) if t.examples]


@pytest.mark.parametrize("module_name", [m for m in package_modules() if doctests(m)])
def test_docstring_examples_run(module_name: str) -> None:
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    for test in doctests(module_name):
        runner.run(test)
    result = runner.summarize(verbose=False)
    assert result.attempted > 0 and result.failed == 0
