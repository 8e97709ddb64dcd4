"""Statistics over result rows: win rates with Wilson intervals, means by group, the rating ladder.

Rows are the dicts of `ragusa.sim.games` (one per game and seat).
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import Any

import attrs

from .games import Row

__all__ = [
    "Ladder",
    "Rate",
    "anchored_rating",
    "group_means",
    "ladder",
    "margins",
    "per_game",
    "wilson",
    "win_rates",
]

#: z for a two-sided 95% interval
Z95 = 1.959963984540054


def wilson(wins: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion `wins / n` (`(0, 1)` when `n == 0`)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


@attrs.frozen
class Rate:
    """Wins out of `n` rows, with the 95% Wilson interval."""

    key: Hashable
    wins: int
    n: int
    low: float
    high: float

    @property
    def rate(self) -> float:
        return self.wins / self.n if self.n else 0.0


def win_rates(rows: Sequence[Row], key: str) -> list[Rate]:
    """Win rate (the `winner` flag) per value of column `key`, sorted by that value."""
    wins: dict[Any, int] = defaultdict(int)
    n: dict[Any, int] = defaultdict(int)
    for r in rows:
        n[r[key]] += 1
        wins[r[key]] += bool(r["winner"])
    return [Rate(k, wins[k], n[k], *wilson(wins[k], n[k])) for k in sorted(n)]


def group_means(rows: Sequence[Row], key: str, columns: Sequence[str]) -> dict[Any, list[float]]:
    """Per value of column `key`: the mean of each of `columns`."""
    sums: dict[Any, list[float]] = defaultdict(lambda: [0.0] * len(columns))
    n: dict[Any, int] = defaultdict(int)
    for r in rows:
        acc = sums[r[key]]
        for i, c in enumerate(columns):
            acc[i] += r[c]
        n[r[key]] += 1
    return {k: [v / n[k] for v in sums[k]] for k in sorted(sums)}


def per_game(rows: Sequence[Row]) -> dict[Any, list[Row]]:
    """The rows of each game, by game index, seats in order."""
    games: dict[Any, list[Row]] = defaultdict(list)
    for r in sorted(rows, key=lambda r: (r["game"], r["seat"])):
        games[r["game"]].append(r)
    return dict(games)


def margins(bot: str, rows: Sequence[Row]) -> tuple[int, list[int]]:
    """Over the games of `rows` (`bot` in some seats, other bots in the rest): the games a seat of
    `bot` won (a shared victory counts), and per game `bot`'s best VP minus the best other seat's."""
    wins = 0
    out: list[int] = []
    for seats in per_game(rows).values():
        mine = [r for r in seats if r["bot"] == bot]
        others = [r for r in seats if r["bot"] != bot]
        wins += any(r["winner"] for r in mine)
        out.append(max(r["vp_total"] for r in mine) - max(r["vp_total"] for r in others))
    return wins, out


@attrs.frozen
class Ladder:
    """A bot's rating after every game: `mu` and `sigma` (openskill Plackett-Luce), games played."""

    bot: str
    mu: float
    sigma: float
    games: int

    @property
    def ordinal(self) -> float:
        """The conservative estimate `mu - 3 sigma` the ladder is sorted by."""
        return self.mu - 3 * self.sigma


def ladder(rows: Sequence[Row], model_factory: Callable[[], Any] | None = None) -> list[Ladder]:
    """Rate the bots with openskill's Plackett-Luce model, game by game (in game order), each
    seat a one-player team ranked by its `rank` column.

    A bot in several seats of one game (self-play) gets the sum of its seats' `mu` changes,
    and its variance shrinks by the product of their factors; seats of the same bot that beat
    one another cancel. Only games with at least two different bots are rated. Sorted best first.
    """
    if model_factory is None:
        from openskill.models import PlackettLuce

        model_factory = PlackettLuce
    model = model_factory()
    mu: dict[str, float] = {}
    sigma: dict[str, float] = {}
    played: dict[str, int] = defaultdict(int)
    for seats in per_game(rows).values():
        bots = [r["bot"] for r in seats]
        if len(set(bots)) < 2:
            continue
        for b in bots:
            if b not in mu:
                fresh = model.rating()
                mu[b], sigma[b] = fresh.mu, fresh.sigma
        teams = [[model.rating(mu=mu[b], sigma=sigma[b], name=b)] for b in bots]
        new = model.rate(teams, ranks=[r["rank"] for r in seats])
        dmu: dict[str, float] = defaultdict(float)
        var: dict[str, float] = {b: sigma[b] ** 2 for b in set(bots)}
        for b, team in zip(bots, new):
            dmu[b] += team[0].mu - mu[b]
            var[b] *= (team[0].sigma / sigma[b]) ** 2
        for b in set(bots):
            mu[b] += dmu[b]
            sigma[b] = math.sqrt(var[b])
            played[b] += 1
    out = [Ladder(b, mu[b], sigma[b], played[b]) for b in mu]
    return sorted(out, key=lambda x: (-x.ordinal, x.bot))


def anchored_rating(
    rows: Sequence[Row],
    bot: str,
    anchors: Mapping[str, tuple[float, float]],
    model_factory: Callable[[], Any] | None = None,
) -> Ladder:
    """`bot`'s openskill (Plackett-Luce) rating over the games of `rows`, in game order, every other
    bot held at its rating in `anchors` (mu, sigma): so `bot`'s rating is on the scale of the ladder
    the anchors come from. Each seat is a one-player team ranked by its `rank`; a game where `bot`
    holds several seats adds up their `mu` changes (as `ladder` does). Games without `bot` or with a
    bot not in `anchors` are skipped."""
    if model_factory is None:
        from openskill.models import PlackettLuce

        model_factory = PlackettLuce
    model = model_factory()
    fresh = model.rating()
    mu, sigma, games = fresh.mu, fresh.sigma, 0
    for seats in per_game(rows).values():
        bots = [r["bot"] for r in seats]
        if bot not in bots or any(b != bot and b not in anchors for b in bots):
            continue
        teams = [[model.rating(mu=mu, sigma=sigma) if b == bot else model.rating(*anchors[b])] for b in bots]
        new = model.rate(teams, ranks=[r["rank"] for r in seats])
        dmu, var = 0.0, sigma**2
        for b, team in zip(bots, new):
            if b == bot:
                dmu += team[0].mu - mu
                var *= (team[0].sigma / sigma) ** 2
        mu, sigma, games = mu + dmu, math.sqrt(var), games + 1
    return Ladder(bot, mu, sigma, games)
