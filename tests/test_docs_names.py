"""The docs speak of the public API, and every dotted name in the docs and the docstrings exists.

* the python blocks of the user's pages (README.md and docs/, all but the pages about the package's
  inside: `INSIDE_PAGES`) import only from the public modules (the modules of the API snapshot,
  `tools/api_snapshot.py`);
* every ``ragusa.x.y`` name written in the docs, the contributors' guide and the package's source
  (docstrings, comments, messages) is a module or an attribute of one. A file name such as
  ``tests/perft/ragusa.perft`` or a quoted key is not a name. (Tooling: no clause marker.)
"""

from __future__ import annotations

import ast
import importlib
import re
from pathlib import Path

import pytest

from tests.support import tool
from tests.test_docs_examples import PAGES, blocks, page_id

ROOT = Path(__file__).resolve().parents[1]
#: the pages about the package's inside, where internal modules are named and imported
INSIDE_PAGES = {"docs/architecture.md", "docs/code.md"}
USER_PAGES = [p for p in PAGES if page_id(p) not in INSIDE_PAGES and blocks(p, "python")]
DOTTED = re.compile(r"(?<![\w/.'\"-])ragusa(?:\.[A-Za-z_]\w*)+")
#: file names that look like dotted names (the embedding's files)
FILE_NAMES = re.compile(r"\.(?:mjs|js|d\.ts|d\.mts|ts|json|perft|py)$")
#: the JavaScript object `loadRagusa()` gives (docs/embedding.md) is called `ragusa` too
JAVASCRIPT = re.compile(r"^ragusa\.(?:request|pyodide)\b")
SOURCES = [
    *PAGES,
    ROOT / "CONTRIBUTING.md",
    *sorted((ROOT / "src" / "ragusa").rglob("*.py")),
    *sorted((ROOT / "docs" / "hooks").glob("*.py")),
]


def imported_modules(code: str) -> set[str]:
    """The modules a block imports from (``import a.b`` and ``from a.b import c``)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(code)):
        if isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return found


@pytest.mark.parametrize("page", USER_PAGES, ids=page_id)
def test_user_pages_import_only_public_modules(page: Path) -> None:
    public = set(tool("api_snapshot.py").MODULES)
    imported = set().union(*(imported_modules(code) for code in blocks(page, "python", with_not_run=True)))
    assert {m for m in imported if m.split(".")[0] == "ragusa"} - public == set()


def resolves(name: str) -> bool:
    """`name` is a module, or an attribute (of an attribute...) of the longest module it starts with."""
    parts = name.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            obj: object = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        try:
            for part in parts[cut:]:
                obj = getattr(obj, part)
        except AttributeError:
            return False
        return True
    return False


def test_the_name_finder_tells_names_from_file_names() -> None:
    text = '`ragusa.ai.observation`, tests/perft/ragusa.perft, b"ragusa.run", ragusa.bots.LEVELS.'
    assert DOTTED.findall(text) == ["ragusa.ai.observation", "ragusa.bots.LEVELS"]
    assert resolves("ragusa.ai.observation") and resolves("ragusa.GameState.players")
    assert not resolves("ragusa.views.view_to_data") and not resolves("ragusa.ai.apply")


def test_every_dotted_name_in_the_docs_and_the_source_exists() -> None:
    missing: dict[str, list[str]] = {}
    for path in SOURCES:
        for name in set(DOTTED.findall(path.read_text(encoding="utf-8"))):
            if not FILE_NAMES.search(name) and not JAVASCRIPT.search(name) and not resolves(name):
                missing.setdefault(name, []).append(str(path.relative_to(ROOT)))
    assert missing == {}


def test_each_implementing_function_links_to_its_source_from_its_clause_and_the_matrix() -> None:
    from ragusa.core.clauses import IMPLEMENTATIONS
    from ragusa.spec import default_registry, pages
    from ragusa.spec.check import CheckReport, ClauseTrace
    from ragusa.spec.trace import import_all_modules

    assert import_all_modules() == ()
    registry = default_registry()
    traces = tuple(ClauseTrace(c, tuple(IMPLEMENTATIONS.get(c.id, ())), ()) for c in registry.clauses)
    report = CheckReport(traces, ())
    reference = pages.render_code_reference(report)
    functions = pages.implementing_functions(report)
    matrix = pages.render_traceability_matrix(report, "traceability.md")
    assert sum(map(len, functions.values())) == len({n for t in traces for n in t.code}) > 70
    for trace in traces:
        entry = pages.render_clause(trace, registry, "rules/turn.md")
        for name in trace.code:
            module, _, function = name.rpartition(".")
            assert f"[`{name}`][{name}]" in entry  # a cross-reference mkdocs --strict resolves
            assert f"[`{name}`][{name}]" in matrix
            assert resolves(name)
            block = reference.split(f"::: {module}\n", 1)[1].split(":::", 1)[0]
            assert "show_source: true" in block and f"        - {function}\n" in block


def test_the_architecture_page_shows_every_layer_of_the_contract() -> None:
    import tomllib

    with (ROOT / "pyproject.toml").open("rb") as f:
        contract = tomllib.load(f)["tool"]["importlinter"]["contracts"][0]
    layers = {name.strip() for layer in contract["layers"] for name in layer.split("|")}
    page = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    rows = [line.split("|")[1] for line in page.splitlines() if line.startswith("| `ragusa.")]
    in_table = {name for row in rows for name in re.findall(r"`(ragusa\.\w+)`", row)}
    in_diagram = set(re.findall(r'^\s+\w+\["(ragusa\.\w+)<br/>', page, re.M))
    assert len(layers) > 10 and layers == in_table == in_diagram
