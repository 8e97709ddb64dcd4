"""The end of a solo game (SOLO-7, R-16): the bots' end trades and which bonus cards score."""

from __future__ import annotations

import itertools
import operator
from collections.abc import Iterable, Sequence
from typing import Final

from ragusa.core.board import RES_INDEX
from ragusa.core.clauses import implements
from ragusa.core.components import COMPONENTS, RESOURCES
from ragusa.core.state import GameState
from ragusa.rules import scoring
from ragusa.rules.fish import TRADE_COST
from ragusa.rules.solo.common import EndTrades

# --------------------------------------------------------------------------- SOLO-7: the end


_CARDS: Final = {c.id: c for c in COMPONENTS.bonus_cards}
_FISH: Final = RES_INDEX["fish"]
#: the fewest fish a trade costs (FISH-1)
_CHEAPEST: Final = min(TRADE_COST.values())


def _pair_losers(state: GameState, seat: int, values: Sequence[int]) -> dict[int, int]:
    """Easier variant (SOLO-5): card index -> index of its pair's better card, for cards that do not score."""
    solo = state.solo
    if solo is None or not state.options.solo_easier_rector or seat not in solo.bot_seats:
        return {}
    cards = state.players[seat].bonus_cards
    out: dict[int, int] = {}
    for pair in solo.bot_pairs[solo.bot_seats.index(seat)]:
        idx = [cards.index(c) for c in pair if c in cards]
        if not idx:
            continue
        best = max(idx, key=lambda i: (values[i], -i))
        for i in idx:
            if i != best:
                out[i] = best
    return out


@implements("SOLO-5", "SOLO-7", "END-BONUS-1")
def bonus_scores(state: GameState, seat: int) -> tuple[tuple[int, str], ...]:
    """(VP, reason) for each of `seat`'s bonus cards at the end (END-BONUS-1, all cards: SOLO-7).
    Easier variant: of each pair a bot took at the Rector's Palace only the better card scores
    (the first drawn on a tie); the other scores 0 (SOLO-5)."""
    cards = state.players[seat].bonus_cards
    values = [scoring.bonus_card_score(state, seat, c) for c in cards]
    losers = _pair_losers(state, seat, values)
    out = []
    for i, c in enumerate(cards):
        if i in losers:
            b = losers[i]
            out.append(
                (
                    0,
                    f"bonus card {c}: easier variant (SOLO-5), its Rector pair's better card {cards[b]} scores {values[b]}",
                )
            )
        else:
            out.append((values[i], f"bonus card {c}"))
    return tuple(out)


def _card_terms(state: GameState, seat: int) -> list[tuple[int, int, int]]:
    """Per bonus card of `seat`: (resource index, VP per unit, 0) for a card that counts a resource
    (its score is the only one a fish trade changes), else (-1, 0, the card's score now)."""
    out = []
    for c in state.players[seat].bonus_cards:
        card = _CARDS[c]
        if card.kind == "per_resource" and card.resource is not None:
            out.append((RES_INDEX[card.resource], scoring.card_vp(c, state.edition), 0))
        else:
            out.append((-1, 0, scoring.bonus_card_score(state, seat, c)))
    return out


def _bonus_total_after(
    state: GameState, seat: int, trades: Iterable[tuple[int, int]], terms: list[tuple[int, int, int]] | None = None
) -> int:
    """What `seat`'s bonus cards score (`bonus_scores`) after buying `trades` (resource
    index, units) pairs) with fish at the FISH-1 rates: the resource cards' scores from the resources
    after the trades (END-BONUS-1, capped), the others' as they are (`_card_terms`), then the
    easier variant's pairs (`_pair_losers`), as `bonus_scores` counts them."""
    res = list(state.players[seat].resources)
    for r, n in trades:
        res[r] += n
        res[_FISH] -= n * TRADE_COST[RESOURCES[r]]
    values = []
    for r, vp, fixed in _card_terms(state, seat) if terms is None else terms:
        score = vp * res[r] if r >= 0 else fixed
        values.append(score if score < scoring.BONUS_CAP or r < 0 else scoring.BONUS_CAP)
    losers = _pair_losers(state, seat, values)
    return sum(v for i, v in enumerate(values) if i not in losers)


@implements("SOLO-7", "R-16")
def choose_end_trades(state: GameState, seat: int, explain: bool = True) -> EndTrades:
    """SOLO-7: just before the scoring, a bot without the fish card but with resource bonus cards
    trades its fish (FISH-1) in the way that scores most for its bonus cards (as END-BONUS-1 scores
    them; in the easier variant only the better card of each pair counts). Ties: fewest fish spent,
    then more of the earlier resource in the order wood, stone, silver ore, grapes, olives (R-16).
    Without `explain` (the engine's `apply`, which records no events) the same trades with an empty
    decision text and reason."""
    p = state.players[seat]
    fish = p.resources[_FISH]
    if not explain and fish < _CHEAPEST:  # no trade is possible, so none is made
        return EndTrades(seat, (), "", "")
    cards = [_CARDS[c] for c in p.bonus_cards]
    fish_card = next((c.id for c in cards if c.kind == "per_resource" and c.resource == "fish"), None)
    if fish_card is not None:
        if not explain:
            return EndTrades(seat, (), "", "")
        return EndTrades(
            seat, (), "no trade", f"SOLO-7: it holds the fish card ({fish_card}), so it keeps its {fish} fish"
        )
    res_cards = [c for c in cards if c.kind == "per_resource"]
    if not res_cards:
        if not explain:
            return EndTrades(seat, (), "", "")
        return EndTrades(seat, (), "no trade", "SOLO-7: it holds no resource bonus card, so it keeps its fish")
    wanted = sorted({RES_INDEX[c.resource] for c in res_cards if c.resource is not None})
    costs = [TRADE_COST[RESOURCES[r]] for r in wanted]
    ranges = [range(fish // cost + 1) for cost in costs]
    terms = _card_terms(state, seat)
    base = _bonus_total_after(state, seat, (), terms)
    best_key: tuple[int, int, tuple[int, ...]] | None = None
    best_counts: tuple[int, ...] = tuple(0 for _ in wanted)
    for counts in itertools.product(*ranges):
        spent = sum(map(operator.mul, counts, costs))
        if spent > fish:
            continue
        key = (_bonus_total_after(state, seat, zip(wanted, counts), terms), -spent, counts)
        if best_key is None or key > best_key:
            best_key = key
            best_counts = counts
    assert best_key is not None
    if not explain:
        kept = best_key[0] > base
        return EndTrades(
            seat, tuple(RESOURCES[r] for r, n in zip(wanted, best_counts) for _ in range(n if kept else 0)), "", ""
        )
    card_text = ", ".join(f"{c.id} ({scoring.card_vp(c.id, state.edition)} VP each)" for c in res_cards)
    if best_key[0] <= base:
        return EndTrades(
            seat,
            (),
            "no trade",
            f"SOLO-7: no trade of its {fish} fish raises what its resource cards {card_text} score ({base} VP)",
        )
    trades: list[str] = []
    parts: list[str] = []
    for r, n in zip(wanted, best_counts):
        if n:
            trades.extend([RESOURCES[r]] * n)
            parts.append(f"{n} {RESOURCES[r].replace('_', ' ')} ({n * TRADE_COST[RESOURCES[r]]} fish)")
    reason = (
        f"SOLO-7: no fish card; with {fish} fish and resource cards {card_text}, trading for "
        f"{' + '.join(parts)} scores most: bonus cards {base} -> {best_key[0]} VP (+{best_key[0] - base})"
    )
    decision = "trade fish for " + ", ".join(trades)
    return EndTrades(seat, tuple(trades), decision, reason)
