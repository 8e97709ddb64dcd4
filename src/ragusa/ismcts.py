"""A search bot: information-set Monte Carlo tree search over determinizations.

Single-observer ISMCTS (Cowling, Powley and Whitehouse, 2012). The bot sees only
`view(state, seat)`; every iteration draws a full state consistent with that view
(`ragusa.ai.determinize`), walks one shared tree keyed by action ids in
that state, and scores the leaf. Choices are a function of the view and the bot's own
generator: two states with the same view give the same choice for the same seed.

What keeps it strong at a small budget:

* **Priors from a heuristic bot.** When a node is expanded (its second visit), each legal action
  is scored one action ahead for the acting seat by the heuristic (`SearchConfig.heuristic`): the
  greedy bot's `ragusa.heuristics.greedy.evaluate`, or the expert's judgement of the position at
  the end of the turn (`ragusa.heuristics.expert`); only the best `width` are searched, best
  first (`opponent_width`, default 1, at the other seats' decisions: the search follows their
  likeliest reply and reaches deeper). Another determinization whose legal actions include none
  of them (a hidden Rector hand, say) adds its own best.
* **A heuristic cut-off instead of random playouts.** A new leaf is scored at once: for every
  seat, its estimated final VP by the same heuristic minus the best other seat's, squashed to
  0..1 with `tanh(margin / scale)`. Finished games are scored from the real scores the same way.
  Optionally `rollout` decisions or `playout` placements of the heuristic's bot are played first.
* **Availability counts.** A child's exploration term counts the iterations in which it was
  legal, as ISMCTS requires when the legal actions differ between determinizations.

The budget is `iterations`, `seconds` or `cpu_seconds` (whichever ends first, when several are
given). A time budget is a limit: an iteration starts only if one as long as the longest so far
still ends within it.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence

import attrs

from ragusa.ai.determinization import determinize
from ragusa.ai.ids import action_id
from ragusa.contract.views import PlayerView, view
from ragusa.core.actions import Action, DrawBonus
from ragusa.core.state import GameState, Phase
from ragusa.heuristics.driver import Bot
from ragusa.heuristics.expert import ExpertBot, Judge, finish_turn
from ragusa.heuristics.expert import worth as expert_worth
from ragusa.heuristics.greedy import GreedyBot, evaluate
from ragusa.heuristics.greedy import worth as greedy_worth
from ragusa.heuristics.outlook import outlooks
from ragusa.rules.legal import legal_actions
from ragusa.rules.queries import is_terminal
from ragusa.rules.resolution import apply

__all__ = ["Analysis", "Considered", "ISMCTSBot", "SearchConfig", "analyse", "from_spec", "search"]


@attrs.frozen
class SearchConfig:
    """The search's budget and knobs (defaults tuned on 2- and 4-player games against greedy)."""

    #: iterations per decision (None: only ``seconds`` limits)
    iterations: int | None = 200
    #: wall-clock seconds per decision (None: only ``iterations`` limits)
    seconds: float | None = None
    #: UCB exploration constant (values are 0..1)
    exploration: float = 0.4
    #: actions searched per node, best prior first
    width: int = 6
    #: the same at the other seats' decisions (None: ``width``); 1 follows each opponent's best
    #: reply by the greedy estimate, which searches deeper (measured better in 2p and 4p)
    opponent_width: int | None = 1
    #: VP margin that reads as a clear lead: leaf value 0.5 + 0.5 * tanh(margin / scale)
    scale: float = 8.0
    #: greedy decisions played after a new leaf before it is scored
    rollout: int = 0
    #: before scoring a leaf, let the greedy bot finish the turn in progress (up to the next
    #: placement decision), so that leaves are compared at the same point of a turn
    settle: bool = False
    #: placements played by greedy bots after a new leaf before it is scored (0: none; a
    #: round is one per seat; a large number plays to the end of the game)
    playout: int = 0
    #: the rivals' mark a seat's margin is taken over: 1 = the best other seat, 0 = their mean
    rival_max: float = 1.0
    #: walk through the other seats' decisions (with ``opponent_width`` 1: their greedy replies)
    #: within one iteration, so that every leaf is one of the viewer's own decisions
    chain: bool = False
    #: CPU seconds per decision (`time.process_time`), a cap on top of the other limits; like
    #: ``seconds``, an iteration starts only if one as long as the longest so far fits
    cpu_seconds: float | None = None
    #: the bot whose judgement guides the search: ``"greedy"`` (`ragusa.heuristics.greedy.evaluate`
    #: one step ahead) or ``"expert"`` (`ragusa.heuristics.expert`: each action played to the end of
    #: the turn and judged by the end game); it gives the priors, the leaf values and the playouts
    heuristic: str = "greedy"

    def __attrs_post_init__(self) -> None:
        if self.heuristic not in HEURISTICS:
            raise ValueError(f"heuristic must be one of {', '.join(HEURISTICS)}; got {self.heuristic!r}")


#: the bots a search can be guided by
HEURISTICS: tuple[str, ...] = ("greedy", "expert")
#: the expert's judgement, as the expert bot uses it
_JUDGE = Judge()


@attrs.define
class _Child:
    visits: int = 0
    value: float = 0.0
    available: int = 0
    prior: float = 0.0


@attrs.define
class _Node:
    visits: int = 0
    #: action id -> statistics, best prior first once expanded
    children: dict[int, _Child] = attrs.Factory(dict)
    expanded: bool = False
    next: dict[int, _Node] = attrs.Factory(dict)


def _one_step(state: GameState, seat: int, a: Action, heuristic: str) -> float:
    return expert_worth(state, seat, a, _JUDGE) if heuristic == "expert" else greedy_worth(state, seat, a)


def _expand(node: _Node, state: GameState, legal: dict[int, Action], width: int, heuristic: str) -> None:
    """Add the best `width` of `legal` by the heuristic's estimate one action ahead (those not there yet)."""
    seat = state.seat
    assert seat is not None
    scored: list[tuple[float, int]] = []
    for i, a in legal.items():
        if i in node.children:
            continue
        if state.phase == Phase.RECTOR_DRAW and type(a) is DrawBonus:
            scored.append((math.inf, i))  # as the greedy bot: drawing never costs VP
            continue
        scored.append((_one_step(state, seat, a, heuristic), i))
    scored.sort(key=lambda t: -t[0])
    for p, i in scored[:width]:
        node.children[i] = _Child(prior=p)
    node.expanded = True


def _select(node: _Node, legal: dict[int, Action], c: float) -> int:
    """UCB over the node's children legal here; an unvisited one first, best prior first."""
    best_id = -1
    best = -math.inf
    for i, ch in node.children.items():
        if i not in legal:
            continue
        ch.available += 1
        if ch.visits == 0:
            score = 1e9 + ch.prior if ch.prior != math.inf else 2e9
        else:
            score = ch.value / ch.visits + c * math.sqrt(math.log(ch.available) / ch.visits)
        if score > best:
            best, best_id = score, i
    return best_id


def _margins(values: Sequence[float], scale: float, rival_max: float = 1.0) -> list[float]:
    out = []
    for s, v in enumerate(values):
        others = [x for t, x in enumerate(values) if t != s] or [0.0]
        other = rival_max * max(others) + (1 - rival_max) * sum(others) / len(others)
        out.append(0.5 + 0.5 * math.tanh((v - other) / scale))
    return out


#: at most this many greedy decisions to finish a turn (a turn has a handful)
_SETTLE_STEPS = 12


def _leaf(state: GameState, cfg: SearchConfig, bot: Bot, rng: random.Random, viewer: int) -> list[float]:
    for _ in range(cfg.rollout):
        if is_terminal(state):
            break
        state = apply(state, bot.choose(state, legal_actions(state), rng))
    steps = 0
    while cfg.settle and steps < _SETTLE_STEPS and not is_terminal(state) and state.phase != Phase.PLACE:
        state = apply(state, bot.choose(state, legal_actions(state), rng))
        steps += 1
    if cfg.playout > 0:
        stop = state.placements + cfg.playout
        while not is_terminal(state) and not (state.placements >= stop and state.phase == Phase.PLACE):
            state = apply(state, bot.choose(state, legal_actions(state), rng))
    if cfg.heuristic == "expert":
        state, extra = finish_turn(state, viewer, _JUDGE)
        values = [v + e for v, e in zip(outlooks(state, viewer, _JUDGE.weights), extra)]
    else:
        values = [evaluate(state, s) for s in range(state.n_players)]
    return _margins(values, cfg.scale, cfg.rival_max)


def _iterate(root: _Node, v: PlayerView, cfg: SearchConfig, rng: random.Random, bot: Bot) -> None:
    state = determinize(v, rng)
    node = root
    path: list[tuple[_Node, int, int]] = []
    while not is_terminal(state):
        seat = state.seat
        assert seat is not None
        if not (node.visits > 0 or node is root or (cfg.chain and seat != v.viewer)):
            break
        legal = {action_id(a): a for a in legal_actions(state)}
        if not node.expanded or not any(i in legal for i in node.children):
            own = seat == v.viewer or cfg.opponent_width is None
            _expand(node, state, legal, cfg.width if own else cfg.opponent_width or 1, cfg.heuristic)
        i = _select(node, legal, cfg.exploration)
        path.append((node, i, seat))
        state = apply(state, legal[i])
        node = node.next.setdefault(i, _Node())
    values = _leaf(state, cfg, bot, rng, v.viewer)
    node.visits += 1
    for n, i, seat in path:
        n.visits += 1
        ch = n.children[i]
        ch.visits += 1
        ch.value += values[seat]


@attrs.frozen
class Considered:
    """A move the search weighed at its root: `value` is its mean leaf value, the viewer's expected
    result share from 0 to 1 (0.5 + 0.5 * tanh(VP margin over the best rival / scale)), over `visits`."""

    action: Action
    value: float
    visits: int


@attrs.frozen
class Analysis:
    """What a search found: the moves it weighed, best first (most visited, then best value), and
    the iterations it ran."""

    moves: tuple[Considered, ...]
    iterations: int


def analyse(
    v: PlayerView, rng: random.Random, cfg: SearchConfig = SearchConfig(), stop: Callable[[], bool] | None = None
) -> Analysis:
    """Search `v` (its viewer must decide) within `cfg`'s budget, or until `stop()` says so (checked
    between iterations; the first always runs), and rank the moves weighed at the root. Reads only
    the view: every iteration draws the hidden parts (`ragusa.ai.determinize`)."""
    if v.seat != v.viewer or not v.legal_actions:
        raise ValueError(f"seat {v.viewer} does not decide in this view")
    root, done = _run(v, rng, cfg, stop)
    by_id = {action_id(a): a for a in v.legal_actions}
    ranked = sorted(
        (i for i in root.children if i in by_id),
        key=lambda i: (root.children[i].visits, root.children[i].value),
        reverse=True,
    )
    moves = tuple(
        Considered(by_id[i], root.children[i].value / max(root.children[i].visits, 1), root.children[i].visits)
        for i in ranked
    )
    return Analysis(moves, done)


def _run(v: PlayerView, rng: random.Random, cfg: SearchConfig, stop: Callable[[], bool] | None) -> tuple[_Node, int]:
    root = _Node()
    bot: Bot = ExpertBot(_JUDGE) if cfg.heuristic == "expert" else GreedyBot()
    deadline = None if cfg.seconds is None else time.perf_counter() + cfg.seconds
    cpu_deadline = None if cfg.cpu_seconds is None else time.process_time() + cfg.cpu_seconds
    # a time budget is a limit, not a target: an iteration starts only if one as long as the
    # longest so far still ends within it (the first one always runs)
    longest_wall = longest_cpu = 0.0
    done = 0
    while cfg.iterations is None or done < cfg.iterations:
        wall, cpu = time.perf_counter(), time.process_time()
        if done and (
            (deadline is not None and wall + longest_wall > deadline)
            or (cpu_deadline is not None and cpu + longest_cpu > cpu_deadline)
            or (stop is not None and stop())
        ):
            break
        _iterate(root, v, cfg, rng, bot)
        done += 1
        longest_wall = max(longest_wall, time.perf_counter() - wall)
        longest_cpu = max(longest_cpu, time.process_time() - cpu)
        if cfg.iterations is None and deadline is None and cpu_deadline is None:
            break
    return root, done


def search(v: PlayerView, rng: random.Random, cfg: SearchConfig = SearchConfig()) -> Action:
    """The action the search picks for `v`'s viewer, who must be the deciding seat."""
    if v.seat != v.viewer or not v.legal_actions:
        raise ValueError(f"seat {v.viewer} does not decide in this view")
    if len(v.legal_actions) == 1:
        return v.legal_actions[0]
    root, _ = _run(v, rng, cfg, None)
    by_id = {action_id(a): a for a in v.legal_actions}
    best = max(
        (i for i in root.children if i in by_id),
        key=lambda i: (root.children[i].visits, root.children[i].value),
    )
    return by_id[best]


class ISMCTSBot:
    """The search as a bot (`ragusa.bots.Bot`): reads only the deciding seat's view."""

    name = "ismcts"

    def __init__(self, config: SearchConfig = SearchConfig()) -> None:
        self.config = config

    def choose(self, state: GameState, actions: Sequence[Action], rng: random.Random) -> Action:
        seat = state.seat
        assert seat is not None
        return search(view(state, seat), random.Random(rng.getrandbits(64)), self.config)


#: the search options a spec may set after its budget (`from_spec`), and how each is read
_SPEC_OPTIONS: dict[str, str] = {
    "iterations": "int",
    "seconds": "float",
    "cpu": "float",
    "exploration": "float",
    "width": "int",
    "opponent_width": "int",
    "scale": "float",
    "rollout": "int",
    "settle": "bool",
    "playout": "int",
    "rival_max": "float",
    "chain": "bool",
    "heuristic": "str",
}
_BUDGET_HELP = (
    "ismcts takes a budget: a number of iterations (ismcts:200), wall seconds (ismcts:0.5s) or CPU seconds "
    "(ismcts:0.5cpu)"
)


def _budget(token: str) -> dict[str, object]:
    try:
        if token.endswith("cpu"):
            value: float = float(token[:-3])
            key = "cpu_seconds"
        elif token.endswith("s"):
            value, key = float(token[:-1]), "seconds"
        else:
            value, key = int(token), "iterations"
        if not value > 0 or not math.isfinite(value):
            raise ValueError
    except ValueError:
        raise ValueError(f"{_BUDGET_HELP}; got {token!r}") from None
    budget: dict[str, object] = {"iterations": None, "seconds": None, "cpu_seconds": None}
    budget[key] = value
    return budget


def _option(item: str) -> tuple[str, object]:
    key, eq, text = item.partition("=")
    kind = _SPEC_OPTIONS.get(key)
    if kind is None:
        raise ValueError(f"unknown ismcts option {key!r}; options: {', '.join(_SPEC_OPTIONS)}")
    if kind == "bool" and not eq:
        return key, True
    try:
        if kind == "bool":
            if text not in ("0", "1", "true", "false"):
                raise ValueError
            return key, text in ("1", "true")
        if kind == "int":
            return key, int(text)
        if kind == "float":
            return key, float(text)
    except ValueError:
        raise ValueError(
            f"ismcts option {key} takes {'0 or 1' if kind == 'bool' else 'a number'}; got {text!r}"
        ) from None
    return key, text


def from_spec(arg: str | None = None, /) -> ISMCTSBot:
    """The bot for a spec's argument (none: the defaults). The argument is a budget, `200`
    (iterations), `0.5s` (wall seconds) or `0.5cpu` (CPU seconds), then options joined by `+`,
    each `name=value` of `SearchConfig` (`cpu` for `cpu_seconds`; `settle` and `chain` alone mean
    on), e.g. `0.5s+heuristic=expert` or `600+cpu=0.95+playout=99`."""
    if not arg:
        return ISMCTSBot()
    first, *rest = arg.split("+")
    fields: dict[str, object] = {}
    if "=" in first:
        rest = [first, *rest]
    else:
        fields.update(_budget(first))
    for item in rest:
        key, value = _option(item)
        fields["cpu_seconds" if key == "cpu" else key] = value
    try:
        return ISMCTSBot(SearchConfig(**fields))  # type: ignore[arg-type]
    except (TypeError, ValueError) as exc:
        raise ValueError(f"ismcts:{arg}: {exc}") from None
