"""JSON Schemas (draft 2020-12) of the library's JSON documents, generated from the attrs types
(`.generate`), and the validated reading of JSON input (`.reading`).

`python -m ragusa.contract.schema write [DIR]` writes the published copies
`DIR/NAME.schema.json` (default `schemas/`); `check [DIR]` reports stale files; `print NAME`.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

from ragusa.contract.schema.generate import (
    NAMES,
    generate,
    schema,
    schema_text,
)
from ragusa.contract.schema.reading import (
    MAX_BYTES,
    MAX_DEPTH,
    MAX_VALUES,
    check_depth,
    check_document,
    parse_json,
    read_document,
)

__all__ = [
    "MAX_BYTES",
    "MAX_DEPTH",
    "MAX_VALUES",
    "NAMES",
    "check_depth",
    "differences",
    "generate",
    "main",
    "parse_json",
    "read_document",
    "schema",
    "schema_text",
    "check_document",
    "write",
]


def write(directory: str | Path = "schemas") -> list[Path]:
    """Write every schema as `directory/NAME.schema.json`; return the paths written."""
    out = Path(directory)
    out.mkdir(parents=True, exist_ok=True)
    paths = []
    for name in NAMES:
        path = out / f"{name}.schema.json"
        path.write_text(schema_text(name), encoding="utf-8")
        paths.append(path)
    return paths


def differences(directory: str | Path = "schemas") -> list[str]:
    """The schema files in `directory` that differ from the generated schemas (or are missing)."""
    diffs = []
    for name in NAMES:
        path = Path(directory) / f"{name}.schema.json"
        if not path.exists() or path.read_text(encoding="utf-8") != schema_text(name):
            diffs.append(str(path))
    return diffs


def main(argv: list[str] | None = None, out: Callable[[str], object] = print) -> int:
    """`python -m ragusa.contract.schema write [DIR]` | `check [DIR]` | `print NAME`."""
    args = sys.argv[1:] if argv is None else argv
    usage = "usage: python -m ragusa.contract.schema write [DIR] | check [DIR] | print NAME"
    if not args or args[0] not in ("write", "check", "print"):
        out(usage)
        return 2
    if args[0] == "print":
        if len(args) != 2 or args[1] not in NAMES:
            out(f"{usage}\nNAME is one of: {', '.join(NAMES)}")
            return 2
        out(schema_text(args[1]).rstrip("\n"))
        return 0
    directory = args[1] if len(args) > 1 else "schemas"
    if args[0] == "write":
        for path in write(directory):
            out(f"wrote {path}")
        return 0
    diffs = differences(directory)
    for stale in diffs:
        out(f"out of date: {stale} (run python -m ragusa.contract.schema write {directory})")
    return 1 if diffs else 0
