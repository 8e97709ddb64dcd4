"""JSON Schemas of the protocol's requests and responses (`schemas/protocol.schema.json`).

Written here as data (the protocol's messages are not attrs classes); `python -m
ragusa.service.schema write [DIR]` writes the published copy and a test checks it is current.
The `view`, `action` and `record` payloads refer to the library's own schemas by file name.
"""

from __future__ import annotations

import difflib
import functools
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ragusa.contract.schema.compiled import checker
from ragusa.contract.schema.explain import explain, json_path, quote
from ragusa.contract.schema.generate import schema
from ragusa.core.errors import InvalidInputError
from ragusa.core.state import OPTION_NAMES
from ragusa.text.i18n import LANGUAGES

from .session import MAX_NAME, SEAT_KINDS

DIALECT = "https://json-schema.org/draft/2020-12/schema"
FILE = "protocol.schema.json"

_GAME = {"type": "string", "minLength": 1, "maxLength": 100, "description": "the game id new_game returned"}
_SEAT = {"type": "integer", "minimum": 0, "maximum": 4, "description": "the acting seat (trusted callers)"}
_TOKEN = {"type": "string", "maxLength": 200, "description": "a human seat's secret: acts and sees as that seat only"}
_ID = {"type": ["string", "integer", "null"], "description": "echoed in the response"}
_LANG = {"enum": list(LANGUAGES), "description": "the language of the answer's text (log, explanations); default en"}
_EXPLAIN = {
    "type": "boolean",
    "description": "also say what each legal action does (explain), in the asked language; default false (faster)",
}


def _request(op: str, description: str, props: dict[str, Any], required: tuple[str, ...] = ()) -> dict[str, Any]:
    return {
        "type": "object",
        "description": description,
        "properties": {"op": {"const": op}, "id": _ID, **props},
        "required": ["op", *required],
        "additionalProperties": False,
    }


_ACTOR = {"seat": _SEAT, "token": _TOKEN}
_EXPECT = {
    "type": "integer",
    "minimum": 0,
    "description": "the status.version the client last saw: another one is refused (stale) and nothing changes",
}
REQUESTS: dict[str, dict[str, Any]] = {
    "info": _request(
        "info",
        "the protocol's vocabulary: ops, seat kinds, editions, options, levels, languages; with lang, the page's words",
        {"lang": _LANG},
    ),
    "new_game": _request(
        "new_game",
        "start a game; bots move at once until a human seat decides",
        {
            "players": {
                "type": "integer",
                "minimum": 1,
                "maximum": 5,
                "description": "1 is the solo game; required unless a position is given",
            },
            "seats": {
                "type": "array",
                "items": {
                    "type": "string",
                    "maxLength": 100,
                    "description": f"a seat kind: {', '.join(SEAT_KINDS)} (a local engine also takes a bot spec)",
                },
                "minItems": 1,
                "maxItems": 5,
                "description": "who plays each seat (solo: the one human seat): human, a level or a bot; default seat 0 human, others greedy",
            },
            "edition": {"enum": ["1st", "2nd"]},
            "seed": {"type": "integer", "minimum": 0, "maximum": 2**63 - 1, "description": "default: a random seed"},
            "names": {
                "type": "array",
                "items": {"type": ["string", "null"], "maxLength": MAX_NAME},
                "maxItems": 5,
                "description": "the name each seat of seats goes by (null: none); shown as text",
            },
            "options": {
                "type": "object",
                "properties": {k: {"type": "boolean"} for k in OPTION_NAMES},
                "additionalProperties": False,
            },
            "position": {
                "$ref": "state.schema.json",
                "description": (
                    "play on from this state (validated as state_from_json: an impossible one is refused with"
                    " its clause in rule); its players, edition and options are the position's (players, if"
                    " given, must match; edition and options are left out) and seed only seeds the bots"
                ),
            },
        },
    ),
    "legal": _request(
        "legal",
        "the deciding seat's legal actions, each with its notation and JSON (with explain, what it does)",
        {"game": _GAME, **_ACTOR, "lang": _LANG, "explain": _EXPLAIN},
        ("game",),
    ),
    "apply": _request(
        "apply",
        "take an action for the deciding seat; the bots then move",
        {
            "game": _GAME,
            **_ACTOR,
            "lang": _LANG,
            "explain": {"type": "boolean", "description": "also answer the log lines of the steps, in lang"},
            "expect": _EXPECT,
            "action": {
                "oneOf": [
                    {"type": "string", "maxLength": 200, "description": "notation, e.g. place s28"},
                    {"$ref": "action.schema.json"},
                ]
            },
        },
        ("game", "action"),
    ),
    "view": _request(
        "view",
        "what one seat may know, with its legal actions when it decides and why it decides now",
        {
            "game": _GAME,
            **_ACTOR,
            "lang": _LANG,
            "explain": _EXPLAIN,
            "since": {
                "type": "integer",
                "description": "also replay the actions from this number on (steps) and say what changed",
            },
        },
        ("game",),
    ),
    "log": _request(
        "log",
        "the readable log from line 'since'",
        {"game": _GAME, **_ACTOR, "since": {"type": "integer"}, "lang": _LANG},
        ("game",),
    ),
    "undo": _request(
        "undo",
        "take back the last human action and the bot moves after it (games with one human)",
        {"game": _GAME, **_ACTOR, "expect": _EXPECT},
        ("game",),
    ),
    "record": _request(
        "record", "the game record (with a token: only once the game is over)", {"game": _GAME, **_ACTOR}, ("game",)
    ),
    "replay": _request(
        "replay",
        "a record replayed as one seat's view at each step, with the log",
        {"record": {"$ref": "record.schema.json"}, "seat": _SEAT, "lang": _LANG},
        ("record",),
    ),
}

_STATUS = {
    "type": "object",
    "properties": {
        "game": {"type": "string"},
        "phase": {"type": "string"},
        "seat": {"type": ["integer", "null"], "description": "the deciding seat, null at the end"},
        "turn_seat": {"type": "integer"},
        "over": {"type": "boolean"},
        "scores": {"type": "array", "items": {"type": "integer"}},
        "actions": {"type": "integer"},
        "seats": {"type": "array", "items": {"type": "string"}},
        "names": {"type": "array", "items": {"type": ["string", "null"]}, "description": "each seat's name, if given"},
        "edition": {"enum": ["1st", "2nd"]},
        "undo": {"type": "boolean", "description": "whether undo is possible now (never once the game is over)"},
        "version": {
            "type": "integer",
            "minimum": 0,
            "description": "how many changes the game has seen: +1 for each action (the bots' too) and each undo",
        },
        "winners": {"type": "array", "items": {"type": "integer"}},
        "result": {"type": "array", "items": {"type": "object", "additionalProperties": {"type": "integer"}}},
    },
    "required": ["game", "phase", "seat", "turn_seat", "over", "scores", "actions", "seats", "undo", "version"],
}
_LEGAL = {
    "type": "array",
    "items": {
        "type": "object",
        "properties": {
            "text": {"type": "string"},
            "action": {"$ref": "action.schema.json"},
            "explain": {
                "type": "string",
                "description": "with explain: what the action does, with its numbers, in the asked language",
            },
            "fish": {"type": "integer", "description": "the fish the action trades away, when it does"},
        },
        "required": ["text", "action"],
    },
}
_SPOTS = {"type": "array", "items": {"type": "string"}}
_EVENTS = {
    "type": "array",
    "items": {"$ref": "event.schema.json"},
    "description": (
        "what happened, in order, as typed events (each an object with a string type), the requesting seat's"
        " share: another seat's kept bonus card reads hidden; without a seat, what every seat may see"
    ),
}
_CHANGED = {
    "type": "object",
    "description": "spots whose house changed, walls and towers built, market slots whose ship changed",
    "properties": {
        "houses": _SPOTS,
        "walls": _SPOTS,
        "towers": _SPOTS,
        "slots": {"type": "array", "items": {"type": "integer"}},
    },
    "required": ["houses", "walls", "towers", "slots"],
}
_STEPS = {
    "type": "array",
    "description": "each action since 'since': who took it, its log lines, what changed, the seat's view after it",
    "items": {
        "type": "object",
        "properties": {
            "seat": {"type": "integer"},
            "events": {**_EVENTS, "description": "the step's events, the viewer's share"},
            "log": {"type": "array", "items": {"type": "string"}},
            "changed": _CHANGED,
            "view": {"$ref": "view.schema.json"},
        },
        "required": ["seat", "events", "log", "changed", "view"],
    },
}
_TEXTS = {
    "type": "object",
    "additionalProperties": {
        "type": "object",
        "properties": {"name": {"type": "string"}, "text": {"type": "string"}},
        "required": ["name", "text"],
    },
}
_LINES = {"type": "array", "items": {"type": "string"}}
RESPONSES: dict[str, dict[str, Any]] = {
    "info": {
        "version": {"type": "string"},
        "ops": _LINES,
        "seat_kinds": _LINES,
        "editions": _LINES,
        "options": _LINES,
        "levels": {
            "type": "array",
            "description": (
                "the levels a person picks an opponent by, easiest first; each name is also a seat kind;"
                " with lang, the budget and description in that language"
            ),
            "items": {
                "type": "object",
                "properties": {
                    "name": {"type": "string"},
                    "bot": {"type": "string", "description": "the bot spec the level plays"},
                    "budget": {"type": "string", "description": "its thinking time a move, in words"},
                    "description": {"type": "string"},
                },
                "required": ["name", "bot", "budget", "description"],
                "additionalProperties": False,
            },
        },
        "languages": {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {"code": {"type": "string"}, "name": {"type": "string"}},
                "required": ["code", "name"],
            },
        },
        "strings": {
            "type": "object",
            "additionalProperties": {"type": "string"},
            "description": "with lang: the translations by English message (context and message joined by U+0004)",
        },
        "components": {
            "type": "object",
            "description": "with lang: what each bonus card (per edition), building and ship does",
            "properties": {
                "cards": {"type": "object", "additionalProperties": _TEXTS},
                "buildings": _TEXTS,
                "ships": _TEXTS,
            },
        },
    },
    "new_game": {
        "status": _STATUS,
        "events": {**_EVENTS, "description": "the setup's and the bots' first moves' events, what every seat may see"},
        "tokens": {"type": "array", "items": {"type": ["string", "null"]}, "description": "ragusa engine only"},
        "seed": {"type": "integer", "description": "ragusa engine only (over HTTP it would reveal the hidden cards)"},
        "links": {
            "type": "array",
            "items": {"type": ["string", "null"]},
            "description": "HTTP only: each human seat's link",
        },
    },
    "legal": {"status": _STATUS, "legal": _LEGAL},
    "apply": {
        "status": _STATUS,
        "applied": {"type": "string"},
        "events": {**_EVENTS, "description": "the events of the action and of the bots' moves after it"},
        "log": {**_LINES, "description": "with explain: the log lines of the action and the bots' moves, in lang"},
    },
    "view": {
        "status": _STATUS,
        "view": {"$ref": "view.schema.json"},
        "legal": _LEGAL,
        "why": {"type": "string", "description": "why the seat decides now (empty when it does not)"},
        "since": {"type": "integer", "description": "with since: the first action replayed"},
        "steps": _STEPS,
        "changed": _CHANGED,
    },
    "log": {"lines": _LINES, "next": {"type": "integer"}},
    "undo": {
        "status": _STATUS,
        "undone": {"type": "integer"},
        "events": {**_EVENTS, "description": "always empty: the game went back (redraw from a view)"},
    },
    "record": {"record": {"$ref": "record.schema.json"}},
    "replay": {
        "frames": {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {"view": {"$ref": "view.schema.json"}, "log": _LINES},
                "required": ["view", "log"],
            },
        },
        "status": _STATUS,
    },
}
ERROR_CODES = (
    "bad_request",
    "not_found",
    "forbidden",
    "not_your_turn",
    "illegal",
    "conflict",
    "stale",
    "too_large",
    "internal",
)


#: response fields that only one transport sends (the engine: tokens and seed; HTTP: links)
_OPTIONAL = {"tokens", "seed", "links", "languages", "strings", "components", "why", "since", "steps", "changed", "log"}


def _ok(op: str) -> dict[str, Any]:
    props = RESPONSES[op]
    return {
        "type": "object",
        "properties": {"ok": {"const": True}, "op": {"const": op}, "id": _ID, **props},
        "required": ["ok", "op", *(p for p in props if p not in _OPTIONAL)],
        "additionalProperties": False,
    }


ERROR = {
    "type": "object",
    "properties": {
        "ok": {"const": False},
        "id": _ID,
        "error": {
            "type": "object",
            "properties": {
                "code": {"enum": list(ERROR_CODES)},
                "message": {"type": "string"},
                "rule": {"type": "string", "description": "the rule clause an illegal action breaks"},
                "path": {"type": "string", "description": "where in the input the problem is"},
                "status": {**_STATUS, "description": "stale: the game's status now (redraw from it)"},
            },
            "required": ["code", "message"],
            "additionalProperties": False,
        },
    },
    "required": ["ok", "error"],
    "additionalProperties": False,
}


def protocol_schema() -> dict[str, Any]:
    """The protocol's schema: `$defs` holds each request and response; the root accepts any of them."""
    defs: dict[str, Any] = {f"{op}_request": r for op, r in REQUESTS.items()}
    defs.update({f"{op}_response": _ok(op) for op in RESPONSES})
    defs["error_response"] = ERROR
    return {
        "$schema": DIALECT,
        "title": "ragusa protocol message",
        "description": "A request to, or a response from, ragusa engine (JSON lines) or the web app's /api/message.",
        "oneOf": [{"$ref": f"#/$defs/{name}"} for name in defs],
        "$defs": defs,
    }


def schema_text() -> str:
    return json.dumps(protocol_schema(), indent=2, sort_keys=True) + "\n"


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if not args or args[0] not in ("write", "print"):
        print("usage: python -m ragusa.service.schema write [DIR] | print", file=sys.stderr)
        return 2
    if args[0] == "print":
        print(schema_text(), end="")
        return 0
    path = Path(args[1] if len(args) > 1 else "schemas") / FILE
    path.write_text(schema_text(), encoding="utf-8")
    print(path)
    return 0


# --------------------------------------------------------------------------- checking requests

Check = Callable[[Any], bool]
_IS: dict[str, Check] = {
    "object": lambda x: type(x) is dict,
    "array": lambda x: type(x) is list,
    "string": lambda x: type(x) is str,
    "integer": lambda x: type(x) is int,
    "boolean": lambda x: type(x) is bool,
    "null": lambda x: x is None,
}


def _predicate(s: dict[str, Any]) -> Check:
    """A fast exact test of a request field's subschema (the keywords the requests use)."""
    tests: list[Check] = []
    ref = s.get("$ref")
    if ref is not None:
        tests.append(checker(ref.removesuffix(".schema.json")))
    union = s.get("oneOf", s.get("anyOf"))  # the requests' unions have branches of different JSON types
    if union is not None:
        branches = [_predicate(b) for b in union]
        tests.append(lambda x: any(b(x) for b in branches))
    if "type" in s:
        kinds = [_IS[t] for t in ([s["type"]] if isinstance(s["type"], str) else s["type"])]
        tests.append(lambda x: any(k(x) for k in kinds))
    if "enum" in s or "const" in s:
        allowed = s["enum"] if "enum" in s else [s["const"]]
        tests.append(lambda x: type(x) is str and x in allowed)
    lo, hi = s.get("minimum"), s.get("maximum")
    if lo is not None or hi is not None:
        tests.append(lambda x: type(x) is not int or ((lo is None or x >= lo) and (hi is None or x <= hi)))
    short, long = s.get("minLength", 0), s.get("maxLength")
    if short or long is not None:
        tests.append(lambda x: type(x) is not str or (len(x) >= short and (long is None or len(x) <= long)))
    if "items" in s or "maxItems" in s or "minItems" in s:
        item = _predicate(s.get("items", {}))
        few, many = s.get("minItems", 0), s.get("maxItems", 1 << 30)
        tests.append(lambda x: type(x) is not list or (few <= len(x) <= many and all(item(e) for e in x)))
    if "properties" in s:
        fields = {k: _predicate(v) for k, v in s["properties"].items()}
        closed = s.get("additionalProperties", True) is False
        needed = tuple(s.get("required", ()))
        tests.append(
            lambda x: (
                type(x) is not dict
                or (
                    all(k in fields and fields[k](v) or k not in fields and not closed for k, v in x.items())
                    and all(k in x for k in needed)
                )
            )
        )
    unknown = set(s) - {*_KNOWN}
    assert not unknown, f"the request checker does not handle {sorted(unknown)}"
    if len(tests) == 1:
        return tests[0]
    return lambda x: all(t(x) for t in tests)


_KNOWN = (
    "$ref oneOf anyOf type enum const minimum maximum minLength maxLength items minItems maxItems properties "
    "additionalProperties required description"
).split()


@functools.lru_cache(maxsize=len(REQUESTS))
def _fields(op: str) -> tuple[dict[str, Check], tuple[str, ...]]:
    request = REQUESTS[op]
    return {k: _predicate(v) for k, v in request["properties"].items()}, tuple(request["required"])


def check_request(op: str, msg: dict[str, Any]) -> None:
    """Refuse a request of `op` that its schema (`REQUESTS`) does not accept: `InvalidInputError`
    naming the first unknown field, the missing one, or the field of the wrong type or value."""
    fields, required = _fields(op)
    for key in msg:
        if key not in fields:
            close = difflib.get_close_matches(str(key), fields, n=1)
            hint = f" (did you mean {close[0]!r}?)" if close else f"; its fields: {', '.join(fields)}"
            raise InvalidInputError(json_path((str(key),)), f"op {op} has no field {quote(key)}{hint}")
    for key, value in msg.items():
        if not fields[key](value):
            problem = explain(REQUESTS[op]["properties"][key], value, _resolve)
            where = json_path((key, *problem.path)) if problem else json_path((key,))
            what = problem.message if problem else "not a valid value here"  # pragma: no branch
            raise InvalidInputError(where, f"field {where.removeprefix('$.')!r}: {what}")
    for key in required:
        if key not in msg:
            raise InvalidInputError("$", f"missing field {key!r} (op {op})")


def _resolve(file: str) -> dict[str, Any]:
    return schema(file.removesuffix(".schema.json"))


def openapi(version: str) -> dict[str, Any]:
    """An OpenAPI 3.1 description of the web app's HTTP API (the protocol at `POST /api/message`).

    The message schemas are the protocol schema's; their references to the library's documents
    (`action.schema.json`...) resolve against `/schemas/` on the same server.
    """
    proto = protocol_schema()
    defs = {
        k: json.loads(json.dumps(v).replace("#/$defs/", "#/components/schemas/")) for k, v in proto["$defs"].items()
    }
    requests = [{"$ref": f"#/components/schemas/{op}_request"} for op in REQUESTS]
    responses = [{"$ref": f"#/components/schemas/{op}_response"} for op in RESPONSES]
    error = {"application/json": {"schema": {"$ref": "#/components/schemas/error_response"}}}
    return {
        "openapi": "3.1.0",
        "info": {"title": "ragusa serve", "version": version, "description": proto["description"]},
        "paths": {
            "/api/message": {
                "post": {
                    "summary": "one protocol request; over HTTP a game request carries its seat's token",
                    "requestBody": {"required": True, "content": {"application/json": {"schema": {"oneOf": requests}}}},
                    "responses": {
                        "200": {
                            "description": "done",
                            "content": {"application/json": {"schema": {"oneOf": responses}}},
                        },
                        "400": {"description": "malformed body or message", "content": error},
                        "403": {"description": "no token, a forged token, or a seat number", "content": error},
                        "404": {"description": "no such game", "content": error},
                        "409": {
                            "description": "not this seat's turn, an undo/game-over conflict, or stale (the game changed since the client saw it)",
                            "content": error,
                        },
                        "413": {"description": "body over 1 MB", "content": error},
                        "422": {"description": "an illegal action; rule names the rule clause", "content": error},
                        "500": {
                            "description": "an unexpected failure (logged); the next request is served",
                            "content": error,
                        },
                    },
                }
            },
            "/api/board": {
                "get": {
                    "summary": "the board and component data the page draws from",
                    "responses": {"200": {"description": "board data"}},
                }
            },
            "/schemas/{name}": {
                "get": {
                    "summary": "the library's JSON Schemas (action, view, record...)",
                    "parameters": [{"name": "name", "in": "path", "required": True, "schema": {"type": "string"}}],
                    "responses": {"200": {"description": "a schema"}},
                }
            },
        },
        "components": {"schemas": defs},
    }


if __name__ == "__main__":
    sys.exit(main())
