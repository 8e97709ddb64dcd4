"""The package's docstrings are Markdown for mkdocstrings (Google-style sections), so the API
reference renders them: no reST roles or double-backtick literals, examples under "Examples:"."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "src" / "ragusa"
REST = re.compile(r":(?:func|class|data|meth|mod|attr|exc|obj|const|ref):`|``[^`]|^\s*\.\. \w+::", re.M)


def docstrings(path: Path) -> list[tuple[int, str]]:
    """(line, text) of the module, class and function docstrings and the attribute docstrings."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if not isinstance(body, list):
            continue
        for stmt in body:
            if (
                isinstance(stmt, ast.Expr)
                and isinstance(stmt.value, ast.Constant)
                and isinstance(stmt.value.value, str)
            ):
                found.append((stmt.lineno, stmt.value.value))
    return found


FILES = sorted(PACKAGE.rglob("*.py"))


def test_the_package_is_found() -> None:
    assert len(FILES) > 40


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_docstrings_are_markdown(path: Path) -> None:
    bad = [f"line {line}: {REST.search(text).group(0)!r}" for line, text in docstrings(path) if REST.search(text)]  # type: ignore[union-attr]
    assert not bad, f"reST markup in {path.name}: {bad}"
    for line, text in docstrings(path):
        if ">>>" in text:
            assert "Examples:" in text, f"{path.name} line {line}: put doctest examples under an 'Examples:' section"
