"""Analysis: what a bot would play for a seat, and how good it thinks each move is (op `analyse`).

The analyst reads only what the seat may see: the search (`ragusa.ismcts.analyse`) draws the
hidden parts afresh at every iteration, and the expert and greedy bots judge every legal action
on one position drawn from the seat's view (`ragusa.ai.determinize`), never on the real one.
Each move's `value` is the bot's own estimate, best first:

* the search (`ismcts`, the `hard` level): the seat's expected result share from 0 to 1 (0.5 +
  0.5 * tanh(its VP margin over the best rival / 8)), averaged over the iterations that tried it;
  `visits` says how many did, and the moves are ranked by visits, then value;
* the expert (`expert`, the `medium` level): its estimate of the seat's final VP less a share of
  the best rival's, after the rest of the turn (a VP margin);
* the greedy bot (`greedy`, the `easy` level): its estimate of the seat's final VP one action ahead.

The same game, seat, bot, budget in iterations and seed give the same answer.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import attrs

from ragusa.ai.determinization import determinize
from ragusa.bots import LEVELS, make_bot
from ragusa.contract.serialization import action_to_data
from ragusa.contract.views import PlayerView
from ragusa.core.actions import Action
from ragusa.heuristics.expert import ExpertBot
from ragusa.heuristics.expert import worth as expert_worth
from ragusa.heuristics.greedy import GreedyBot
from ragusa.heuristics.greedy import worth as greedy_worth
from ragusa.ismcts import ISMCTSBot
from ragusa.ismcts import analyse as search_analyse
from ragusa.text.notation import format_action

__all__ = ["ANALYSTS", "MAX_ITERATIONS", "MAX_MS", "Move", "Runner", "analyse", "run"]

#: the bots that can analyse (besides the levels, which play one of them)
ANALYSTS: tuple[str, ...] = ("ismcts", "expert", "greedy")
#: the largest budgets an analysis accepts
MAX_ITERATIONS = 100_000
MAX_MS = 60_000


@attrs.frozen
class Move:
    """One move an analysis weighed: its value by the bot's estimate, and (the search) its visits."""

    action: Action
    value: float
    visits: int | None = None

    def to_data(self) -> dict[str, Any]:
        """The move as the protocol answers it: its action as JSON and in notation, its value (and visits)."""
        out = {"action": action_to_data(self.action), "text": format_action(self.action), "value": self.value}
        return out if self.visits is None else {**out, "visits": self.visits}


def analyst(spec: str, any_spec: bool) -> ISMCTSBot | ExpertBot | GreedyBot:
    """The bot a request names: a level, or one of `ANALYSTS` (with `any_spec`, any spec of them)."""
    name = spec.partition(":")[0]
    known = {lv.name for lv in LEVELS} | set(ANALYSTS)
    if spec not in known and not (any_spec and name in ANALYSTS):
        raise ValueError(f"an analysis is made by a level or a bot: one of {', '.join(sorted(known))}; not {spec!r}")
    bot = make_bot(spec)
    if not isinstance(bot, ISMCTSBot | ExpertBot | GreedyBot):  # pragma: no cover - the names above are these
        raise ValueError(f"{spec!r} cannot analyse")
    return bot


def analyse(
    v: PlayerView,
    bot: ISMCTSBot | ExpertBot | GreedyBot,
    budget: dict[str, int],
    rng: random.Random,
    stop: Callable[[], bool] | None = None,
) -> tuple[list[Move], int]:
    """The moves `bot` weighs for the viewer of `v` (who must decide), best first, and the iterations
    it ran (the search; 0 for the others). It is given the view, not the state: the hidden cards are
    not there to read. `budget` is `{"iterations": N}` or `{"ms": N}`: the search's limit (`stop()`
    may end it sooner); the expert and greedy bots judge every move."""
    seat = v.viewer
    if isinstance(bot, ISMCTSBot):
        limits: dict[str, Any] = {"iterations": budget.get("iterations"), "seconds": None, "cpu_seconds": None}
        if "ms" in budget:
            limits["seconds"] = budget["ms"] / 1000
        found = search_analyse(v, rng, attrs.evolve(bot.config, **limits), stop)
        return [Move(m.action, m.value, m.visits) for m in found.moves], found.iterations
    drawn = determinize(v, rng)
    if isinstance(bot, ExpertBot):
        scored = [Move(a, expert_worth(drawn, seat, a, bot.judge)) for a in v.legal_actions]
    else:
        scored = [Move(a, greedy_worth(drawn, seat, a)) for a in v.legal_actions]
    return sorted(scored, key=lambda m: -m.value), 0


def run(v: PlayerView, spec: str, any_spec: bool, budget: dict[str, int], seed: str) -> tuple[list[Move], int]:
    """`analyse` by the bot `spec` (see `analyst`), its draws seeded by `seed`: what a worker process
    runs (every argument and the answer can be pickled)."""
    return analyse(v, analyst(spec, any_spec), budget, random.Random(seed))


#: where a store's analyses run: called as `run` is; the web app's runs them in its worker processes
Runner = Callable[[PlayerView, str, bool, dict[str, int], str], tuple[list[Move], int]]
