"""The public API's snapshot: every public name of the public modules, with its signature.

The public modules are those a user imports from (`MODULES`); their public names are their
``__all__``. Each name is written with its kind and signature (a function's parameters and return,
an attribute's type, a class's bases and its public members), read from the source by griffe (the
library the API reference is built with), so a renamed parameter, a changed default or type, a
name added or removed shows as a changed line.

Two files under ``api/``:

* ``ragusa.api.json``: the API of this tree. ``tests/test_public_api.py`` fails when the code and
  this file differ; ``python tools/api_snapshot.py write`` regenerates it.
* ``released.api.json``: the API of the last release (its ``version``). Every name that differs
  between the two must be named, as `ragusa.name` in backticks, in the changelog's entries above
  that release's heading (the same test checks it; ``python tools/api_snapshot.py diff`` lists
  them, ``changelog`` as changelog lines); a class added or removed is named once, for its members
  too. At a release, ``python tools/api_snapshot.py release`` copies the first to the second.

Usage: ``python tools/api_snapshot.py write|check|diff|changelog|release [--src DIR]``.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import textwrap
from pathlib import Path
from typing import Any

import griffe

ROOT = Path(__file__).resolve().parents[1]
CURRENT = ROOT / "api" / "ragusa.api.json"
RELEASED = ROOT / "api" / "released.api.json"
CHANGELOG = ROOT / "CHANGELOG.md"

#: the modules a user imports from: the root, the AI interface, the bots, the protocol and the adapters
MODULES: tuple[str, ...] = (
    "ragusa",
    "ragusa.ai",
    "ragusa.bots",
    "ragusa.service",
    "ragusa.adapters.gymnasium",
    "ragusa.adapters.openspiel",
    "ragusa.adapters.pettingzoo",
)


def _target(obj: Any) -> Any:
    return obj.final_target if obj.is_alias else obj


def _parameters(fn: Any) -> str:
    out: list[str] = []
    star = False
    for p in fn.parameters:
        kind = p.kind.value if p.kind is not None else ""
        if kind == "keyword-only" and not star:
            out.append("*")
            star = True
        text = {"variadic positional": "*", "variadic keyword": "**"}.get(kind, "") + p.name
        star = star or kind == "variadic positional"
        if p.annotation is not None:
            text += f": {p.annotation}"
        if p.default is not None:
            text += f" = {p.default}"
        out.append(text)
        if kind == "positional-only" and p is fn.parameters[-1]:
            out.append("/")
    return ", ".join(out)


def signature(obj: Any) -> str:
    """One line for a function, attribute or class (its bases)."""
    kind = obj.kind.value
    if kind == "function":
        returns = f" -> {obj.returns}" if obj.returns is not None else ""
        return f"def ({_parameters(obj)}){returns}"
    if kind == "class":
        return f"class ({', '.join(str(b) for b in obj.bases)})"
    if kind == "module":
        return "module"
    annotation = f": {obj.annotation}" if obj.annotation is not None else ""
    return f"{kind}{annotation}"


def _members(prefix: str, cls: Any) -> dict[str, str]:
    found: dict[str, str] = {}
    for name, member in cls.members.items():
        if name.startswith("_") or member.is_alias:
            continue
        if member.kind.value in ("function", "attribute"):
            found[f"{prefix}.{name}"] = signature(member)
    return found


def snapshot(src: Path) -> dict[str, dict[str, str]]:
    """Every public module's public names and signatures, read from the source under `src`."""
    loader = griffe.GriffeLoader(search_paths=[str(src)], allow_inspection=False)
    package = loader.load("ragusa")
    loader.resolve_aliases(external=False, implicit=False)
    api: dict[str, dict[str, str]] = {}
    for path in MODULES:
        module = package[path.removeprefix("ragusa").lstrip(".")] if path != "ragusa" else package
        names: dict[str, str] = {}
        for name in sorted(module.exports or ()):
            obj = _target(module[name])
            names[f"{path}.{name}"] = signature(obj)
            if obj.kind.value == "class":
                names.update(_members(f"{path}.{name}", obj))
        api[path] = names
    return api


def flat(api: dict[str, dict[str, str]]) -> dict[str, str]:
    return {name: sig for names in api.values() for name, sig in names.items()}


def differences(old: dict[str, str], new: dict[str, str]) -> dict[str, str]:
    """Each name added, removed or changed, with what happened to it."""
    out: dict[str, str] = {}
    for name in sorted(old.keys() | new.keys()):
        if name not in old:
            out[name] = "added"
        elif name not in new:
            out[name] = "removed"
        elif old[name] != new[name]:
            out[name] = f"changed: {old[name]}  ->  {new[name]}"
    return out


def changelog_lines(changed: dict[str, str]) -> list[str]:
    """The changes as changelog lines: per module, the names added, removed and changed."""
    named = [n for n in changed if n.rsplit(".", 1)[0] not in changed]
    lines: list[str] = []
    for module in MODULES:
        mine = [n for n in named if max((m for m in MODULES if n.startswith(m + ".")), key=len) == module]
        for what in ("added", "removed", "changed"):
            names = [f"`{n}`" for n in mine if changed[n].startswith(what)]
            if names:
                lines.append(f"- {what.capitalize()} in `{module}`: {', '.join(names)}.")
    return lines


def read(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def unreleased_text(version: str) -> str:
    """The changelog above the heading of release `version`."""
    text = CHANGELOG.read_text(encoding="utf-8")
    heading = re.search(rf"^## \[{re.escape(version)}\]", text, re.M)
    return text if heading is None else text[: heading.start()]


def unrecorded(current: dict[str, Any], released: dict[str, Any]) -> list[str]:
    """The changed names the changelog does not name since the last release."""
    text = unreleased_text(released["version"])
    changed = differences(flat(released["api"]), flat(current["api"]))
    named = [n for n in changed if n.rsplit(".", 1)[0] not in changed]  # a class's members go with it
    return [name for name in named if f"`{name}`" not in text]


def _dump(data: dict[str, Any]) -> str:
    return json.dumps(data, indent=1, sort_keys=True) + "\n"


def current_document(src: Path) -> dict[str, Any]:
    return {"modules": list(MODULES), "api": snapshot(src)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("command", choices=("write", "check", "diff", "changelog", "release"))
    parser.add_argument("--src", type=Path, default=ROOT / "src", help="the source tree to read")
    args = parser.parse_args(argv)
    live = current_document(args.src)
    CURRENT.parent.mkdir(exist_ok=True)
    if args.command == "write":
        CURRENT.write_text(_dump(live), encoding="utf-8")
        return 0
    if args.command == "release":
        version = re.findall(r'__version__ = "(.*)"', (args.src / "ragusa" / "_version.py").read_text(encoding="utf-8"))
        RELEASED.write_text(_dump({"version": version[0], **live}), encoding="utf-8")
        return 0
    released = read(RELEASED)
    if args.command == "changelog":
        lines = changelog_lines(differences(flat(released["api"]), flat(live["api"])))
        print("\n".join(textwrap.fill(line, 110, subsequent_indent="  ") for line in lines))
        return 0
    if args.command == "diff":
        for name, what in differences(flat(released["api"]), flat(live["api"])).items():
            print(f"`{name}`: {what}")
        return 0
    problems = [f"{CURRENT.name} is not the API of the code: run python tools/api_snapshot.py write"]
    problems = problems if read(CURRENT) != live else []
    problems += [
        f"the changelog does not name `{n}` (changed since {released['version']})" for n in unrecorded(live, released)
    ]
    print("\n".join(problems) or "the API snapshot is up to date and every change is in the changelog")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
