"""The protocol's requests: each op's JSON Schema (`REQUESTS`, the one declaration of its fields
and their types) and the check every request passes before its op runs (`check_request`).

A field holding a document (an action, a position, a record) is checked here as an object; its
reader (`action_from_data`, `state_from_data`, `record_from_json`) validates it against the
document's schema, and `within` gives its errors the path from the request's root.
"""

from __future__ import annotations

import difflib
import functools
import math
from collections.abc import Callable
from typing import Any

from ragusa.bots import LEVELS
from ragusa.contract.position_text import position_from_text
from ragusa.contract.schema.explain import explain, json_path, quote
from ragusa.contract.schema.generate import schema
from ragusa.contract.serialization import state_from_data
from ragusa.core.errors import InvalidInputError
from ragusa.core.state import OPTION_NAMES, GameState
from ragusa.text.i18n import LANGUAGES

from .analysis import MAX_ITERATIONS, MAX_MS
from .positions import POSITION_OP, POSITION_REQUEST, POSITION_TEXT
from .session import MAX_NAME, SEAT_KINDS

__all__ = ["ID", "REQUESTS", "check_request", "position_of", "within"]

_GAME = {"type": "string", "minLength": 1, "maxLength": 100, "description": "the game id new_game returned"}
_SEAT = {"type": "integer", "minimum": 0, "maximum": 4, "description": "the acting seat (trusted callers)"}
_TOKEN = {"type": "string", "maxLength": 200, "description": "a human seat's secret: acts and sees as that seat only"}
ID = {"type": ["string", "integer", "null"], "description": "echoed in the response"}
_LANG = {"enum": list(LANGUAGES), "description": "the language of the answer's text (log, explanations); default en"}
_EXPLAIN = {
    "type": "boolean",
    "description": "also say what each legal action does (explain), in the asked language; default false (faster)",
}


def _request(op: str, description: str, props: dict[str, Any], required: tuple[str, ...] = ()) -> dict[str, Any]:
    return {
        "type": "object",
        "description": description,
        "properties": {"op": {"const": op}, "id": ID, **props},
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
    "position": _request("position", POSITION_OP, {**POSITION_REQUEST, "lang": _LANG}),
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
                "oneOf": [{"$ref": "state.schema.json"}, POSITION_TEXT],
                "description": (
                    "play on from this state, or this position text (validated as state_from_json: an impossible"
                    " one is refused with"
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
    "analyse": _request(
        "analyse",
        "what a bot would play for the deciding seat, each move with the bot's estimate of it (reads only"
        " what the seat may see)",
        {
            "game": _GAME,
            **_ACTOR,
            "budget": {
                "oneOf": [
                    {
                        "type": "object",
                        "properties": {"iterations": {"type": "integer", "minimum": 1, "maximum": MAX_ITERATIONS}},
                        "required": ["iterations"],
                        "additionalProperties": False,
                    },
                    {
                        "type": "object",
                        "properties": {"ms": {"type": "integer", "minimum": 1, "maximum": MAX_MS}},
                        "required": ["ms"],
                        "additionalProperties": False,
                    },
                ],
                "description": "the search's limit: iterations (the same answer every time) or milliseconds",
            },
            "bot": {
                "type": "string",
                "maxLength": 200,
                "description": "ismcts (the default), expert or greedy (a local engine also takes an ismcts spec)",
            },
            "level": {"enum": [lv.name for lv in LEVELS], "description": "the bot of a level instead of bot"},
            "seed": {"type": "integer", "minimum": 0, "description": "varies the search's draws; default 0"},
        },
        ("game", "budget"),
    ),
    "stop": _request("stop", "ragusa engine: end the running analysis early (it answers with what it found)", {}),
    "replay": _request(
        "replay",
        "a record replayed as one seat's view at each step, with the log",
        {"record": {"$ref": "record.schema.json"}, "seat": _SEAT, "lang": _LANG},
        ("record",),
    ),
}


# --------------------------------------------------------------------------- checking requests

Check = Callable[[Any], bool]
#: the Python type of each JSON type a request's field may have (as `json.loads` reads it)
_TYPES: dict[str, type] = {
    "object": dict,
    "array": list,
    "string": str,
    "integer": int,
    "boolean": bool,
    "null": type(None),
}
_KNOWN = (
    "$ref oneOf anyOf type enum const minimum maximum minLength maxLength items minItems maxItems properties "
    "additionalProperties required description"
).split()


class _Writer:
    """Writes the Python source of a request's check from its schema: one function per op, each
    field's test inlined (the check is on every request's path), as attrs writes its methods."""

    def __init__(self) -> None:
        self.names: dict[str, Any] = {t.__name__: t for t in _TYPES.values()}
        self.defs: list[str] = []

    def constant(self, value: object) -> str:
        name = f"_c{len(self.names)}"
        self.names[name] = value
        return name

    def test(self, s: dict[str, Any], x: str, depth: int = 0) -> str:
        """A Python expression true when the value named `x` passes the subschema `s` (the keywords
        the requests use; a keyword about another JSON type than the value's holds, as in JSON Schema)."""
        unknown = set(s) - {*_KNOWN}
        assert not unknown, f"the request checker does not handle {sorted(unknown)}"
        tests: list[str] = []
        if "$ref" in s:  # a document (action, state, record): its reader validates it against its schema
            tests.append(f"type({x}) is dict")
        union = s.get("oneOf", s.get("anyOf"))  # the requests' unions have branches of different JSON types
        if union is not None:
            tests.append("(" + " or ".join(f"({self.test(b, x, depth)})" for b in union) + ")")
        kinds: list[type] = []
        if "type" in s:
            kinds = [_TYPES[k] for k in ([s["type"]] if isinstance(s["type"], str) else s["type"])]
            if len(kinds) == 1:
                tests.append(f"type({x}) is {kinds[0].__name__}")
            else:
                tests.append(f"type({x}) in {self.constant(frozenset(kinds))}")
        if "enum" in s or "const" in s:
            allowed = frozenset(s["enum"] if "enum" in s else [s["const"]])
            tests.append(f"type({x}) is str and {x} in {self.constant(allowed)}")
        if "minimum" in s or "maximum" in s:
            lo, hi = s.get("minimum", -math.inf), s.get("maximum", math.inf)
            within = f"{self.constant(lo)} <= {x} <= {self.constant(hi)}"
            tests.append(within if kinds == [int] else f"(type({x}) is not int or {within})")
        if "minLength" in s or "maxLength" in s:
            short, long = s.get("minLength", 0), s.get("maxLength", math.inf)
            within = f"{short} <= len({x}) <= {self.constant(long)}"
            tests.append(within if kinds == [str] else f"(type({x}) is not str or {within})")
        if "items" in s or "maxItems" in s or "minItems" in s:
            e = f"e{depth}"
            few, many = s.get("minItems", 0), s.get("maxItems", 1 << 30)
            each = self.test(s.get("items", {}), e, depth + 1)
            within = f"{few} <= len({x}) <= {many} and all({each} for {e} in {x})"
            tests.append(f"({within})" if kinds == [list] else f"(type({x}) is not list or ({within}))")
        if "properties" in s:
            call = f"{self.function(s, True)}({x})"
            tests.append(call if kinds == [dict] else f"(type({x}) is not dict or {call})")
        return " and ".join(tests) or "True"

    def function(self, s: dict[str, Any], with_required: bool) -> str:
        """The name of a function of an object checking each of its fields against `s`'s properties
        (an unknown one fails when `s` closes them) and, `with_required`, that its required fields are there."""
        name = f"_f{len(self.defs)}"
        self.defs.append("")  # this function's place
        closed = s.get("additionalProperties", True) is False
        lines = [f"def {name}(o):", "    for k, v in o.items():"]
        for i, (key, sub) in enumerate(s["properties"].items()):
            lines.append(f"        {'if' if i == 0 else 'elif'} k == {key!r}:")
            lines.append(f"            if not ({self.test(sub, 'v', 1)}):")
            lines.append("                return False")
        if closed:
            lines += ["        else:", "            return False"]
        needed = [f"{k!r} in o" for k in s.get("required", ())] if with_required else []
        lines.append(f"    return {' and '.join(needed) or 'True'}")
        self.defs[int(name[2:])] = "\n".join(lines) + "\n"
        return name

    def compile(self, what: str) -> dict[str, Any]:
        namespace = dict(self.names)
        exec(compile("".join(self.defs), f"<ragusa request check {what}>", "exec"), namespace)
        return namespace


def _one(check: Check, key: str) -> Check:
    """The test of one field's value (`check` takes a request holding only that field)."""
    return lambda value: check({key: value})


@functools.lru_cache(maxsize=len(REQUESTS))
def _fields(op: str) -> tuple[Check, dict[str, Check], tuple[str, ...]]:
    """The check of a request of `op` (its fields' values, not which are required), written from its
    schema once per op; each field's own test (to say which is wrong); its required fields."""
    request = REQUESTS[op]
    writer = _Writer()
    whole = writer.function({**request, "required": ()}, False)
    tests = {k: writer.function({"properties": {k: v}}, False) for k, v in request["properties"].items()}
    made = writer.compile(op)
    fields: dict[str, Check] = {k: _one(made[name], k) for k, name in tests.items()}
    return made[whole], fields, tuple(request["required"])


def check_request(op: str, msg: dict[str, Any]) -> None:
    """Refuse a request of `op` that its schema (`REQUESTS`) does not accept: `InvalidInputError`
    naming the first unknown field, the missing one, or the field of the wrong type or value."""
    accepted, fields, required = _fields(op)
    if accepted(msg):  # the usual case, a request its schema accepts: one pass
        for key in required:
            if key not in msg:
                raise InvalidInputError("$", f"missing field {key!r} (op {op})")
        return
    for key in msg:  # which problem to name: an unknown field first, then a wrong value
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
    raise AssertionError("unreachable: a field failed its test above")  # pragma: no cover


def within(field: str, exc: InvalidInputError) -> InvalidInputError:
    """A document reader's error about the request's field `field` (its path from the request's root)."""
    where = f"$.{field}{exc.path[1:]}"
    return InvalidInputError(where, f"field {where.removeprefix('$.')!r}: {exc.explanation}", exc.violations)


def position_of(msg: dict[str, Any]) -> GameState | None:
    """The state a `new_game` request starts from (`position`: a state document, validated as
    `state_from_data` does, its errors keeping their path under `$.position`; or a position text,
    its errors at a column of it), an impossible one refused with its clauses."""
    if "position" not in msg:
        return None
    given = msg["position"]
    try:
        state = position_from_text(given) if isinstance(given, str) else state_from_data(given)
    except InvalidInputError as exc:
        if isinstance(given, str):  # the problem's place is a column of the text
            raise InvalidInputError("$.position", f"{exc.path}: {exc.explanation}", exc.violations) from None
        raise within("position", exc) from None
    if state.chance is not None:
        raise InvalidInputError(
            "$.position", "a position with explicit chance cannot be played here: give a seeded one"
        )
    for name in ("edition", "options"):
        if name in msg:
            raise InvalidInputError(f"$.{name}", f"a position holds its {name}: leave {name!r} out")
    players = 1 if state.solo is not None else state.n_players
    if msg.get("players", players) != players:
        raise InvalidInputError("$.players", f"the position is a game of {players} player(s)")
    return state


def _resolve(file: str) -> dict[str, Any]:
    return schema(file.removesuffix(".schema.json"))
