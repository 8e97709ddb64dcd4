"""Named sets of runs: `ragusa simulate --preset strength|balance|benchmark --out DIR`.

A preset is a list of ordinary runs, each in its own results file in `DIR` (`<name>.parquet`),
played one after the other with the command's workers and backend. Each file resumes like any
run: the same command again plays only the games not yet in it. When every run is complete the
preset's report is written (to `--report DIR`, by default the results directory):

* `strength`: the bots against each other (`ragusa.sim.strength`): `strength.md`, the head-to-head
  results with 95% Wilson intervals, the matrix of every bot against every other, the openskill
  ladder over all the games and each bot's CPU time per decision;
* `balance`: the seat advantage with `greedy` and with `expert` in every seat, 1 to 5 players
  (`ragusa.sim.balance`): `balance.md` and the plots of the "Is Ragusa balanced?" page;
* `benchmark` (`--bots SPEC`, a bot of your own): that bot on a fixed set of deals against the
  `expert` and against the `hard` level's search (`ragusa.sim.benchmark`): `benchmark.md`.

`strength` also takes `--bots SPEC`: the runs of that bot against each built-in one are added
(`with_candidate`), so it enters the head-to-head tables and the ladder.

The search bot plays with a CPU-time budget (`ismcts:0.5cpu`), so that other work on the machine
does not shorten its thinking; its games are the only ones that depend on the machine.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from types import MappingProxyType

import attrs

from ragusa.bots import level

from .games import RunConfig

__all__ = [
    "ANCHORS",
    "BENCHMARK_DEALS",
    "BENCHMARK_PLAYERS",
    "PRESETS",
    "SEARCH",
    "SEARCH_EXPERT",
    "SEED",
    "PresetRun",
    "benchmark",
    "label",
    "preset_runs",
    "with_candidate",
]

#: the run seed of every preset run (the earlier balance page's seed, so the greedy runs repeat it)
SEED = 2026
#: the search bot in the strength runs: half a CPU second a decision, guided by greedy (the default)
SEARCH = "ismcts:0.5cpu"
#: ... or the `hard` level's search: its options (the expert's guidance) with the same CPU budget
SEARCH_EXPERT = "+".join([SEARCH, *level("hard").spec.split("+")[1:]])


@attrs.frozen
class PresetRun:
    """One run of a preset: its results file's name (without `.parquet`), its config, its games."""

    name: str
    config: RunConfig
    games: int


def _pair(a: str, b: str, games: int, label_a: str, label_b: str) -> PresetRun:
    return PresetRun(f"{label_a}-{label_b}-2p", RunConfig(SEED, 2, "2nd", (a, b)), games)


def _strength() -> tuple[PresetRun, ...]:
    """The bots against each other; every run uses the same seed, so the pairings play the same deals.
    A search seat costs about 20 CPU seconds a game (half a second for each of its ~40 choices), so
    its runs are short: 80 games of the expert-guided search (the `hard` level's search) and 16 of the
    greedy-guided one against the expert, 12 between the two searches, a few against greedy and random
    (raise a count here and the same command plays only the new games)."""
    short = {
        "random": "random",
        "greedy": "greedy",
        "expert": "expert",
        SEARCH: "search",
        SEARCH_EXPERT: "search+expert",
    }
    games = {
        ("expert", "greedy"): 1000,
        ("greedy", "random"): 200,
        ("expert", "random"): 200,
        (SEARCH, "random"): 10,
        (SEARCH, "expert"): 16,
        (SEARCH_EXPERT, "expert"): 80,
        (SEARCH_EXPERT, SEARCH): 12,
        (SEARCH, "greedy"): 4,
        (SEARCH_EXPERT, "greedy"): 4,
        (SEARCH_EXPERT, "random"): 2,
    }
    runs = [_pair(a, b, n, short[a], short[b]) for (a, b), n in games.items()]
    runs.insert(
        1,
        PresetRun("expert-greedy-4p", RunConfig(SEED, 4, "2nd", ("expert", "greedy", "greedy", "greedy")), 1000),
    )
    return tuple(runs)


def _balance() -> tuple[PresetRun, ...]:
    """Every seat the same bot, 10,000 games a mode, solo (1) to 5 players, greedy then expert."""
    return tuple(
        PresetRun(f"{bot}-p{players}", RunConfig(SEED, players, "2nd", (bot,)), 10_000)
        for bot in ("greedy", "expert")
        for players in range(1, 6)
    )


#: every preset by name
PRESETS: Mapping[str, tuple[PresetRun, ...]] = MappingProxyType({"strength": _strength(), "balance": _balance()})


def label(spec: str) -> str:
    """A bot spec as a file-name part: `mybot.py:make` -> `mybot-py-make`."""
    return re.sub(r"[^A-Za-z0-9+]+", "-", spec).strip("-") or "bot"


#: the games a bot of your own plays in the strength preset, against each built-in bot (2 players)
CANDIDATE_GAMES: Mapping[str, int] = MappingProxyType({"random": 50, "greedy": 100, "expert": 100, SEARCH_EXPERT: 16})


def with_candidate(runs: tuple[PresetRun, ...], bot: str) -> tuple[PresetRun, ...]:
    """The strength runs plus `bot` against each built-in bot, 2 players, on the same deals."""
    short = {SEARCH_EXPERT: "search+expert"}
    extra = tuple(
        _pair(bot, other, games, label(bot), short.get(other, other)) for other, games in CANDIDATE_GAMES.items()
    )
    return runs + extra


#: the benchmark's player counts and its deals a player count against each opponent: every deal
#: is played once with the tested bot in each seat (the `expert` or the `hard` level's search in the others)
BENCHMARK_PLAYERS = (2, 3, 4)
BENCHMARK_DEALS: Mapping[str, int] = MappingProxyType({"expert": 50, SEARCH_EXPERT: 10})
#: the opponents' ratings on the strength table's scale (its openskill ladder: mu, sigma), which the
#: benchmark holds fixed while it rates the tested bot (a test checks them against the table's runs)
ANCHORS: Mapping[str, tuple[float, float]] = MappingProxyType({"expert": (36.4, 1.94), SEARCH_EXPERT: (39.3, 2.32)})


def benchmark(bot: str, players: tuple[int, ...] = BENCHMARK_PLAYERS) -> tuple[PresetRun, ...]:
    """The benchmark's runs for `bot`: per opponent and player count, the deals `0 .. D-1` of the
    seed `SEED`, each played `players` times, `bot` in each seat in turn (`RunConfig.repeat`)."""
    short = {"expert": "expert", SEARCH_EXPERT: "hard"}
    return tuple(
        PresetRun(
            f"{label(bot)}-vs-{short[opponent]}-{p}p",
            RunConfig(SEED, p, "2nd", (bot,) + (opponent,) * (p - 1), repeat=p),
            deals * p,
        )
        for opponent, deals in BENCHMARK_DEALS.items()
        for p in players
    )


def preset_runs(name: str, bot: str | None = None, players: int | None = None) -> tuple[PresetRun, ...]:
    """The runs of preset `name`; `bot`: the bot of your own (`benchmark` needs one, `strength` adds
    its runs); `players`: the benchmark's runs of that player count only."""
    if name == "benchmark":
        if bot is None:
            raise ValueError("--preset benchmark needs --bots SPEC: the bot to measure")
        return benchmark(bot, BENCHMARK_PLAYERS if players is None else (players,))
    runs = PRESETS[name]
    return runs if bot is None else with_candidate(runs, bot)
