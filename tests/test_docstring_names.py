"""Docstrings name things that exist, and refusals cite the clause the spec gives for them.

Every name a docstring of the rules, the core or the spec writes in backticks as code is checked
against the source (read with `ast`, nothing imported): a dotted path (`ragusa.rules.turn_flow.run`), a
module of the package relative to it (`.patrician`), a class or a constant (`PlayerScratch`,
`GameState.solo`, `TURNS`), a call (`start(w, seat)`). Lower-case words (parameters, fields, JSON
keys) are prose and not checked. (Tooling: no clause marker.)"""

from __future__ import annotations

import ast
import builtins
import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest

from ragusa.spec.loading import load_registry

SRC = Path(__file__).resolve().parents[1] / "src"
#: the areas whose docstrings are checked
AREAS = ("ragusa/rules", "ragusa/core", "ragusa/spec")
_CODE = re.compile(r"`([^`\n]+)`")
_PATH = re.compile(r"^\.?[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*(\(.*\))?$")
#: names of the language and the standard library that docstrings mention
_BUILTIN = frozenset(dir(builtins))
#: outside names the docstrings mention (the libraries the package uses, pytest's markers)
_OUTSIDE = frozenset({"attrs", "functools", "typing", "collections", "fractions", "decimal", "pytest", "skipif", "sys"})


#: where a name written without its module may be defined: the layers the checked areas see
_NEAR = ("ragusa.core", "ragusa.rules", "ragusa.spec", "ragusa.contract")


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(SRC).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


@cache
def _modules() -> dict[str, ast.Module]:
    return {_module_name(p): ast.parse(p.read_text(encoding="utf-8")) for p in (SRC / "ragusa").rglob("*.py")}


@cache
def _members(module: str) -> dict[str, ast.AST | tuple[str, str]]:
    """The top-level names of `module`: their definition, or (module, name) for an import."""
    tree = _modules()[module]
    out: dict[str, ast.AST | tuple[str, str]] = {}
    package = module if _is_package(module) else module.rpartition(".")[0]
    for node in ast.walk(tree):  # imports inside `if TYPE_CHECKING:` and functions count too
        if isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package
                for _ in range(node.level - 1):
                    anchor = anchor.rpartition(".")[0]
                base = f"{anchor}.{base}" if base else anchor
            for alias in node.names:
                out.setdefault(alias.asname or alias.name, (base, alias.name))
        elif isinstance(node, ast.Import):
            for alias in node.names:
                out.setdefault(alias.asname or alias.name.partition(".")[0], (alias.name, ""))
    for node in tree.body:
        for name in _defined(node):
            out[name] = node
    return out


def _defined(node: ast.AST) -> Iterator[str]:
    if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
        yield node.name
    elif isinstance(node, ast.Assign):
        for target in node.targets:
            for leaf in ast.walk(target):
                if isinstance(leaf, ast.Name):
                    yield leaf.id
        if any(isinstance(target, ast.Name) and target.id == "__slots__" for target in node.targets):
            yield from (
                e.value for e in ast.walk(node.value) if isinstance(e, ast.Constant) and isinstance(e.value, str)
            )
    elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
        yield node.target.id
    elif isinstance(node, ast.If | ast.Try):
        for child in [*node.body, *getattr(node, "orelse", []), *getattr(node, "handlers", [])]:
            yield from _defined(child)


def _is_package(module: str) -> bool:
    return (SRC / module.replace(".", "/") / "__init__.py").exists()


def _class_has(module: str, cls: ast.ClassDef, name: str, depth: int = 0) -> bool:
    for node in cls.body:
        if name in set(_defined(node)):
            return True
    if any(isinstance(n, ast.ClassDef) and n.name == name for n in cls.body):
        return True
    for base in cls.bases:  # inherited members, from the package's own bases
        found = _lookup(module, [ast.unparse(base)], depth + 1)
        if isinstance(found, tuple):
            where, base_node = found
            if isinstance(base_node, ast.ClassDef) and _class_has(where, base_node, name, depth + 1):
                return True
        if not isinstance(found, tuple) and found:  # a base from outside the package: not checked
            return True
    return False


def _lookup(module: str, parts: list[str], depth: int = 0) -> tuple[str, ast.AST] | bool:
    """Whether `parts` names something from `module`'s namespace: (module, definition) for a
    definition of the package, True for something outside it (not checked), False if missing."""
    if depth > 20:
        return True
    head, rest = parts[0], parts[1:]
    if module in _modules() and head in _members(module):
        found = _members(module)[head]
    elif f"{module}.{head}" in _modules():
        return _in_module(f"{module}.{head}", rest, depth)
    else:
        return False
    if isinstance(found, tuple):
        target, name = found
        if not target.startswith("ragusa"):
            return True
        if not name:
            return _in_module(target, rest, depth)
        if f"{target}.{name}" in _modules():
            return _in_module(f"{target}.{name}", rest, depth)
        if target not in _modules():
            return False
        return _lookup(target, [name, *rest], depth + 1)
    if not rest:
        return module, found
    if isinstance(found, ast.ClassDef):
        return (module, found) if _class_has(module, found, rest[0], depth) else False
    return True  # an attribute of a value: not checked


def _in_module(module: str, rest: list[str], depth: int) -> tuple[str, ast.AST] | bool:
    if module not in _modules():
        return False
    if not rest:
        return module, _modules()[module]
    return _lookup(module, rest, depth + 1)


def _resolves(module: str, text: str) -> bool:
    call = "(" in text
    text = text.partition("(")[0]
    if text.startswith("."):
        package = module if _is_package(module) else module.rpartition(".")[0]
        return (
            bool(_in_module(f"{package}{text}".rstrip("."), [], 0))
            if "." not in text[1:]
            else bool(_lookup(package, text[1:].split(".")))
        )
    parts = text.split(".")
    if parts[0] == "ragusa":
        for cut in range(len(parts), 0, -1):
            name = ".".join(parts[:cut])
            if name in _modules():
                return bool(_in_module(name, parts[cut:], 0))
        return False
    if parts[0] in _BUILTIN or parts[0] in _OUTSIDE:
        return True
    found = _lookup(module, parts)
    if call and isinstance(found, tuple) and not isinstance(found[1], ast.FunctionDef | ast.ClassDef):
        found = False
    return bool(found) or _anywhere(parts, call)


@cache
def _all_names() -> frozenset[str]:
    """Every name defined anywhere in the package (top level, class members, parameters)."""
    names: set[str] = set()
    for module, tree in _modules().items():
        if not module.startswith(_NEAR):
            continue
        for node in ast.walk(tree):
            names.update(_defined(node))
            if isinstance(node, ast.arg):
                names.add(node.arg)
    return frozenset(names)


def _anywhere(parts: list[str], call: bool) -> bool:
    """A name documented from another module than its own (a class, a constant, a function)."""
    classes = [
        (module, node)
        for module, tree in _modules().items()
        if module.startswith(_NEAR)
        for node in ast.walk(tree)
        if isinstance(node, ast.ClassDef) and node.name == parts[0]
    ]
    if classes:
        return len(parts) == 1 or any(_class_has(module, cls, parts[1]) for module, cls in classes)
    return len(parts) == 1 and parts[0] in (_all_functions() if call else _all_names())


@cache
def _all_functions() -> frozenset[str]:
    """Every function and class defined anywhere in the package."""
    return frozenset(
        node.name
        for module, tree in _modules().items()
        if module.startswith(_NEAR)
        for node in ast.walk(tree)
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef)
    )


def _checked(text: str) -> bool:
    """Whether a code span is a name to check: dotted, relative, a call, or not lower-case."""
    if not _PATH.match(text):
        return False
    bare = text.partition("(")[0]
    return "(" in text or bare.startswith((".", "ragusa.")) or not bare.split(".")[0].islower()


def _docstrings() -> Iterator[tuple[str, int, str, frozenset[str]]]:
    """Each docstring of the checked areas: its module, line, text and the parameters it may name."""
    for module, tree in sorted(_modules().items()):
        if not module.replace(".", "/").startswith(AREAS):
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
                doc = ast.get_docstring(node, clean=False)
                if doc:
                    params = (
                        frozenset(a.arg for a in ast.walk(node.args) if isinstance(a, ast.arg))
                        if hasattr(node, "args")
                        else frozenset()
                    )
                    yield module, getattr(node, "lineno", 1), doc, params


def _unknown_names() -> list[str]:
    missing = []
    for module, line, doc, params in _docstrings():
        for text in _CODE.findall(doc):
            if _checked(text) and text.partition("(")[0] not in params and not _resolves(module, text):
                missing.append(f"{module}:{line}: `{text}`")
    return missing


def test_every_name_a_docstring_writes_as_code_exists() -> None:
    checked = [text for _, _, doc, _ in _docstrings() for text in _CODE.findall(doc) if _checked(text)]
    assert len(checked) >= 150  # the check reads the docstrings it means to
    assert _unknown_names() == []


@pytest.mark.parametrize(
    ("module", "text"),
    [
        ("ragusa.rules.buildings", "start(w, seat)"),
        ("ragusa.rules.solo", ".common"),
        ("ragusa.core.scratch", "PlayerFields"),
        ("ragusa.rules.game", "ragusa.rules.solo.setup.new_solo_game"),
        ("ragusa.rules.game", "GameState.no_such_field"),
    ],
)
def test_a_name_that_does_not_exist_is_found(module: str, text: str) -> None:
    assert _checked(text) and not _resolves(module, text)


@pytest.mark.parametrize(
    ("module", "text"),
    [
        ("ragusa.rules.solo", ".patrician"),
        ("ragusa.core.scratch", "PlayerScratch"),
        ("ragusa.rules.game", "ragusa.rules.game.new_solo_game"),
        ("ragusa.rules.game", "GameState.solo"),
        ("ragusa.core.scratch", "Scratch.houses"),
    ],
)
def test_a_name_that_exists_is_accepted(module: str, text: str) -> None:
    assert _checked(text) and _resolves(module, text)


# ----------------------------------------------------------------- the clause a refusal cites


def _refusals() -> Iterator[tuple[str, int, str, str]]:
    """Per `IllegalActionError("ID", ...)` with a literal ID in the rules: the module, the line, the
    ID, and the text that says which clauses the code there is about: the enclosing function's
    docstring and `@implements`, and those of its module when the function has none."""
    for module, tree in sorted(_modules().items()):
        if not module.startswith("ragusa.rules"):
            continue
        whole = ast.get_docstring(tree) or ""
        for fn in ast.walk(tree):
            if not isinstance(fn, ast.FunctionDef):
                continue
            about = (ast.get_docstring(fn) or "") + " ".join(ast.unparse(d) for d in fn.decorator_list)
            for node in ast.walk(fn):
                if (
                    isinstance(node, ast.Call)
                    and isinstance(node.func, ast.Name)
                    and node.func.id == "IllegalActionError"
                    and node.args
                    and isinstance(node.args[0], ast.Constant)
                    and isinstance(node.args[0].value, str)
                ):
                    yield module, node.lineno, node.args[0].value, about or whole


def test_every_refusal_cites_a_clause_its_code_says_it_is_about() -> None:
    """The clause of a refusal is a clause of the spec, and one the refusing function (or, when it
    says nothing, its module) names in its docstring or `@implements`."""
    known = {c.id for c in load_registry().clauses}
    sites = list(_refusals())
    assert len(sites) >= 20
    wrong = [
        f"{m}:{line}: {rule}"
        for m, line, rule, about in sites
        if rule not in known or not re.search(rf"\b{re.escape(rule)}\b(?!\d)", about)
    ]
    assert wrong == []


@pytest.mark.clause("R-23")
def test_explicit_chance_refusals_cite_their_ruling() -> None:
    """The refusals of explicit chance cite R-23 (the ruling on chance nodes), not SETUP-1 (the
    number of players)."""
    cited = {rule for m, _, rule, _ in _refusals() if m == "ragusa.rules.chance"}
    assert cited == {"R-23"}


def test_no_refusal_chooses_its_clause_by_reading_its_words() -> None:
    """A refusal's clause is data (`Refusal.rule`), never picked by matching text in its message."""
    found = []
    for module, tree in _modules().items():
        if not module.startswith(("ragusa.rules", "ragusa.core")):
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) in {"IllegalActionError", "Refusal"}:
                rule = node.args[0] if node.args else None
                for part in ast.walk(rule) if rule is not None else ():
                    if isinstance(part, ast.Compare) and any(isinstance(op, ast.In | ast.NotIn) for op in part.ops):
                        found.append(f"{module}:{node.lineno}")
    assert found == []
