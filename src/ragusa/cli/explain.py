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
from ragusa.core.actions import Action, ChanceOutcome
from ragusa.core.components import COMMODITIES, RESOURCES
from ragusa.core.errors import IllegalActionError, InvalidInputError, excerpt
from ragusa.core.state import VP_SOURCES, GameState
from ragusa.rules.chance import chance_outcomes
from ragusa.rules.legal import legal_actions
from ragusa.rules.queries import is_terminal
from ragusa.rules.resolution import step
from ragusa.spec.loading import default_registry
from ragusa.text.explain import explain_action, why_now
from ragusa.text.log import describe_result, describe_step
from ragusa.text.notation import format_action, parse_action

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


def _form(action: Action) -> str:
    if isinstance(action, ChanceOutcome):
        return f"outcome {action.outcome}"
    return format_action(action)


def _decision(state: GameState) -> list[str]:
    if is_terminal(state):
        return ["The game is over: nobody decides.", *describe_result(state)]
    if state.chance is not None and state.chance.node is not None:
        node = state.chance.node
        lines = [f"Chance decides: a {node.kind} draw. Its outcomes:"]
        return lines + [f"  {_form(a)}: probability {p}" for a, p in chance_outcomes(state)]
    seat = state.seat if state.seat is not None else 0
    lines = [f"Seat {seat} decides ({state.phase.value}, {state.phase.rule}). {why_now(state, seat)}".rstrip()]
    actions = legal_actions(state)
    lines.append(f"Its legal actions ({len(actions)}):")
    width = max(len(_form(a)) for a in actions) if actions else 0
    lines += [f"  {_form(a).ljust(width)}  {explain_action(state, a)}" for a in actions]
    return lines


def _changes(before: GameState, after: GameState) -> list[str]:
    """Each seat's VP, resources and commodities that the action changed, with before and after."""
    lines = []
    for i, (p, q) in enumerate(zip(before.players, after.players)):
        parts = [f"{n} {a} -> {b}" for n, a, b in zip(RESOURCES, p.resources, q.resources) if a != b]
        parts += [f"{n} {a} -> {b}" for n, a, b in zip(COMMODITIES, p.commodities, q.commodities) if a != b]
        parts += [f"{n} VP {a} -> {b}" for n, a, b in zip(VP_SOURCES, p.vp, q.vp) if a != b]
        if p.total_vp != q.total_vp:
            parts.append(f"total VP {p.total_vp} -> {q.total_vp}")
        if parts:
            lines.append(f"  seat {i}: " + ", ".join(parts))
    return lines


def _judge(state: GameState, action: Action) -> tuple[int, list[str]]:
    try:
        after, events = step(state, action)
    except IllegalActionError as exc:
        lines = [f"illegal: {_form(action)}", f"[{exc.rule}] {exc.explanation}"]
        words = rule_words(exc.rule)
        if words:
            lines.append(f"The rule, {exc.rule}: {words}")
        return 1, lines
    lines = [f"legal: {_form(action)}"]
    if not isinstance(action, ChanceOutcome):
        lines.append(f"What it does: {explain_action(state, action)}")
    lines += ["What happens:", *("  " + line.strip() for line in describe_step(state, action, after, events))]
    changes = _changes(state, after)
    lines += ["What changes:", *changes] if changes else ["Nobody's VP, resources or commodities change."]
    return 0, [*lines, _next(after)]


def _next(state: GameState) -> str:
    """Who decides after the action."""
    if is_terminal(state):
        return "Next: nothing; the game is over."
    if state.chance is not None and state.chance.node is not None:
        return f"Next: chance draws ({state.chance.node.kind})."
    return f"Next: seat {state.seat} decides ({state.phase.value}, {state.phase.rule})."


def run_explain(args: argparse.Namespace) -> int:
    try:
        state = read_position(args.position)
    except (BadInput, InvalidInputError) as exc:
        path = f"{exc.path}: " if isinstance(exc, InvalidInputError) else ""
        detail = exc.explanation if isinstance(exc, InvalidInputError) else str(exc)
        print(f"ragusa explain: POSITION: {path}{detail}", file=sys.stderr)
        return 2
    if args.action is None:
        print("\n".join(_decision(state)))
        return 0
    try:
        action = _action(state, args.action)
    except InvalidInputError as exc:
        print(f"ragusa explain: ACTION: {exc.explanation}", file=sys.stderr)
        return 2
    code, lines = _judge(state, action)
    print("\n".join(lines))
    return code
