"""A fresh machine runs every test from the README's commands: the `test` extra brings every Python
package a test would otherwise skip without, the README's test command installs the npm packages,
and the README names each system package a test needs with the command that installs it."""

from __future__ import annotations

import importlib.metadata
import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def _name(requirement: str) -> str:
    """The normalized distribution name of a requirement ("psycopg[binary]>=3.1" -> "psycopg")."""
    match = re.match(r"[A-Za-z0-9._-]+", requirement)
    assert match, requirement
    return re.sub(r"[-_.]+", "-", match.group(0)).lower()


def _test_extra() -> set[str]:
    """Every distribution the `test` extra installs, its `ragusa[...]` extras followed."""
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["optional-dependencies"]
    names: set[str] = set()
    todo = ["test"]
    while todo:
        for requirement in extras[todo.pop()]:
            inner = re.fullmatch(r"ragusa\[([a-z,]+)\]", requirement)
            if inner:
                todo.extend(inner.group(1).split(","))
            else:
                names.add(_name(requirement))
    return names


def test_every_module_a_test_skips_without_comes_with_the_test_extra() -> None:
    skipped_on = {m for p in (ROOT / "tests").glob("*.py") for m in re.findall(r'importorskip\("(\w+)"', p.read_text())}
    assert "PyInstaller" in skipped_on  # the one-file engine's tests
    dists = importlib.metadata.packages_distributions()
    for module in skipped_on:
        assert {_name(d) for d in dists[module]} & _test_extra(), f"{module} is not in the test extra"


def test_the_readme_test_command_installs_the_extra_and_the_npm_packages() -> None:
    command = next(line for line in README.splitlines() if "python -m pytest -q" in line and "pip install" in line)
    assert command == "pip install '.[test]' && npm ci --prefix js --no-audit --no-fund && python -m pytest -q"


def test_the_readme_names_each_system_package_and_how_to_install_it() -> None:
    assert "`apt-get install -y chromium nodejs npm postgresql`" in README
    for needs in ("Node.js with npm", "Chromium, at `/usr/bin/chromium`", "PostgreSQL"):
        assert needs in README, needs
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "RAGUSA_FAIL_ON_SKIP=1 python -m pytest -q" in ci and "npm ci --prefix js" in ci
