"""The `ragusa` command line.

Subcommands:

    ragusa play --players N [--seed S] [--edition 1st|2nd] [--bot NAME] [--level easy|medium|hard] [--bots SPECS] [--human SEAT ...] [--strict]
    ragusa bench [--games N] [--players 4] [--seed S] [--profile]
    ragusa perft [FILE] [--max-depth N] [--id ID]
    ragusa explain POSITION [ACTION]
    ragusa clause ID [--tests DIR]
    ragusa --version

Adding a subcommand
-------------------
Each subcommand is one entry of `COMMANDS`: `(name, help, configure, handler)`.
`configure(subparser)` adds its arguments to an `argparse.ArgumentParser`;
`handler(args) -> int` runs it and returns the exit code (0 success, 2 usage error,
1 other failure). To add e.g. `replay`, write `_configure_replay` and `_replay` (or
import them from another module) and append one line to `COMMANDS`:

    Command("replay", "replay a recorded game", _configure_replay, _replay),

`build_parser` builds the parser and the `{name: handler}` dict from that list;
`main` parses `argv` and calls the chosen handler.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
from collections.abc import Callable, Sequence
from typing import NamedTuple

import ragusa.bench as bench
import ragusa.bench.perft as perft
from ragusa._version import __version__
from ragusa.bots import BOTS, LEVELS, Bot, level, make_bots, play
from ragusa.cli import contract as cli_contract
from ragusa.cli import embed as cli_embed
from ragusa.cli import explain as cli_explain
from ragusa.core.actions import Action
from ragusa.core.errors import InvalidInputError
from ragusa.core.events import Event
from ragusa.core.rng import fresh_seed
from ragusa.core.state import EDITIONS, GameState, Options
from ragusa.rules.game import new_game, new_solo_game
from ragusa.sim import commands as sim_commands
from ragusa.spec import __main__ as spec_main
from ragusa.text.log import (
    describe_event,
    describe_result,
    describe_setup,
    describe_step,
)

__all__ = ["COMMANDS", "Command", "Handler", "build_parser", "main"]

#: a subcommand's body: parsed arguments in, exit code out
Handler = Callable[[argparse.Namespace], int]


class Command(NamedTuple):
    """One subcommand: its name, one-line help, a function adding its arguments, and its handler."""

    name: str
    help: str
    configure: Callable[[argparse.ArgumentParser], None]
    handler: Handler


# --------------------------------------------------------------------------- play


def _configure_play(p: argparse.ArgumentParser) -> None:
    p.add_argument("--players", type=int, required=True, help="number of players, 2 to 5; 1 is the solo game (SOLO)")
    p.add_argument(
        "--seed",
        type=int,
        default=None,
        help="game seed; the bots' generator is seeded from it too (default: 128 bits from the OS, printed)",
    )
    p.add_argument("--edition", choices=EDITIONS, default="2nd", help="rulebook edition (default 2nd)")
    p.add_argument("--bot", choices=sorted(BOTS), default="greedy", help="the bot playing every seat (default greedy)")
    p.add_argument(
        "--level",
        choices=[lv.name for lv in LEVELS],
        help="the level of every bot seat: "
        + "; ".join(f"{lv.name} = {lv.spec}, {lv.budget}" for lv in LEVELS)
        + "; overrides --bot",
    )
    p.add_argument(
        "--bots",
        metavar="SPECS",
        help="bots by spec, one per seat in seat order or one for all, e.g. ismcts:200,expert,random "
        "(ismcts:N = N search iterations per decision, ismcts:0.5s = half a second; a level name is a spec "
        "too); overrides --bot and --level",
    )
    p.add_argument("--strict", action="store_true", help="R-3 strict: Market/Wharf need a commodity already held")
    p.add_argument(
        "--solo-human-first", action="store_true", help="solo easier variant (SOLO-3): the human plays first"
    )
    p.add_argument(
        "--solo-easier-rector",
        action="store_true",
        help="solo easier variant (SOLO-5): bots score the better card of each Rector pair",
    )
    p.add_argument(
        "--solo-harder", action="store_true", help="solo harder variant (SOLO-8): the human takes the top Rector card"
    )
    p.add_argument(
        "--human",
        nargs="+",
        metavar="SEAT",
        default=None,
        help="play these seats yourself at the terminal, numbered from 1 as the game's text numbers them "
        "(e.g. --human 1, --human 1 3); the others are --bot, "
        "or --bots (one for all, or one per other seat in seat order)",
    )
    p.add_argument(
        "--powerhouse-any-hex",
        action="store_true",
        help="R-9 literal: one powerhouse per hex, country and sea hexes too",
    )


def _humans(values: list[str], players: int) -> list[int] | None:
    """The seat indices (from 0) of `--human`'s seat numbers, which count from 1 as the game's text does."""
    try:
        seats = sorted({int(x) for v in values for x in v.split(",") if x})
    except ValueError:
        return None
    return [s - 1 for s in seats] if seats and all(1 <= s <= max(players, 1) for s in seats) else None


def _specs(args: argparse.Namespace) -> str:
    """The one bot spec of every bot seat: the level's, else `--bot`."""
    return str(args.bot) if args.level is None else level(args.level).spec


def _play(args: argparse.Namespace) -> int:
    if args.seed is None:
        args.seed = fresh_seed()
    options = Options(
        strict=args.strict,
        solo_human_first=args.solo_human_first,
        solo_easier_rector=args.solo_easier_rector,
        solo_harder=args.solo_harder,
        powerhouse_any_hex=args.powerhouse_any_hex,
    )
    if args.human is not None:
        from ragusa.service.terminal import play as play_terminal

        humans = _humans(args.human, args.players)
        if humans is None:
            print(f"ragusa play: --human takes seat numbers 1 to {max(args.players, 1)}", file=sys.stderr)
            return 2
        return play_terminal(
            args.players,
            humans,
            seed=args.seed,
            bot=_specs(args) if args.bots is None else [p.strip() for p in args.bots.split(",")],
            edition=args.edition,
            options=options,
            inp=sys.stdin,
            out=sys.stdout,
        )
    opening: list[Event] = []  # solo: the bots' turns before the human's first decision
    try:
        if args.players == 1:
            state = new_solo_game(args.seed, args.edition, options, opening)
        else:
            state = new_game(args.players, seed=args.seed, edition=args.edition, options=options)
    except ValueError as exc:
        print(f"ragusa play: {exc}", file=sys.stderr)
        return 2
    specs = args.bots if args.bots is not None else _specs(args)
    try:
        bots: list[Bot] = make_bots(specs, 1 if state.solo is not None else state.n_players, imports=True)
    except ValueError as exc:
        print(f"ragusa play: {exc}", file=sys.stderr)
        return 2
    if len(bots) < state.n_players:
        bots = bots * state.n_players  # solo: the one deciding seat's bot (the Patrician's bots play themselves)
    strict = ", strict R-3" if args.strict else ""
    name = f"level {args.level} ({specs})" if args.level is not None and args.bots is None else specs
    who = "every seat: " + name if "," not in specs else "seats: " + ", ".join(s.strip() for s in specs.split(","))
    if state.solo is None:
        print(f"Ragusa: {state.n_players} players, seed {args.seed}, {state.edition} edition{strict}, {who} bot")
    else:
        print(f"Ragusa solo, seed {args.seed}, {state.edition} edition{strict}: the {name} bot plays the human seat")
    for line in describe_setup(state):
        print(line)
    if opening:
        print("Round 1 opens with the Patrician's bots (their houses are among those above):")
        for event in opening:
            text = describe_event(event, state)
            if text is not None:
                print("    " + text)

    def show(before: GameState, action: Action, after: GameState, events: tuple[Event, ...]) -> None:
        for line in describe_step(before, action, after, events):
            print(line)

    final = play(state, bots, random.Random(args.seed), on_step=show)
    for line in describe_result(final):
        print(line)
    return 0


# --------------------------------------------------------------------------- bench


def _bench(args: argparse.Namespace) -> int:
    return bench.run(args)


# --------------------------------------------------------------------------- engine


def _configure_engine(p: argparse.ArgumentParser) -> None:
    from ragusa.service.engine import configure

    configure(p)


def _engine(args: argparse.Namespace) -> int:
    from ragusa.service.engine import run

    return run(seed=args.seed)


def _configure_serve(p: argparse.ArgumentParser) -> None:
    from ragusa.web.serve import configure

    configure(p)


def _serve(args: argparse.Namespace) -> int:
    from ragusa.web.serve import run

    return run(args)


# --------------------------------------------------------------------------- the parser

#: every subcommand, in the order `ragusa --help` lists them (append new ones here)
COMMANDS: list[Command] = [
    Command("play", "play a whole game with the built-in bots and print the log", _configure_play, _play),
    Command("bench", "time random playouts (decisions/s, legal_actions, apply, per game)", bench.add_arguments, _bench),
    Command(
        "perft", "count legal action sequences from fixed positions (exactness check)", perft.add_arguments, perft.run
    ),
    Command(
        "clause",
        "print a rule clause, the functions that implement it and the tests that check it",
        spec_main.configure_show,
        spec_main.show,
    ),
    # the JSON contract (ragusa.cli.contract): schemas, records, and the engine for non-Python programs
    Command("schema", "print the JSON Schema of a document", cli_contract.configure_schema, cli_contract.run_schema),
    Command(
        "replay",
        "replay a game record: the log and the final scores",
        cli_contract.configure_record,
        cli_contract.run_replay,
    ),
    Command(
        "verify",
        "check a game record: the first illegal action, or the final scores",
        cli_contract.configure_record,
        cli_contract.run_verify,
    ),
    Command(
        "legal", "print the deciding seat's legal actions (JSON)", cli_contract.configure_legal, cli_contract.run_legal
    ),
    Command(
        "apply",
        "apply an action to a state and print the next state (JSON)",
        cli_contract.configure_apply,
        cli_contract.run_apply,
    ),
    Command(
        "view", "print what one seat may know of a state (JSON)", cli_contract.configure_view, cli_contract.run_view
    ),
    Command(
        "explain",
        "settle a dispute: a position's legal actions, or whether an action is legal and why",
        cli_explain.configure_explain,
        cli_explain.run_explain,
    ),
    Command("serve", "play in the browser: a local web app (needs the web extra)", _configure_serve, _serve),
    Command("engine", "the JSON protocol as JSON lines on stdin/stdout (ragusa.service)", _configure_engine, _engine),
    # where user interfaces run (ragusa.embed): the browser and Node.js through Pyodide; one executable
    Command(
        "export-web",
        "write a static site that plays in the browser, and ragusa.mjs for Node.js",
        cli_embed.configure_export,
        cli_embed.run_export,
    ),
    Command(
        "bundle-engine",
        "build ragusa engine as one executable (needs the bundle extra: PyInstaller)",
        cli_embed.configure_bundle,
        cli_embed.run_bundle,
    ),
    # simulation at scale (ragusa.sim; the handlers need the sim extra)
    Command(
        "simulate",
        "play many games in parallel and write one row per seat (Parquet)",
        sim_commands.configure_simulate,
        sim_commands.run_simulate,
    ),
    Command(
        "report",
        "write an HTML report with plots from a simulate results file",
        sim_commands.configure_report,
        sim_commands.run_report,
    ),
]


def build_parser() -> tuple[argparse.ArgumentParser, dict[str, Handler]]:
    """The `ragusa` argument parser and the handler of each subcommand, by name (see the module docs)."""
    parser = argparse.ArgumentParser(
        prog="ragusa", description="Ragusa rules library: play games with the built-in bots, benchmark the engine."
    )
    parser.add_argument("--version", action="version", version=f"ragusa {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    handlers: dict[str, Handler] = {}
    for cmd in COMMANDS:
        p = sub.add_parser(cmd.name, help=cmd.help, description=cmd.help)
        cmd.configure(p)
        handlers[cmd.name] = cmd.handler
    return parser, handlers


def main(argv: Sequence[str] | None = None) -> int:
    """Run `ragusa` with `argv` (default `sys.argv[1:]`); returns the exit code."""
    parser, handlers = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        parser.print_help()
        return 2
    try:
        return handlers[args.command](args)
    except InvalidInputError as exc:  # every reader reports its own; this is the last line of defence
        print(f"ragusa {args.command}: invalid input: {exc.path}: {exc.explanation}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # e.g. ``ragusa play ... | head``: stop quietly
        try:
            sys.stdout = open(os.devnull, "w")
        except OSError:
            pass
        return 1


if __name__ == "__main__":
    sys.exit(main())
