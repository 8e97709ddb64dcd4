"""Every built-in bot by name, the levels a person picks an opponent from, and greedy against random.

A bot spec is a name, optionally with an argument after a colon:

* `random`, `greedy`, `expert` (`ragusa.heuristics`): no argument;
* `ismcts` (`ragusa.ismcts`): a budget, `ismcts:200` (iterations a decision), `ismcts:0.5s`
  (wall seconds) or `ismcts:0.5cpu` (CPU seconds), then search options joined by `+`, such as
  `ismcts:0.5s+heuristic=expert` (`ragusa.ismcts.from_spec` lists them);
* a level name, `easy`, `medium` or `hard` (`LEVELS`): the bot and budget of that level;
* a bot of your own, for local tools only (`make_bot(spec, imports=True)`: `ragusa simulate`, `ragusa play`
  without a person, the Gymnasium environments; never a spec from a request to a server):
  `module:factory` (a module on the Python path or in the current directory) or `path/to/file.py:factory`,
  optionally with an argument, `module:factory:ARG` (`factory("ARG")`). `factory` names a bot
  (anything with `choose`), or a callable (a class, a function) that returns one.

`make_bot(spec)` builds one; every bot module is imported here by name, so a bundler sees them
all. A bot is anything with `choose(state, actions, rng) -> Action` (`Bot`): bots draw randomness
only from the `rng` the caller passes, so a game played by bots is reproducible from the game seed
and the bots' seed. Compare greedy with random from the command line::

    python -m ragusa.bots compare --games 200 --players 4
"""

from __future__ import annotations

import argparse
import hashlib
import importlib
import importlib.util
import os
import random
import sys
import time
from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Protocol

import attrs

from ragusa import ismcts
from ragusa.core.state import Options
from ragusa.heuristics.driver import Bot, RandomBot, StepHook, play
from ragusa.heuristics.expert import ExpertBot
from ragusa.heuristics.greedy import TRADE_PENALTY, GreedyBot, evaluate
from ragusa.rules.game import new_game
from ragusa.rules.queries import scores, winners

__all__ = [
    "BOTS",
    "LEVELS",
    "TRADE_PENALTY",
    "Bot",
    "BotFactory",
    "CompareResult",
    "ExpertBot",
    "GreedyBot",
    "Level",
    "RandomBot",
    "StepHook",
    "bot_names",
    "compare",
    "evaluate",
    "level",
    "make_bot",
    "make_bots",
    "play",
]


class BotFactory(Protocol):
    """Makes a bot from a spec's argument: the text after `name:`, or None for a bare name."""

    def __call__(self, arg: str | None = None, /) -> Bot: ...


def _plain(name: str, cls: type[RandomBot] | type[GreedyBot] | type[ExpertBot]) -> BotFactory:
    def factory(arg: str | None = None, /) -> Bot:
        if arg is not None:
            raise ValueError(f"bot {name!r} takes no argument; got {name}:{arg}")
        return cls()

    return factory


#: every built-in bot by name (read-only): name -> factory of the spec's argument
BOTS: Mapping[str, BotFactory] = MappingProxyType(
    {
        "random": _plain("random", RandomBot),
        "greedy": _plain("greedy", GreedyBot),
        "expert": _plain("expert", ExpertBot),
        "ismcts": ismcts.from_spec,
    }
)


@attrs.frozen
class Level:
    """A level a person picks an opponent by: the bot spec it plays and what that costs a move."""

    name: str
    #: the bot spec (`make_bot`)
    spec: str
    #: the thinking time a move, in words
    budget: str
    #: one line for a person choosing
    description: str


#: the levels, easiest first: the one definition every front end lists (`ragusa play --level`, the
#: protocol's `info` and seat kinds, the web app)
LEVELS: tuple[Level, ...] = (
    Level("easy", "greedy", "about 1 ms a move", "the greedy bot: the best next step, no plan"),
    Level("medium", "expert", "about 2 ms a move", "the expert bot: plans for the end-game scoring, wastes nothing"),
    Level(
        "hard",
        "ismcts:0.5s+heuristic=expert+width=3",
        "0.5 s a move",
        "the search bot: half a second of tree search a move, guided by the expert",
    ),
)
_LEVELS: Mapping[str, Level] = MappingProxyType({lv.name: lv for lv in LEVELS})


def level(name: str) -> Level:
    """The level called `name`; `ValueError` naming the levels when there is none."""
    found = _LEVELS.get(name)
    if found is None:
        raise ValueError(f"unknown level {name!r}; choose from {', '.join(lv.name for lv in LEVELS)}")
    return found


def bot_names(extra: Mapping[str, BotFactory] | None = None) -> list[str]:
    """Every bot name `make_bot` knows (with `extra`'s), then the level names."""
    return sorted(set(BOTS) | set(extra or {})) + [lv.name for lv in LEVELS]


def make_bot(spec: str, extra: Mapping[str, BotFactory] | None = None, *, imports: bool = False) -> Bot:
    """A new bot from a spec (see the module docs). `extra` adds bots of your own by name: a spec
    `name:ARG` calls `extra[name]("ARG")`, a bare `name` calls `extra[name](None)`. Raises
    `ValueError` naming the problem.

    A bot is any object with `choose(state, actions, rng) -> Action`: `state` is the position
    (a `GameState`, its deciding seat `state.seat`), `actions` is `legal_actions(state)` (never empty),
    and the bot returns one of them. It draws every random number from `rng` (a `random.Random`), so
    a game is reproducible from the game's seed and the bots' seed; what it keeps between calls is
    its own business, but one bot object may play several seats of a game.

    `imports=True` (local tools only, never a spec from a request) also takes a bot of your own,
    `module:factory[:ARG]` or `path/to/file.py:factory[:ARG]`, importing that code: a built-in name
    before the first colon is always the built-in bot."""
    name, colon, arg = str(spec).strip().partition(":")
    if name in _LEVELS and not colon:
        return make_bot(_LEVELS[name].spec)
    factory = (extra or {}).get(name) or BOTS.get(name)
    if factory is not None and name:
        return factory(arg if colon else None)
    if imports and colon and name:
        return _own_bot(str(spec).strip(), name, arg)
    hint = "; a bot of your own (module:factory or file.py:factory) is taken by local tools only" if colon else ""
    raise ValueError(f"unknown bot {spec!r}; choose from {', '.join(bot_names(extra))}{hint}")


def make_bots(
    specs: str, seats: int, extra: Mapping[str, BotFactory] | None = None, *, imports: bool = False
) -> list[Bot]:
    """One bot per seat from comma-separated specs (`"ismcts:200,greedy"`); a single spec plays
    every seat. Raises `ValueError` when the count fits neither. `imports`: see `make_bot`."""
    parts = [p.strip() for p in specs.split(",")]
    if len(parts) == 1:
        return [make_bot(parts[0], extra, imports=imports)] * seats
    if len(parts) != seats:
        raise ValueError(f"--bots lists {len(parts)} bots for {seats} deciding seats; give 1 or {seats}")
    return [make_bot(p, extra, imports=imports) for p in parts]


def _own_bot(spec: str, target: str, rest: str) -> Bot:
    """The bot a spec `target:factory[:ARG]` names (see `make_bot`)."""
    attr, colon, arg = rest.partition(":")
    module = _module(spec, target)
    found = getattr(module, attr, None) if attr.isidentifier() else None
    if found is None:
        raise ValueError(f"bot {spec!r}: {target} has no {attr!r}")
    if colon:
        bot = found(arg)
    elif callable(getattr(found, "choose", None)) and not isinstance(found, type):
        bot = found
    elif callable(found):
        bot = found()
    else:
        raise ValueError(f"bot {spec!r}: {target}.{attr} is neither a bot nor a callable that makes one")
    if not callable(getattr(bot, "choose", None)):
        raise ValueError(
            f"bot {spec!r} gave {type(bot).__name__!r}, not a bot: a bot has a method choose(state, actions, rng)"
        )
    return bot  # type: ignore[no-any-return]


def _module(spec: str, target: str) -> object:
    """The module `target` names: a file (`*.py`, loaded once a path) or a module name, looked up on
    the Python path, then in the current directory."""
    if target.endswith(".py") or os.sep in target or "/" in target:
        path = os.path.abspath(target)
        name = "ragusa_bot_" + hashlib.sha256(path.encode()).hexdigest()[:16]
        if name in sys.modules:
            return sys.modules[name]
        found = importlib.util.spec_from_file_location(name, path) if os.path.isfile(path) else None
        if found is None or found.loader is None:
            raise ValueError(f"bot {spec!r}: no Python file {target}")
        module = importlib.util.module_from_spec(found)
        sys.modules[name] = module  # so that pickling its bots, and the next game's spec, find it
        try:
            found.loader.exec_module(module)
        except BaseException:
            del sys.modules[name]
            raise
        return module
    if not all(part.isidentifier() for part in target.split(".")):
        raise ValueError(f"unknown bot {spec!r}; a bot of your own is module:factory or path/to/file.py:factory")
    try:
        return importlib.import_module(target)
    except ModuleNotFoundError as exc:
        here = os.getcwd()
        if exc.name != target.split(".")[0] or here in sys.path:
            raise ValueError(f"bot {spec!r}: cannot import {target} ({exc})") from None
    sys.path.append(here)  # as `python -m` does, but after the installed packages
    try:
        return importlib.import_module(target)
    except ModuleNotFoundError as exc:
        raise ValueError(f"bot {spec!r}: cannot import {target} ({exc})") from None


# --------------------------------------------------------------------------- greedy vs random


@attrs.frozen
class CompareResult:
    games: int
    players: int
    #: average final VP of a greedy seat / a random seat
    greedy_vp: float
    random_vp: float
    #: share of games won by a greedy seat / a random seat (shared victories split evenly)
    greedy_wins: float
    random_wins: float
    #: wall-clock seconds for all games
    seconds: float

    def lines(self) -> list[str]:
        g, r = self.greedy_wins / self.games, self.random_wins / self.games
        return [
            f"{self.games} games, {self.players} players, greedy seats alternate (0,2,.. in even games; 1,3,.. in odd)",
            f"average VP per seat: greedy {self.greedy_vp:.2f}, random {self.random_vp:.2f} "
            f"(difference {self.greedy_vp - self.random_vp:+.2f})",
            f"games won: greedy {g:.1%}, random {r:.1%} (a shared victory split evenly)",
            f"time: {self.seconds:.1f} s ({1000 * self.seconds / max(self.games, 1):.0f} ms per game)",
        ]


def greedy_seats(game: int, players: int) -> tuple[int, ...]:
    """Seats played by the greedy bot in game number `game`: even seats in even games, odd seats in odd games."""
    return tuple(s for s in range(players) if s % 2 == game % 2)


def compare(
    games: int = 200, players: int = 4, *, seed: int = 0, edition: str = "2nd", options: Options | None = None
) -> CompareResult:
    """Play `games` seeded games, greedy seats (`greedy_seats`) against random ones."""
    greedy, rand = GreedyBot(), RandomBot()
    g_vp = r_vp = 0
    g_n = r_n = 0
    g_w = r_w = 0.0
    t0 = time.perf_counter()
    for k in range(games):
        gs = set(greedy_seats(k, players))
        bots: list[Bot] = [greedy if s in gs else rand for s in range(players)]
        final = play(new_game(players, seed=seed + k, edition=edition, options=options), bots, random.Random(seed + k))
        sc = scores(final)
        win = winners(final)
        for s in range(players):
            if s in gs:
                g_vp += sc[s]
                g_n += 1
            else:
                r_vp += sc[s]
                r_n += 1
        for s in win:
            if s in gs:
                g_w += 1 / len(win)
            else:
                r_w += 1 / len(win)
    return CompareResult(
        games=games,
        players=players,
        greedy_vp=g_vp / max(g_n, 1),
        random_vp=r_vp / max(r_n, 1),
        greedy_wins=g_w,
        random_wins=r_w,
        seconds=time.perf_counter() - t0,
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m ragusa.bots", description="The built-in bots.")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    cmp_ = sub.add_parser("compare", help="play greedy seats against random seats and report VP and wins")
    cmp_.add_argument("--games", type=int, default=200)
    cmp_.add_argument("--players", type=int, default=4, choices=range(2, 6), metavar="{2..5}")
    cmp_.add_argument("--seed", type=int, default=0, help="seed of the first game (game k uses seed + k)")
    cmp_.add_argument("--edition", choices=("1st", "2nd"), default="2nd")
    args = parser.parse_args(argv)
    result = compare(args.games, args.players, seed=args.seed, edition=args.edition)
    for line in result.lines():
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
