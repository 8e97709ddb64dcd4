"""Perft: count the distinct legal action sequences from fixed positions, as chess engines do.

`perft(state, n)` is the number of sequences of `n` legal actions from `state` (a sequence
that reaches the end of the game earlier does not count; `perft(state, 0) == 1`). The counts of
fixed positions are committed in `tests/perft/ragusa.perft`; a speed change that changes any of
them changed the game. The file holds blocks separated by blank lines (a line starting with `#` is a comment):

    id 4p-2nd-s1-mid
    start players=4 seed=1 edition=2nd options=strict
    prefix [{"type": "choose_bonus", "card": "bonus-walls"}, ...]
    perft 1 3
    perft 2 9

`start` names the game (`ragusa.rules.game.new_game`; `options` is a comma-separated
list of the true `Options` fields, or `-`); the optional `prefix` is
a JSON list of actions played first, to reach a mid-game position. `ragusa perft` prints each
count with nodes per second and, on a mismatch, the count below each first action ("divide").
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import attrs

from ragusa.contract.serialization import action_from_data, action_to_data, action_to_json
from ragusa.core.actions import Action
from ragusa.core.state import GameState, Options
from ragusa.rules.game import new_game
from ragusa.rules.legal import legal_actions
from ragusa.rules.resolution import apply

__all__ = ["PerftCase", "add_arguments", "divide", "load", "parse", "perft", "run", "start_state", "write"]

_OPTION_NAMES = tuple(f.name for f in attrs.fields(Options))


@attrs.frozen
class PerftCase:
    """One position of the perft file and its expected counts, `(depth, count)` in file order."""

    id: str
    players: int
    seed: int
    edition: str
    options: Options
    prefix: tuple[Action, ...]
    counts: tuple[tuple[int, int], ...]


def perft(state: GameState, depth: int) -> int:
    """The number of distinct legal action sequences of length `depth` from `state`."""
    if depth <= 0:
        return 1
    actions = legal_actions(state)
    if depth == 1:
        return len(actions)
    return sum(perft(apply(state, a), depth - 1) for a in actions)


def divide(state: GameState, depth: int) -> list[tuple[Action, int]]:
    """`perft(apply(state, a), depth - 1)` for each legal action `a` (they add up to `perft`)."""
    return [(a, perft(apply(state, a), depth - 1)) for a in legal_actions(state)]


def start_state(case: PerftCase) -> GameState:
    """The position of `case`: its new game with the prefix played."""
    state = new_game(case.players, seed=case.seed, edition=case.edition, options=case.options)
    for action in case.prefix:
        state = apply(state, action)
    return state


def _options(text: str) -> Options:
    names = [] if text == "-" else [n for n in text.split(",") if n]
    unknown = [n for n in names if n not in _OPTION_NAMES]
    if unknown:
        raise ValueError(f"unknown option {unknown[0]!r} (known: {', '.join(_OPTION_NAMES)})")
    return Options(**{n: True for n in names})


def _blocks(text: str) -> Iterator[list[tuple[int, str, str]]]:
    block: list[tuple[int, str, str]] = []
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if line.startswith("#"):
            continue
        if not line:
            if block:
                yield block
            block = []
            continue
        key, _, rest = line.partition(" ")
        block.append((number, key, rest.strip()))
    if block:
        yield block


def _case(block: list[tuple[int, str, str]]) -> PerftCase:
    fields: dict[str, str] = {}
    counts: list[tuple[int, int]] = []
    for number, key, rest in block:
        if key == "perft":
            depth, _, count = rest.partition(" ")
            if not (depth.isdigit() and count.isdigit()):
                raise ValueError(f"line {number}: 'perft DEPTH COUNT' expected, got {rest!r}")
            counts.append((int(depth), int(count)))
        elif key in ("id", "start", "prefix") and key not in fields:
            fields[key] = rest
        else:
            raise ValueError(f"line {number}: unexpected {key!r} (id, start, prefix, perft)")
    if "id" not in fields or "start" not in fields:
        raise ValueError(f"line {block[0][0]}: a block needs an id and a start line")
    start = dict(part.partition("=")[::2] for part in fields["start"].split())
    if "players" not in start or "seed" not in start:
        raise ValueError(f"line {block[0][0]}: the start line needs players= and seed=")
    prefix = tuple(action_from_data(a) for a in json.loads(fields.get("prefix", "[]")))
    return PerftCase(
        id=fields["id"],
        players=int(start["players"]),
        seed=int(start["seed"]),
        edition=start.get("edition", "2nd"),
        options=_options(start.get("options", "-")),
        prefix=prefix,
        counts=tuple(counts),
    )


def parse(text: str) -> list[PerftCase]:
    """The cases of a perft file's text (see the module docs); ValueError names a bad line."""
    return [_case(block) for block in _blocks(text)]


def load(path: Path | str) -> list[PerftCase]:
    return parse(Path(path).read_text(encoding="utf-8"))


def write(case: PerftCase) -> str:
    """The block of `case` in the file format (with its counts)."""
    names = [n for n in _OPTION_NAMES if getattr(case.options, n)]
    lines = [
        f"id {case.id}",
        f"start players={case.players} seed={case.seed} edition={case.edition} options={','.join(names) or '-'}",
    ]
    if case.prefix:
        lines.append("prefix " + json.dumps([action_to_data(a) for a in case.prefix], separators=(",", ":")))
    lines.extend(f"perft {d} {c}" for d, c in case.counts)
    return "\n".join(lines) + "\n"


# --------------------------------------------------------------------------- command line

_SOURCE_FILE = Path(__file__).resolve().parents[3] / "tests" / "perft" / "ragusa.perft"
#: the committed perft file: the checkout's own (editable install), else the one below the current directory
DEFAULT_FILE = _SOURCE_FILE if _SOURCE_FILE.is_file() else Path("tests") / "perft" / "ragusa.perft"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", nargs="?", default=str(DEFAULT_FILE), help="perft file (default: tests/perft)")
    parser.add_argument("--max-depth", type=int, default=None, help="check only depths up to this one")
    parser.add_argument("--id", action="append", default=None, help="check only this position (repeatable)")


def _check(case: PerftCase, max_depth: int | None) -> bool:
    state = start_state(case)
    ok = True
    for depth, expected in case.counts:
        if max_depth is not None and depth > max_depth:
            continue
        t0 = time.perf_counter()
        got = perft(state, depth)
        dt = time.perf_counter() - t0
        verdict = "ok" if got == expected else f"MISMATCH (expected {expected})"
        print(f"{case.id:28} depth {depth}: {got:>12,} sequences  {got / dt if dt else 0:>12,.0f} nodes/s  {verdict}")
        if got != expected:
            ok = False
            print(f"  per first action, depth {depth - 1} below it:")
            for action, count in divide(state, depth):
                print(f"    {count:>12,}  {action_to_json(action)}")
            break
    return ok


def run(args: argparse.Namespace) -> int:
    try:
        cases = load(args.file)
    except (OSError, ValueError) as exc:
        print(f"ragusa perft: {args.file}: {exc}", file=sys.stderr)
        return 2
    if args.id:
        unknown = sorted(set(args.id) - {c.id for c in cases})
        if unknown:
            print(f"ragusa perft: no position {unknown[0]!r} in {args.file}", file=sys.stderr)
            return 2
        cases = [c for c in cases if c.id in args.id]
    try:
        failed = [c.id for c in cases if not _check(c, args.max_depth)]
    except ValueError as exc:  # a start no game has (players, edition, options) or an illegal prefix
        print(f"ragusa perft: {args.file}: {exc}", file=sys.stderr)
        return 2
    if failed:
        print(f"perft: {len(failed)} position(s) differ: {', '.join(failed)}")
        return 1
    print(f"perft: {len(cases)} position(s) match")
    return 0
