"""The protocol's `position` op, the board editor's engine: a position (its text, a state document
being edited, or a new table) read and checked, whose decision it is with every legal action, and
the ruling on one action. Nothing is stored; a position the rules cannot reach is answered with its
problems (each with its clause and the JSON path or the column that causes it), not refused."""

from __future__ import annotations

from typing import Any

from ragusa.contract.position_text import position_from_text, position_to_text
from ragusa.contract.schema import read_document
from ragusa.contract.serialization import action_from_data, action_to_data, state_to_data, structure_checked
from ragusa.core.actions import Action
from ragusa.core.errors import InvalidInputError
from ragusa.core.state import EDITIONS, OPTION_NAMES, GameState, Options
from ragusa.rules.game import new_game
from ragusa.text.dispute import Decision, Ruling, decision, judge
from ragusa.text.i18n import Translator, translator
from ragusa.text.notation import parse_action

__all__ = ["POSITION_OP", "POSITION_REQUEST", "POSITION_RESPONSE", "POSITION_TEXT", "position_op"]

Message = dict[str, Any]

#: a position text in a request
POSITION_TEXT: dict[str, Any] = {
    "type": "string",
    "maxLength": 4000,
    "description": "a position text (docs/position-text.md)",
}
POSITION_OP = (
    "the board editor's engine: a position read and checked, whose decision it is with every legal action,"
    " and the ruling on one action; nothing is stored"
)
#: the request's fields (the protocol schema adds lang)
POSITION_REQUEST: dict[str, Any] = {
    "position": POSITION_TEXT,
    "state": {"type": "object", "description": "a state document being edited (written as a position text)"},
    "players": {"type": "integer", "minimum": 1, "maximum": 5, "description": "without position or state: a new table"},
    "edition": {"enum": list(EDITIONS)},
    "options": {
        "type": "object",
        "properties": {k: {"type": "boolean"} for k in OPTION_NAMES},
        "additionalProperties": False,
    },
    "seed": {
        "type": "integer",
        "minimum": 0,
        "maximum": 2**63 - 1,
        "description": "draws what the text leaves unknown (default: from the text); a new table's seed",
    },
    "unknown": {
        "type": "boolean",
        "description": "write the decks' order and the generator as ? (a table cannot know them)",
    },
    "action": {
        "oneOf": [
            {"type": "string", "maxLength": 200, "description": "notation, e.g. place s28"},
            {"$ref": "action.schema.json"},
        ],
        "description": "the action to rule on",
    },
}
_PROBLEM = {
    "type": "object",
    "properties": {"clause": {"type": ["string", "null"]}, "path": {"type": "string"}, "message": {"type": "string"}},
    "required": ["clause", "path", "message"],
    "additionalProperties": False,
}
#: the answer's fields
POSITION_RESPONSE: dict[str, Any] = {
    "position": {"type": ["string", "null"], "description": "the position text (null: the request named none)"},
    "state": {"type": ["object", "null"], "description": "the position as a state document (null: none could be read)"},
    "problems": {
        "type": "array",
        "description": "why the position cannot be played: each impossibility (clause, JSON path) or the malformation (column)",
        "items": _PROBLEM,
    },
    "decision": {
        "type": ["object", "null"],
        "description": "whose decision it is (seat, phase, rule, headline) and every legal action (choices)",
    },
    "ruling": {
        "type": ["object", "null"],
        "description": "with action: legal, or the clause (rule) and the numbers (message); what it does and changes",
    },
}


def _problems(exc: InvalidInputError) -> list[Message]:
    """Each violation of a refused position (clause, JSON path, message), or the one malformation."""
    if exc.violations:
        return [{"clause": v.clause, "path": v.path, "message": v.explained} for v in exc.violations]
    return [{"clause": None, "path": exc.path, "message": exc.explanation}]


def _text_of(msg: Message) -> str:
    """The position text the request names: given, written from a state document, or a new table's."""
    unknown = msg.get("unknown") is True
    if "position" in msg:
        text: str = msg["position"]
        return text
    if "state" in msg:
        read_document("state", msg["state"])
        return position_to_text(structure_checked(msg["state"], GameState), unknown=unknown)
    options = Options(**msg.get("options", {}))
    table = new_game(msg.get("players", 4), seed=msg.get("seed", 0), edition=msg.get("edition", "2nd"), options=options)
    return position_to_text(table, unknown=unknown)


def _decision(d: Decision) -> Message:
    return {
        "seat": d.seat,
        "phase": d.phase,
        "rule": d.rule,
        "headline": d.headline,
        "lines": list(d.lines),
        "choices": [
            {"notation": c.notation, "effect": c.effect, "action": action_to_data(c.action)} for c in d.choices
        ],
    }


def _ruling(r: Ruling) -> Message:
    return {
        "notation": r.notation,
        "legal": r.legal,
        "rule": r.rule,
        "message": r.message,
        "effect": r.effect,
        "happens": list(r.happens),
        "changes": list(r.changes),
        "next": r.next,
    }


def _action(state: GameState, given: Any) -> Action:
    return action_from_data(given) if isinstance(given, dict) else parse_action(state, given)


def _judged(state: GameState, given: Any, tr: Translator) -> Message:
    try:
        return _ruling(judge(state, _action(state, given), tr))
    except InvalidInputError as exc:  # not an action at all: the notation's own message
        return {**_ruling(Ruling(str(given)[:60], False)), "message": exc.explanation}


def position_op(msg: Message) -> Message:
    """Answer a `position` request (see the module docs and the protocol schema)."""
    tr = translator(msg.get("lang", "en"))
    out: Message = {"position": None, "state": msg.get("state"), "problems": [], "decision": None, "ruling": None}
    try:
        text = _text_of(msg)
    except InvalidInputError as exc:
        out["problems"] = _problems(exc)
        return out
    out["position"] = text
    try:
        state = position_from_text(text, seed=msg.get("seed"))
    except InvalidInputError as exc:
        out["problems"] = _problems(exc)
        return out
    out["state"] = state_to_data(state)
    out["decision"] = _decision(decision(state, tr))
    if "action" in msg:
        out["ruling"] = _judged(state, msg["action"], tr)
    return out
