"""The protocol reference: every op's fields, answer and error codes, in Markdown, from the
protocol's schema (the docs' HTTP API page shows it; a test checks it against the ops' answers)."""

from __future__ import annotations

import json
from typing import Any

from .schema import ERROR_MEANINGS, ERRORS, REQUESTS, RESPONSES, success_schema

__all__ = ["reference"]


def _kind(s: Any) -> str:
    """A field's type in a few words, for the reference."""
    if "$ref" in s:
        return f"`{s['$ref']}`"
    if "const" in s:
        return f"`{json.dumps(s['const'])}`"
    if "enum" in s:
        return " / ".join(f"`{v}`" for v in s["enum"])
    union = s.get("oneOf", s.get("anyOf"))
    if union is not None:
        return " or ".join(_kind(b) for b in union)
    types = s.get("type", "any")
    kinds = [types] if isinstance(types, str) else list(types)
    if "array" in kinds and isinstance(s.get("items"), dict):
        return f"array of {_kind(s['items'])}"
    if "object" in kinds and "properties" in s:
        return "object: " + ", ".join(f"`{k}`" for k in s["properties"])
    return " or ".join(kinds)


def _row(name: str, s: dict[str, Any], required: bool) -> str:
    what = " ".join(str(s.get("description", "")).split()).replace("|", "/")
    return f"| `{name}` | {_kind(s).replace('|', '/')} | {'yes' if required else ''} | {what} |"


def reference() -> str:
    """The protocol reference in Markdown, every op's fields, answer and error codes, from the schema."""
    lines = ["## The protocol, op by op", ""]
    lines.append("Generated from `schemas/protocol.schema.json`. Every request may carry `id`, echoed in its answer.")
    for op, request in REQUESTS.items():
        lines += ["", f"### `{op}`", "", " ".join(str(request["description"]).split()), ""]
        fields = {k: v for k, v in request["properties"].items() if k not in ("op", "id")}
        if fields:
            lines += ["| field | type | required | what |", "|---|---|---|---|"]
            lines += [_row(k, v, k in request["required"]) for k, v in fields.items()]
        else:
            lines.append("No fields besides `op` and `id`.")
        answer = success_schema(op)
        lines += [
            "",
            "Its answer (with `ok: true`, `op`):",
            "",
            "| field | type | always | what |",
            "|---|---|---|---|",
        ]
        lines += [_row(k, v, k in answer["required"]) for k, v in RESPONSES[op].items()]
        lines += ["", "Its error codes: " + ", ".join(f"`{c}`" for c in ERRORS[op]) + "."]
    lines += ["", "### Error codes", "", "| code | meaning |", "|---|---|"]
    lines += [f"| `{code}` | {meaning} |" for code, meaning in ERROR_MEANINGS.items()]
    return "\n".join(lines) + "\n"
