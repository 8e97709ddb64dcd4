"""Named sets of runs: `ragusa simulate --preset strength|balance --out DIR`.

A preset is a list of ordinary runs, each in its own results file in `DIR` (`<name>.parquet`),
played one after the other with the command's workers and backend. Each file resumes like any
run: the same command again plays only the games not yet in it. When every run is complete the
preset's report is written (to `--report DIR`, by default the results directory):

* `strength`: the bots against each other (`ragusa.sim.strength`): `strength.md`, the head-to-head
  results with 95% Wilson intervals, the matrix of every bot against every other, the openskill
  ladder over all the games and each bot's CPU time per decision;
* `balance`: the seat advantage with `greedy` and with `expert` in every seat, 1 to 5 players
  (`ragusa.sim.balance`): `balance.md` and the plots of the "Is Ragusa balanced?" page.

The search bot plays with a CPU-time budget (`ismcts:0.5cpu`), so that other work on the machine
does not shorten its thinking; its games are the only ones that depend on the machine.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

import attrs

from ragusa.bots import level

from .games import RunConfig

__all__ = ["PRESETS", "SEARCH", "SEARCH_EXPERT", "SEED", "PresetRun"]

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
