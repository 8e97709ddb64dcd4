"""`ragusa explain POSITION [ACTION]`: the dispute desk on the command line.

POSITION is a position text (docs/position-text.md), `-` for standard input, or a file holding a
position text or a state document (JSON). Without ACTION it says whose decision it is and lists
every legal action with what it does; with ACTION (the action notation, `place s28`, or an
action's JSON) it says "legal" and what the action does (the events, VP and resources, exit 0), or
"illegal", the clause, the rule's words and the numbers (exit 1). Bad input: a message, exit 2.
"""

from __future__ import annotations

import argparse
import os
import sys

from ragusa.contract.position_fields import MAX_TEXT
from ragusa.contract.position_text import position_from_text
from ragusa.contract.schema import MAX_BYTES
from ragusa.contract.serialization import action_from_json, state_from_json
from ragusa.core.actions import Action
from ragusa.core.errors import InvalidInputError, excerpt
from ragusa.core.state import GameState
from ragusa.spec.loading import default_registry
from ragusa.text.dispute import decision, decision_lines, judge, ruling_lines
from ragusa.text.i18n import LANGUAGES, Translator, translator
from ragusa.text.notation import parse_action

__all__ = ["configure_explain", "read_position", "rule_words", "run_explain"]


class BadInput(ValueError):
    """An argument that names no position or no action (exit 2)."""


def configure_explain(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "position",
        metavar="POSITION",
        help="a position text, - for standard input, or a file holding a position text or a state (JSON)",
    )
    p.add_argument("action", metavar="ACTION", nargs="?", help="an action: its notation (place s28, pass) or its JSON")
    p.add_argument("--lang", choices=LANGUAGES, default="en", help="the language of the answer (default en)")


def _source(arg: str) -> str:
    """The text an argument stands for: itself, standard input, or a file's content."""
    if arg == "-":
        return sys.stdin.read(MAX_BYTES + 1)
    if arg.split(" ", 1)[0] in ("1st", "2nd") or arg.lstrip().startswith("{"):
        return arg
    if not os.path.isfile(arg):
        raise BadInput(f"{excerpt(arg, 60)!r} is no position text (it starts with 1st or 2nd) and no file")
    try:
        with open(arg, "rb") as f:
            data = f.read(MAX_BYTES + 1)
    except OSError as exc:
        raise BadInput(f"cannot read {excerpt(arg, 60)}: {exc.strerror or exc}") from None
    if len(data) > MAX_BYTES:
        raise BadInput(f"{excerpt(arg, 60)} is too large (more than {MAX_BYTES:,} bytes)")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise BadInput(f"{excerpt(arg, 60)} is not UTF-8 text") from None


def read_position(arg: str) -> GameState:
    """The position POSITION names (a text, or a state document), validated."""
    text = _source(arg).strip()
    if text.startswith("{"):
        return state_from_json(text)
    if len(text) > MAX_TEXT:
        raise BadInput(f"neither a position text (at most {MAX_TEXT:,} characters) nor a state document (JSON)")
    return position_from_text(text)


def _action(state: GameState, arg: str) -> Action:
    if arg.lstrip().startswith("{"):
        return action_from_json(arg)
    return parse_action(state, arg)


def rule_words(clause: str) -> str:
    """The clause's title and statement, as the rule pages give them."""
    registry = default_registry()
    if clause not in registry:
        return ""
    c = registry.get(clause)
    return f"{c.title}: {c.statement}"


def _judge(state: GameState, action: Action, tr: Translator) -> tuple[int, list[str]]:
    r = judge(state, action, tr)
    lines = ruling_lines(r, tr)
    if r.legal:
        return 0, lines
    words = rule_words(r.rule)  # the rule pages' words, in English
    return 1, lines + ([f"The rule, {r.rule}: {words}"] if words else [])


def run_explain(args: argparse.Namespace) -> int:
    try:
        state = read_position(args.position)
    except (BadInput, InvalidInputError) as exc:
        path = f"{exc.path}: " if isinstance(exc, InvalidInputError) else ""
        detail = exc.explanation if isinstance(exc, InvalidInputError) else str(exc)
        print(f"ragusa explain: POSITION: {path}{detail}", file=sys.stderr)
        return 2
    tr = translator(args.lang)
    if args.action is None:
        print("\n".join(decision_lines(decision(state, tr), tr)))
        return 0
    try:
        action = _action(state, args.action)
    except InvalidInputError as exc:
        print(f"ragusa explain: ACTION: {exc.explanation}", file=sys.stderr)
        return 2
    code, lines = _judge(state, action, tr)
    print("\n".join(lines))
    return code
