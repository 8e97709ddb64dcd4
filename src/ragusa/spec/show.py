"""One clause, from its ID to its code and its tests: `ragusa clause BUILD-2` (or
`python -m ragusa.spec show BUILD-2`).

It prints the clause's statement, its editions and source (and, for an edition clause, what each
edition says and what the `edition` option changes; for a ruling, its reason), the contradictions it
decides and the edition clauses that name it, then every function marked `@implements` with it and
every test marked `@pytest.mark.clause` with it, each as `file:line`. Both lists are read from the
source with `ast` (nothing is imported, nor pytest), so it works with the base install; the tests
are those of a checkout (`./tests`, or the `tests` folder beside the installed sources).
"""

from __future__ import annotations

import ast
import os
import textwrap
from collections.abc import Iterator
from pathlib import Path

import attrs

from ragusa.spec.registry import Clause, Registry

#: the package's sources
PACKAGE_DIR = Path(__file__).resolve().parents[1]


@attrs.frozen
class Site:
    """A function that names a clause: its file, line and qualified name."""

    path: Path
    line: int
    name: str

    def shown(self) -> str:
        """`file:line  name`, the file relative to the working folder when it is inside it."""
        here = Path.cwd()
        where = os.path.relpath(self.path, here) if self.path.is_relative_to(here) else str(self.path)
        return f"{where}:{self.line}  {self.name}"


def _ids(call: ast.expr, names: dict[str, set[str]] | None = None) -> set[str]:
    """The string arguments of `call`; `*NAME` of a module-level tuple of strings (`names`) too."""
    out = set()
    for a in getattr(call, "args", ()):
        if isinstance(a, ast.Constant) and isinstance(a.value, str):
            out.add(a.value)
        elif isinstance(a, ast.Starred) and isinstance(a.value, ast.Name) and names:
            out |= names.get(a.value.id, set())
    return out


def _string_tuples(tree: ast.Module) -> dict[str, set[str]]:
    """The module's `NAME = ("A", "B", ...)` constants."""
    out = {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            value = node.value
            if isinstance(value, ast.Tuple | ast.List) and all(
                isinstance(e, ast.Constant) and isinstance(e.value, str) for e in value.elts
            ):
                out[node.targets[0].id] = {str(e.value) for e in value.elts if isinstance(e, ast.Constant)}
    return out


def _is_call_to(node: ast.AST, dotted: str) -> bool:
    return isinstance(node, ast.Call) and ast.unparse(node.func) == dotted


def _functions(tree: ast.Module) -> Iterator[tuple[str, ast.FunctionDef | ast.AsyncFunctionDef, tuple[ast.expr, ...]]]:
    """Every function with its qualified name (inside its module) and the decorators of its classes."""
    todo: list[tuple[str, ast.AST, tuple[ast.expr, ...]]] = [("", tree, ())]
    while todo:
        prefix, node, inherited = todo.pop()
        for child in getattr(node, "body", ()):
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef):
                yield prefix + child.name, child, inherited
            elif isinstance(child, ast.ClassDef):
                todo.append((f"{prefix}{child.name}.", child, (*inherited, *child.decorator_list)))


def _module_name(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def implementations(clause_id: str, package_dir: Path = PACKAGE_DIR) -> list[Site]:
    """The functions marked `@implements(clause_id, ...)` in the package, in file order."""
    found = []
    for path in sorted(package_dir.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        module = _module_name(path, package_dir.parent)
        for name, fn, _ in _functions(tree):
            if any(_is_call_to(d, "implements") and clause_id in _ids(d) for d in fn.decorator_list):
                found.append(Site(path, fn.lineno, f"{module}.{name}"))
    return sorted(found, key=lambda s: (str(s.path), s.line))


def _marks(node: ast.AST, names: dict[str, set[str]]) -> set[str]:
    """The clause IDs of every `pytest.mark.clause(...)` inside `node` (a decorator, a parameter's
    marks); `names`: the module's tuples of IDs, for `pytest.mark.clause(*NAME)`."""
    return {
        i
        for call in ast.walk(node)
        if isinstance(call, ast.Call) and _is_call_to(call, "pytest.mark.clause")
        for i in _ids(call, names)
    }


def tests_of(clause_id: str, tests_dir: Path) -> list[Site]:
    """The tests marked `@pytest.mark.clause(clause_id, ...)` under `tests_dir` (on the function, its
    class, a parameter, or the module's `pytestmark`), in file order."""
    found = []
    for path in sorted(tests_dir.rglob("test_*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        names = _string_tuples(tree)
        whole = set().union(
            *(
                _marks(n.value, names)
                for n in tree.body
                if isinstance(n, ast.Assign) and any(ast.unparse(t) == "pytestmark" for t in n.targets)
            )
        )
        for name, fn, inherited in _functions(tree):
            if not name.rpartition(".")[2].startswith("test"):
                continue
            marks = whole.union(*(_marks(d, names) for d in (*fn.decorator_list, *inherited)))
            if clause_id in marks:
                found.append(Site(path, fn.lineno, name))
    return found


def default_tests_dir() -> Path | None:
    """`./tests` when it is a test folder, else the `tests` folder beside the package's sources (a
    checkout installed in editable mode), else None."""
    for candidate in (Path.cwd() / "tests", PACKAGE_DIR.parents[1] / "tests"):
        if (candidate / "__init__.py").exists() or any(candidate.glob("test_*.py")):
            return candidate
    return None


def _wrapped(label: str, text: str) -> list[str]:
    return textwrap.wrap(text, width=100, initial_indent=f"{label}: ", subsequent_indent="  ")


def _notes(clause: Clause, registry: Registry) -> list[str]:
    lines = [f"editions: {', '.join(clause.editions)}", *_wrapped("source", clause.source)]
    for label, text in (
        ("1st edition", clause.first_edition),
        ("2nd edition", clause.second_edition),
        ("the edition option", clause.option_effect),
        ("reason", clause.reason),
    ):
        if text:
            lines += _wrapped(label, text)
    for c in registry.contradictions:
        if clause.id in c.decided_by:
            lines += _wrapped(f"decides {c.id} ({c.where})", f"{c.says} Rule: {c.rule}")
    for other in registry.clauses:
        said = " ".join(t for t in (other.first_edition, other.second_edition, other.option_effect) if t)
        if other.id != clause.id and other.area == "editions" and clause.id in other.statement + " " + said:
            lines += _wrapped(f"edition note {other.id} ({other.title})", other.option_effect or other.statement)
    return lines


def render(clause_id: str, registry: Registry, tests_dir: Path | None) -> str:
    """The text `ragusa clause` prints for `clause_id` (`KeyError` if the registry has none)."""
    clause = registry.get(clause_id)
    lines = [f"{clause.id}  {clause.title}  ({clause.area})", "", *textwrap.wrap(clause.statement, 100), ""]
    lines += _notes(clause, registry)
    code = implementations(clause.id)
    lines += ["", f"implemented by ({len(code)}):", *(f"  {s.shown()}" for s in code)]
    if tests_dir is None:
        lines += ["", "tests: no tests folder here (run from a checkout, or pass --tests DIR)"]
    else:
        tests = tests_of(clause.id, tests_dir)
        lines += ["", f"tested by ({len(tests)}):", *(f"  {s.shown()}" for s in tests)]
    return "\n".join(lines)
