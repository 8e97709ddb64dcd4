"""JSON Schemas of the protocol's requests and responses (`schemas/protocol.schema.json`).

Written here as data (the protocol's messages are not attrs classes); `python -m
ragusa.service.schema write [DIR]` writes the published copy and a test checks it is current.
The requests are declared in `.requests`; the `view`, `action`, `event`, `state` and `record`
payloads refer to the library's own schemas by file name.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from ragusa.core.state import Phase

from .positions import POSITION_RESPONSE
from .requests import ID, REQUESTS

__all__ = [
    "ERROR_CODES",
    "ERROR_MEANINGS",
    "ERRORS",
    "REQUESTS",
    "RESPONSES",
    "protocol_schema",
    "schema_text",
    "success_schema",
]

DIALECT = "https://json-schema.org/draft/2020-12/schema"
FILE = "protocol.schema.json"

_STATUS = {
    "type": "object",
    "properties": {
        "game": {"type": "string"},
        "phase": {"enum": [p.value for p in Phase], "description": "what the deciding seat does now"},
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
    "position": POSITION_RESPONSE,
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
    "log": {
        "lines": _LINES,
        "next": {"type": "integer"},
        "version": {"type": "integer", "description": "the game's version (status.version) these lines are of"},
    },
    "undo": {
        "status": _STATUS,
        "undone": {"type": "integer"},
        "events": {**_EVENTS, "description": "always empty: the game went back (redraw from a view)"},
    },
    "record": {"record": {"$ref": "record.schema.json"}},
    "analyse": {
        "status": _STATUS,
        "bot": {"type": "string", "description": "the bot or level that analysed"},
        "iterations": {"type": "integer", "description": "the search's iterations (0 for expert and greedy)"},
        "moves": {
            "type": "array",
            "description": "the moves the bot weighed, best first (the search: the ones it searched)",
            "items": {
                "type": "object",
                "properties": {
                    "action": {"$ref": "action.schema.json"},
                    "text": {"type": "string", "description": "the action in notation"},
                    "value": {
                        "type": "number",
                        "description": (
                            "the bot's estimate: the search's expected result share 0 to 1; the expert's VP"
                            " margin over the best rival after the turn; greedy's estimated final VP"
                        ),
                    },
                    "visits": {"type": "integer", "description": "the search: iterations that tried the move"},
                },
                "required": ["action", "text", "value"],
                "additionalProperties": False,
            },
        },
    },
    "stop": {"stopped": {"type": "boolean", "description": "whether an analysis was running and was ended"}},
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


_GAME_ERRORS = ("bad_request", "not_found", "forbidden")
#: the error codes each op can answer (besides `internal`, a bug, and, over HTTP, `too_large`)
ERRORS: dict[str, tuple[str, ...]] = {
    "info": ("bad_request",),
    "new_game": ("bad_request",),
    "legal": _GAME_ERRORS,
    "apply": (*_GAME_ERRORS, "not_your_turn", "illegal", "conflict", "stale"),
    "view": _GAME_ERRORS,
    "log": _GAME_ERRORS,
    "undo": (*_GAME_ERRORS, "conflict", "stale"),
    "record": (*_GAME_ERRORS, "conflict"),
    "replay": ("bad_request", "illegal"),
    "analyse": (*_GAME_ERRORS, "not_your_turn", "conflict"),
    "stop": ("bad_request",),
    "position": ("bad_request",),
}
#: what each error code means
ERROR_MEANINGS: dict[str, str] = {
    "bad_request": "a request the schema or the game's invariants refuse (path names the field)",
    "not_found": "no such game",
    "forbidden": "a token that is not a seat of the game, a bot's seat, or (HTTP) a seat number",
    "not_your_turn": "another seat decides now",
    "illegal": "an action the rules forbid (rule names the clause)",
    "conflict": "the game's state does not allow it (over, nothing to undo, an analysis running...)",
    "stale": "the game changed since the client saw it (expect); status holds the game now",
    "too_large": "HTTP: a body over 1 MB",
    "internal": "the server failed unexpectedly (logged); the next request is served",
}


#: response fields that only one transport sends (the engine: tokens and seed; HTTP: links)
_OPTIONAL = {"tokens", "seed", "links", "languages", "strings", "components", "why", "since", "steps", "changed", "log"}


def success_schema(op: str) -> dict[str, Any]:
    props = RESPONSES[op]
    return {
        "type": "object",
        "properties": {"ok": {"const": True}, "op": {"const": op}, "id": ID, **props},
        "required": ["ok", "op", *(p for p in props if p not in _OPTIONAL)],
        "additionalProperties": False,
    }


ERROR = {
    "type": "object",
    "properties": {
        "ok": {"const": False},
        "id": ID,
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
    defs.update({f"{op}_response": success_schema(op) for op in RESPONSES})
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


if __name__ == "__main__":
    sys.exit(main())
