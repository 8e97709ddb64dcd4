"""JSON Schemas (draft 2020-12) of the library's JSON documents, generated from the attrs types
(:mod:`.generate`), and the validated reading of JSON input (:mod:`.reading`).

``python -m ragusa.contract.schema write [DIR]`` writes the published copies
``DIR/NAME.schema.json`` (default ``schemas/``); ``check [DIR]`` reports stale files; ``print NAME``.
"""

from __future__ import annotations

import sys
from collections.abc import Callable

from ragusa.contract.schema.generate import NAMES, differences, generate, schema, schema_text, write
from ragusa.contract.schema.reading import MAX_DEPTH, MAX_VALUES, check_depth, parse_json, read_document, validate

__all__ = [
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
    "validate",
    "write",
]


def main(argv: list[str] | None = None, out: Callable[[str], object] = print) -> int:
    """``python -m ragusa.contract.schema write [DIR]`` | ``check [DIR]`` | ``print NAME``."""
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
