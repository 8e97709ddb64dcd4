"""The JSON-contract subcommands of `ragusa`: `schema`, `replay`, `verify`, `legal`, `apply`, `view`.

They let a program in any language use the library through the command line:

    ragusa schema state                      # print the JSON Schema of a state
    ragusa legal STATE                       # the deciding seat's legal actions, as a JSON array
    ragusa apply STATE ACTION [--events]     # the next state (and the events), as JSON
    ragusa view STATE SEAT                   # what SEAT may know, with its legal actions when deciding
    ragusa replay RECORD [--json]            # replay a game record: the log and the final scores
    ragusa verify RECORD [--json]            # the first illegal action, or the confirmed final scores

STATE, ACTION and RECORD are each a file path, `-` for standard input, or the JSON itself
(an argument starting with `{` or `[`).

Exit codes: 0 success; 1 an illegal action (`apply`, `replay`, `verify`) or scores that do
not match the record (`verify`); 2 invalid input or a usage error. Errors of `legal`, `apply`
and `view`, and of `replay`/`verify` with `--json`, are printed on standard error as one
JSON object: `{"error": "invalid_input", "path": "$.players[2].commodities[1]", "message": "..."}`
or `{"error": "illegal_action", "rule": "BUILD-2", "message": "..."}`.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Any, BinaryIO, TextIO

from ragusa.contract.records import (
    GameRecord,
    ReplayError,
    initial_state,
    record_from_json,
    verify,
)
from ragusa.contract.schema import MAX_BYTES, NAMES, schema_text
from ragusa.contract.serialization import (
    action_from_json,
    action_to_data,
    event_to_data,
    state_from_json,
    state_to_data,
)
from ragusa.contract.views import view, view_to_data
from ragusa.core.errors import IllegalActionError, InvalidInputError, excerpt
from ragusa.core.state import GameState
from ragusa.rules.legal import legal_actions
from ragusa.rules.queries import is_terminal, score_breakdown
from ragusa.rules.resolution import step
from ragusa.text.log import describe_result, describe_setup, describe_step

__all__ = [
    "configure_apply",
    "configure_legal",
    "configure_record",
    "configure_schema",
    "configure_view",
    "run_apply",
    "run_legal",
    "run_replay",
    "run_schema",
    "run_verify",
    "run_view",
]

_SOURCE_HELP = "a file path, - for standard input, or the JSON itself"


class _Unreadable(Exception):
    """An argument naming a file that cannot be read."""


def _read_bounded(stream: BinaryIO | TextIO, name: str) -> bytes | str:
    data = stream.read(MAX_BYTES + 1)
    if len(data) > MAX_BYTES:
        raise _Unreadable(f"{name} is too large (more than {MAX_BYTES:,} bytes)")
    return data


def _text(arg: str, what: str = "the argument") -> str | bytes:
    """The JSON text an argument stands for (see the module docs), read up to `MAX_BYTES`."""
    if arg == "-":
        return _read_bounded(getattr(sys.stdin, "buffer", sys.stdin), "standard input")
    if arg.lstrip().startswith(("{", "[")):
        return arg
    if not os.path.exists(arg):
        shown = excerpt(arg, 60)
        raise _Unreadable(f"cannot read {what} {shown!r}: no such file, and not JSON text (JSON starts with {{ or [)")
    try:
        with open(arg, "rb") as f:
            return _read_bounded(f, arg)
    except OSError as exc:
        raise _Unreadable(f"cannot read {excerpt(arg, 60)}: {exc.strerror or exc}") from None


def _dump(data: Any) -> str:
    return json.dumps(data, separators=(",", ":"), sort_keys=True)


def _lines(items: list[Any]) -> str:
    """A JSON array, one item per line."""
    if not items:
        return "[]"
    return "[\n" + ",\n".join("  " + _dump(i) for i in items) + "\n]"


def _error(kind: str, message: str, **extra: Any) -> None:
    print(_dump({"error": kind, **extra, "message": message}), file=sys.stderr)


def _invalid(exc: InvalidInputError, what: str) -> int:
    _error("invalid_input", f"{what}: {exc.explanation}", path=exc.path)
    return 2


def _read_state(arg: str, lenient: bool) -> GameState:
    return state_from_json(_text(arg, "STATE"), rules=not lenient)


# --------------------------------------------------------------------------- schema


def configure_schema(p: argparse.ArgumentParser) -> None:
    p.add_argument("name", choices=NAMES, help="which document's schema to print")


def run_schema(args: argparse.Namespace) -> int:
    sys.stdout.write(schema_text(args.name))
    return 0


# --------------------------------------------------------------------------- legal / apply / view


def _add_state(p: argparse.ArgumentParser) -> None:
    p.add_argument("state", metavar="STATE", help=f"the game state: {_SOURCE_HELP}")
    p.add_argument(
        "--lenient",
        action="store_true",
        help="skip the checks that the position could arise in play (for hand-built positions)",
    )


def _load_state(args: argparse.Namespace) -> GameState | int:
    """The STATE argument read and validated, or the exit code after reporting why it is not valid."""
    try:
        return _read_state(args.state, args.lenient)
    except InvalidInputError as exc:
        return _invalid(exc, "STATE")
    except _Unreadable as exc:
        _error("invalid_input", str(exc), path="$")
        return 2


def configure_legal(p: argparse.ArgumentParser) -> None:
    _add_state(p)


def run_legal(args: argparse.Namespace) -> int:
    state = _load_state(args)
    if isinstance(state, int):
        return state
    print(_lines([action_to_data(a) for a in legal_actions(state)]))
    return 0


def configure_apply(p: argparse.ArgumentParser) -> None:
    _add_state(p)
    p.add_argument("action", metavar="ACTION", help=f"the action: {_SOURCE_HELP}")
    p.add_argument("--events", action="store_true", help='print {"state": ..., "events": [...]} instead of the state')


def run_apply(args: argparse.Namespace) -> int:
    if args.state == "-" and args.action == "-":
        _error("invalid_input", "STATE and ACTION cannot both be read from standard input", path="$")
        return 2
    state = _load_state(args)
    if isinstance(state, int):
        return state
    try:
        action = action_from_json(_text(args.action, "ACTION"))
    except InvalidInputError as exc:
        return _invalid(exc, "ACTION")
    except _Unreadable as exc:
        _error("invalid_input", str(exc), path="$")
        return 2
    try:
        new, events = step(state, action)
    except IllegalActionError as exc:
        _error("illegal_action", exc.explanation, rule=exc.rule)
        return 1
    if args.events:
        print(_dump({"state": state_to_data(new), "events": [event_to_data(e) for e in events]}))
    else:
        print(_dump(state_to_data(new)))
    return 0


def configure_view(p: argparse.ArgumentParser) -> None:
    _add_state(p)
    p.add_argument("seat", metavar="SEAT", type=int, help="the seat whose view to print")


def run_view(args: argparse.Namespace) -> int:
    state = _load_state(args)
    if isinstance(state, int):
        return state
    if not 0 <= args.seat < state.n_players:
        _error("invalid_input", f"SEAT must be 0..{state.n_players - 1}; got {args.seat}", path="$")
        return 2
    print(_dump(view_to_data(view(state, args.seat))))
    return 0


# --------------------------------------------------------------------------- replay / verify


def configure_record(p: argparse.ArgumentParser) -> None:
    p.add_argument("record", metavar="RECORD", help=f"the game record: {_SOURCE_HELP}")
    p.add_argument("--json", action="store_true", help="print the result (and errors) as JSON")


def _read_record(args: argparse.Namespace) -> GameRecord | int:
    try:
        return record_from_json(_text(args.record, "RECORD"))
    except InvalidInputError as exc:
        if args.json:
            return _invalid(exc, "RECORD")
        print(f"invalid record: {exc.path}: {exc.explanation}", file=sys.stderr)
        return 2
    except _Unreadable as exc:
        if args.json:
            _error("invalid_input", str(exc), path="$")
        else:
            print(str(exc), file=sys.stderr)
        return 2


def run_replay(args: argparse.Namespace) -> int:
    record = _read_record(args)
    if isinstance(record, int):
        return record
    state = initial_state(record)
    steps: list[dict[str, Any]] = []
    if not args.json:
        for line in describe_setup(state):
            print(line)
    for i, action in enumerate(record.actions):
        try:
            new, events = step(state, action)
        except IllegalActionError as exc:
            err = ReplayError(i, exc.rule, exc.explanation)
            if args.json:
                _error("illegal_action", exc.explanation, rule=exc.rule, index=i)
            else:
                print(
                    f"action {i} ({_dump(action_to_data(action))}) is illegal: [{err.rule}] {err.explanation}",
                    file=sys.stderr,
                )
            return 1
        if args.json:
            steps.append({"action": action_to_data(action), "events": [event_to_data(e) for e in events]})
        else:
            for line in describe_step(state, action, new, events):
                print(line)
        state = new
    if args.json:
        print(
            _dump(
                {
                    "steps": steps,
                    "over": is_terminal(state),
                    "scores": [p.total_vp for p in state.players],
                    "breakdown": list(score_breakdown(state)),
                    "state": state_to_data(state),
                }
            )
        )
    else:
        if not is_terminal(state):
            print(f"The record ends before the game does ({len(record.actions)} actions).")
        for line in describe_result(state):
            print(line)
    return 0


def run_verify(args: argparse.Namespace) -> int:
    record = _read_record(args)
    if isinstance(record, int):
        return record
    result = verify(record)
    if args.json:
        out: dict[str, Any] = {
            "ok": result.ok,
            "applied": result.applied,
            "index": result.index,
            "rule": result.rule,
            "explanation": result.explanation,
            "action": None if result.index is None else action_to_data(record.actions[result.index]),
            "over": result.over,
            "incomplete": result.incomplete,
            "scores": list(result.scores),
            "winners": list(result.winners),
            "scores_mismatch": result.scores_mismatch,
        }
        print(_dump(out))
    else:
        print(result.summary())
        if result.index is not None:
            print(f"  the action: {_dump(action_to_data(record.actions[result.index]))}")
        elif result.scores_mismatch and record.scores is not None:
            print(f"  the record states {list(record.scores)}")
    return 0 if result.ok else 1
