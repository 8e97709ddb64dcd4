"""The package's architecture: no import circle, counting imports inside functions;
nothing inside the package imports the public API module; no source file grows past the size a
reader can hold. The layers themselves are a contract of ``lint-imports`` (pyproject.toml), which
CI runs. (Tooling: no clause marker.)"""

from __future__ import annotations

from pathlib import Path

import grimp
import pytest

SRC = Path(__file__).resolve().parents[1] / "src" / "ragusa"
#: data, not code a reader walks through; every other source file stays under the limit
MAX_LINES = 420


@pytest.fixture(scope="module")
def graph() -> grimp.ImportGraph:
    return grimp.build_graph("ragusa", include_external_packages=False)


def _cycles(graph: grimp.ImportGraph) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    found: list[list[str]] = []
    counter = 0
    for root in sorted(graph.modules):
        if root in index:
            continue
        work = [(root, iter(sorted(graph.find_modules_directly_imported_by(root))))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.find_modules_directly_imported_by(child)))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def test_no_import_circle(graph: grimp.ImportGraph) -> None:
    assert _cycles(graph) == []


def test_the_rules_randomness_sits_at_the_bottom_of_the_rules(graph: grimp.ImportGraph) -> None:
    """Every random event of the rules is drawn in one module, `ragusa.rules.chance`, which every
    rule that draws imports: it imports no other module of the rules (the setup, the buildings,
    the solo game and the resolution all sit above it)."""
    imported = graph.find_modules_directly_imported_by("ragusa.rules.chance")
    assert {m for m in imported if m.startswith("ragusa.rules")} == set()
    drawing = {m for m in graph.find_modules_directly_imported_by("ragusa.rules.setup") if m.startswith("ragusa.rules")}
    assert "ragusa.rules.chance" in drawing


def test_the_cycle_finder_finds_a_circle() -> None:
    g = grimp.ImportGraph()
    for name in ("a", "a.x", "a.y", "a.z"):
        g.add_module(name)
    g.add_import(importer="a.x", imported="a.y")
    g.add_import(importer="a.y", imported="a.x")
    g.add_import(importer="a.z", imported="a.x")
    assert _cycles(g) == [["a.x", "a.y"]]


def test_nothing_inside_the_package_imports_the_public_api_module(graph: grimp.ImportGraph) -> None:
    importers = graph.find_modules_that_directly_import("ragusa") - {"ragusa.__main__"}
    assert importers == set()


def test_no_source_file_is_too_long_to_read() -> None:
    long = {str(p.relative_to(SRC)): n for p in SRC.rglob("*.py") if (n := len(p.read_text().splitlines())) > MAX_LINES}
    assert long == {}


#: members of PettingZoo's `AECEnv` its own wrappers use, documented for environment authors
PETTINGZOO_MEMBERS = {"_cumulative_rewards", "_accumulate_rewards", "_deads_step_first", "_was_dead_step"}


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def test_no_private_name_crosses_a_module() -> None:
    """No module imports another's private name or reads a private attribute of another module's
    object (its own `self` and `cls` aside)."""
    import ast

    found = []
    for path in sorted(SRC.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("ragusa"):
                found += [f"{path.name}: imports {a.name}" for a in node.names if _private(a.name)]
            elif isinstance(node, ast.Attribute) and _private(node.attr) and node.attr not in PETTINGZOO_MEMBERS:
                if not (isinstance(node.value, ast.Name) and node.value.id in ("self", "cls")):
                    found.append(f"{path.name}:{node.lineno}: reads {ast.unparse(node)}")
    assert found == []
