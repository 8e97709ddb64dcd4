"""`ragusa.d.ts`: TypeScript types generated from the JSON Schemas, and the types of `ragusa.mjs`.

Every `$defs` entry of the library's schemas (state, view, action, event, record, components)
becomes one exported type (entries of one name in several schemas are one type: the same attrs
class), and every protocol message one type named after its op (`ApplyRequest`,
`ApplyResponse`, `ErrorResponse`), with the unions `Request` and `Response`. Descriptions
become doc comments. `python -m ragusa.embed.typescript [FILE]` writes it (default: the copy
shipped in the package, `ragusa/embed/js/ragusa.d.ts`, which a test keeps current).
"""

from __future__ import annotations

import json
import sys
from importlib import resources
from pathlib import Path
from typing import Any

from ragusa.contract.schema.generate import NAMES, schema
from ragusa.service.schema import protocol_schema

__all__ = ["declarations", "main", "ts_type"]

#: the type each library schema's root is (its `$ref`), by file name, for references from the protocol
_ROOTS: dict[str, str] = {f"{name}.schema.json": str(schema(name)["$ref"]).rsplit("/", 1)[-1] for name in NAMES}

_API = """
/** Options of `loadRagusa`. */
export interface LoadOptions {
  /** make game ids, seat tokens and default seeds reproducible (as `ragusa engine --seed`) */
  seed?: number;
  /** keep the games as text (`dump()` writes it; "" for none yet) instead of `ragusa engine`'s store */
  saved?: string;
  /** where the export's files are (default: the folder of ragusa.mjs) */
  baseURL?: string | URL;
  /** false: start Python itself instead of from the export's memory snapshot (wheels/snapshot.gz) */
  snapshot?: boolean;
  /** false: compile the modules as they are imported instead of using wheels/bytecode.zip */
  bytecode?: boolean;
}

/** The answer to a request: the op's response, or an error. */
export type AnswerTo<R extends Request> = Responses[R["op"]] | ErrorResponse;

/** The success shape of an answer (what `if (answer.ok)` narrows it to). */
export type Success<A> = Exclude<A, ErrorResponse>;

/** The request type of an op. */
export type RequestOf<Op extends Request["op"]> = Extract<Request, { op: Op }>;

/** A request with no field its op does not have: a misspelled field (`playrs`) is a type error. */
export type Strict<R extends Request> = R & { [K in Exclude<keyof R, keyof RequestOf<R["op"]>>]: never };

/** The engine, running in Pyodide: it answers exactly as `ragusa engine` does. */
export interface Ragusa {
  /** the ragusa version of the wheels */
  readonly version: string;
  /** the Pyodide instance the engine runs in */
  readonly pyodide: unknown;
  /** the answer to one request (its fields checked against its op's: a misspelled one does not compile) */
  request<R extends Request>(message: Strict<R>): Promise<AnswerTo<R>>;
  /** the answer line to one request line, as `ragusa engine` prints it (null for a blank line) */
  requestLine(line: string): Promise<string | null>;
  /** the games as text, for `loadRagusa({ saved })` (only with `saved`) */
  dump(): string;
  /** replace the games with those `dump()` wrote (only with `saved`) */
  restore(saved: string): void;
}

/** Start the engine: Pyodide, the wheels, a session store. */
export function loadRagusa(options?: LoadOptions): Promise<Ragusa>;
"""


def _pascal(name: str) -> str:
    return "".join(part[:1].upper() + part[1:] for part in name.split("_"))


def _literal(value: Any) -> str:
    return json.dumps(value)


def _ref(ref: str) -> str:
    name, _, pointer = ref.partition("#")
    if name:
        return _ROOTS[name]
    key = pointer.rsplit("/", 1)[-1]
    return _pascal(key) if key.endswith(("_request", "_response")) else key


def _object(s: dict[str, Any], indent: str) -> str:
    props: dict[str, Any] = s.get("properties", {})
    required = set(s.get("required", ()))
    lines = []
    for key, sub in props.items():
        doc = _doc(sub, indent + "  ")
        mark = "" if key in required else "?"
        lines.append(
            f"{doc}{indent}  {json.dumps(key) if not key.isidentifier() else key}{mark}: {ts_type(sub, indent + '  ')};"
        )
    extra = s.get("additionalProperties", True)
    if extra is not False and not props:
        value = "unknown" if extra is True else ts_type(extra, indent + "  ")
        lines.append(f"{indent}  [key: string]: {value};")
    return "{\n" + "\n".join(lines) + f"\n{indent}}}" if lines else "Record<string, never>"


def _array(s: dict[str, Any], indent: str) -> str:
    prefix = s.get("prefixItems")
    if prefix is not None and s.get("items") is False:
        return "[" + ", ".join(ts_type(p, indent) for p in prefix) + "]"
    items = s.get("items", True)
    inner = "unknown" if items is True else ts_type(items, indent)
    return f"({inner})[]" if "|" in inner else f"{inner}[]"


def ts_type(s: Any, indent: str = "") -> str:
    """The TypeScript type of a JSON Schema (the keywords of the library's and the protocol's schemas)."""
    if s is True or s == {}:
        return "unknown"
    if "$ref" in s:
        return _ref(s["$ref"])
    if "const" in s:
        return _literal(s["const"])
    if "enum" in s:
        return " | ".join(_literal(v) for v in s["enum"])
    for key in ("anyOf", "oneOf"):
        if key in s:
            return " | ".join(ts_type(b, indent) for b in s[key])
    if "allOf" in s and all("then" in b for b in s["allOf"]):  # a tagged union
        return " | ".join(ts_type(b["then"], indent) for b in s["allOf"])
    types = s.get("type")
    kinds = [types] if isinstance(types, str) else list(types or [])
    out = []
    for kind in kinds:
        if kind == "object":
            out.append(_object(s, indent))
        elif kind == "array":
            out.append(_array(s, indent))
        else:
            out.append(
                {"integer": "number", "number": "number", "string": "string", "boolean": "boolean"}.get(kind, "null")
            )
    return " | ".join(out) or "unknown"


def _doc(s: Any, indent: str) -> str:
    text = s.get("description") if isinstance(s, dict) else None
    if not text:
        return ""
    return f"{indent}/** {text.replace('*/', '* /')} */\n"


def _definitions() -> dict[str, Any]:
    """Every `$defs` entry, by type name (an entry in several schemas must be the same in each)."""
    found: dict[str, Any] = {}
    for name in NAMES:
        for key, sub in schema(name)["$defs"].items():
            if key in found and found[key] != sub:
                raise ValueError(f"two schemas define {key} differently")
            found[key] = sub
    for key, sub in protocol_schema()["$defs"].items():
        found[_pascal(key)] = sub
    return found


def declarations() -> str:
    """The text of `ragusa.d.ts`."""
    parts = [
        "// ragusa.d.ts: the types of ragusa.mjs and of every JSON document and protocol message.",
        "// Generated from the JSON Schemas by `python -m ragusa.embed.typescript`; do not edit.",
        "",
    ]
    for name, sub in sorted(_definitions().items()):
        parts.append(f"{_doc(sub, '')}export type {name} = {ts_type(sub)};\n")
    proto = protocol_schema()["$defs"]
    requests = [_pascal(k) for k in proto if k.endswith("_request")]
    responses = [_pascal(k) for k in proto if k.endswith("_response")]
    parts.append(f"/** Any request of the protocol. */\nexport type Request = {' | '.join(requests)};\n")
    parts.append(f"/** Any response of the protocol. */\nexport type Response = {' | '.join(responses)};\n")
    ops = [k.removesuffix("_request") for k in proto if k.endswith("_request")]
    table = "\n".join(f"  {op}: {_pascal(op)}Response;" for op in ops)
    parts.append(f"/** The response to each op, when it succeeds. */\nexport interface Responses {{\n{table}\n}}\n")
    parts.append(
        '/** Whose decision it is, the scores, and at the end the result. */\nexport type Status = NewGameResponse["status"];\n'
    )
    return "\n".join(parts) + _API


def shipped() -> Path:
    """Where the package keeps its copy of `ragusa.d.ts`."""
    return Path(str(resources.files("ragusa.embed") / "js" / "ragusa.d.ts"))


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    path = Path(args[0]) if args else shipped()
    path.write_text(declarations(), encoding="utf-8")
    print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
