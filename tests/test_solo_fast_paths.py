"""The solo fast paths decide exactly as the plain ones.

The solo bots explain themselves only when someone reads it: `apply` plays their choices without
wording them (and opens no trade window for a bot, R-16), `step` also reports each; both must reach
the same states. The bots' end trades weigh their bonus cards from the resources alone; that must
score as `bonus_scores` does on the traded state. The Mason's tie-break lengths come from one pass
over the ring; they must be the longest runs with each wall built."""

from __future__ import annotations

import itertools
import random

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ragusa import Options, apply, is_terminal, legal_actions, new_game, step
from ragusa.core.board import BOARD, RES_INDEX
from ragusa.core.components import COMPONENTS, RESOURCES
from ragusa.core.state import EMPTY, GameState
from ragusa.rules import scoring
from ragusa.rules.buildings import mason
from ragusa.rules.fish import TRADE_COST
from ragusa.rules.solo.scoring import bonus_scores, choose_end_trades, explain_end_trades

CARDS = {c.id: c for c in COMPONENTS.bonus_cards}
VARIANTS = (
    ("2nd", Options()),
    ("1st", Options()),
    ("2nd", Options(solo_easier_rector=True, solo_human_first=True)),
    ("1st", Options(solo_harder=True, solo_easier_rector=True)),
)


@pytest.mark.clause("SOLO-4", "SOLO-5")
def test_apply_and_step_reach_the_same_solo_states() -> None:
    """`step` (bots explained, events built) and `apply` (neither) give equal states all game long."""
    for k, (edition, options) in enumerate(VARIANTS):
        rng = random.Random(100 + k)
        state = new_game(1, seed=100 + k, edition=edition, options=options)
        while not is_terminal(state):
            acts = legal_actions(state)
            action = acts[rng.randrange(len(acts))]
            stepped, events = step(state, action)
            state = apply(state, action)
            assert stepped == state
            assert events


def _traded(state: GameState, seat: int, trades: dict[int, int]) -> GameState:
    p = state.players[seat]
    res = list(p.resources)
    for r, n in trades.items():
        res[r] += n
        res[0] -= n * TRADE_COST[RESOURCES[r]]
    after = attrs.evolve(p, resources=(res[0], res[1], res[2], res[3], res[4], res[5]))
    return attrs.evolve(state, players=tuple(after if i == seat else q for i, q in enumerate(state.players)))


def _with_fish(state: GameState, seat: int, fish: int) -> GameState:
    p = state.players[seat]
    after = attrs.evolve(p, resources=(fish, *p.resources[1:]))
    return attrs.evolve(state, players=tuple(after if i == seat else q for i, q in enumerate(state.players)))


def _end_trades_by_search(state: GameState, seat: int) -> tuple[str, ...]:
    """SOLO-7, R-16 as stated: with no fish card, the trades of its fish that make its resource
    cards score most (`bonus_scores` of the traded state), then fewest fish spent, then more of the
    earlier resource; none unless they score more than no trade."""
    p = state.players[seat]
    cards = [CARDS[c] for c in p.bonus_cards]
    if any(c.kind == "per_resource" and c.resource == "fish" for c in cards):
        return ()
    wanted = sorted({RES_INDEX[c.resource] for c in cards if c.kind == "per_resource" and c.resource is not None})
    fish = p.resources[0]
    best: tuple[int, int, tuple[int, ...]] | None = None
    for counts in itertools.product(*(range(fish // TRADE_COST[RESOURCES[r]] + 1) for r in wanted)):
        spent = sum(n * TRADE_COST[RESOURCES[r]] for r, n in zip(wanted, counts))
        if spent <= fish:
            traded = _traded(state, seat, dict(zip(wanted, counts)))
            key = (sum(vp for vp, _ in bonus_scores(traded, seat)), -spent, counts)
            best = key if best is None or key > best else best
    base = sum(vp for vp, _ in bonus_scores(state, seat))
    if best is None or best[0] <= base:
        return ()
    return tuple(RESOURCES[r] for r, n in zip(wanted, best[2]) for _ in range(n))


def _random_solo_game(seed: int, edition: str, options: Options) -> GameState:
    """A solo game played to its end with random choices of the person (seeded by `seed`)."""
    rng = random.Random(seed)
    state = new_game(1, seed=seed, edition=edition, options=options)
    while not is_terminal(state):
        acts = legal_actions(state)
        state = apply(state, acts[rng.randrange(len(acts))])
    return state


@pytest.mark.clause("SOLO-7", "R-16", "SOLO-5", "END-BONUS-1")
def test_bot_end_trades_are_those_a_search_over_traded_states_finds() -> None:
    """The bots' end trades weigh their bonus cards from the resources alone; they are
    the trades a search that scores each traded state with `bonus_scores` finds, for both bots at the
    end of solo games in every variant (their fish raised, so that trades are worth weighing)."""
    traded = 0
    for k, (edition, options) in enumerate(VARIANTS * 2):
        state = _random_solo_game(200 + k, edition, options)
        for seat in (1, 2):
            rich = _with_fish(state, seat, 12)  # enough fish for trades to be worth weighing
            expected = _end_trades_by_search(rich, seat)
            assert choose_end_trades(rich, seat) == expected
            traded += bool(expected)
    assert traded >= 4  # trades were found and compared, not only "no trade"


@pytest.mark.clause("SOLO-7", "R-16", "END-BONUS-1")
def test_end_trade_reasons_count_what_bonus_scores_scores() -> None:
    """The explained end trades name the trades chosen, and their reason's "bonus cards X -> Y VP" is
    what `bonus_scores` gives before and after them, for both bots at the end of solo games with 0
    to 12 fish."""
    traded = 0
    for k, (edition, options) in enumerate(VARIANTS):
        state = _random_solo_game(300 + k, edition, options)
        for seat in (1, 2):
            for fish in (0, 1, 2, 5, 12):
                rich = _with_fish(state, seat, fish)
                trades = choose_end_trades(rich, seat)
                decision, reason = explain_end_trades(rich, seat, trades)
                if not trades:
                    assert decision == "no trade" and reason.startswith("SOLO-7: ")
                    continue
                counts = {RES_INDEX[r]: trades.count(r) for r in trades}
                before = sum(vp for vp, _ in bonus_scores(rich, seat))
                after = sum(vp for vp, _ in bonus_scores(_traded(rich, seat, counts), seat))
                assert decision == "trade fish for " + ", ".join(trades)
                assert reason.endswith(f"scores most: bonus cards {before} -> {after} VP (+{after - before})")
                traded += 1
    assert traded >= 4


_WALL_STATES = st.sampled_from((EMPTY, 0, 1, 2))


@pytest.mark.clause("SOLO-5", "R-18", "END-WALL-1")
@settings(max_examples=300)
@given(
    walls=st.lists(_WALL_STATES, min_size=len(BOARD.wall_ids), max_size=len(BOARD.wall_ids)),
    ok=st.lists(st.booleans(), min_size=len(BOARD.ring_spots), max_size=len(BOARD.ring_spots)),
)
def test_mason_tie_lengths_are_the_longest_runs_with_each_wall(walls: list[int], ok: list[bool]) -> None:
    """The Mason's tie-break lengths (`lengths_with_wall`, which skips the scan for a segment with no
    built neighbour) are `scoring.longest_run` of the walls with each free segment built, on
    arbitrary rings."""
    free = [i for i, x in enumerate(walls) if x == EMPTY]
    if not free:
        walls[0] = EMPTY
        free = [0]
    val = [0] * len(ok)
    got = mason.lengths_with_wall(tuple(walls), ok, free)
    assert len(got) == len(free)
    for x, length in zip(free, got):
        built = list(walls)
        built[x] = 1
        assert length == scoring.longest_run(tuple(built), ok, val)[0]


@pytest.mark.clause("SOLO-5", "R-18")
def test_mason_tie_lengths_on_a_ring_built_but_one_segment() -> None:
    """Worked by hand: the 22-segment ring with only segment 5 free and every spot passable is, once
    segment 5 is built, one stretch of all 22 segments; with ring position 9 blocked it is still 22
    (one stretch that begins and ends there); with positions 9 and 15 blocked, the longest runs from
    15 round to 9: 22 - 6 = 16 segments."""
    n = len(BOARD.ring_spots)
    walls = (0,) * 5 + (EMPTY,) + (0,) * (n - 6)
    ok = [True] * n
    assert mason.lengths_with_wall(walls, ok, [5]) == [22]
    ok[9] = False
    assert mason.lengths_with_wall(walls, ok, [5]) == [22]
    ok[15] = False
    assert mason.lengths_with_wall(walls, ok, [5]) == [16]
