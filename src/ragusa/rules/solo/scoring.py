"""The end of a solo game (SOLO-7, R-16): the bots' end trades (a pure choice and its explanation)
and which bonus cards score."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Final

from ragusa.core.board import RES_INDEX
from ragusa.core.clauses import implements
from ragusa.core.components import COMPONENTS, RESOURCES, BonusCardData
from ragusa.core.state import GameState
from ragusa.rules import scoring
from ragusa.rules.fish import TRADE_COST, TRADE_COST_BY_INDEX

# --------------------------------------------------------------------------- SOLO-7: the end


_CARDS: Final = {c.id: c for c in COMPONENTS.bonus_cards}
_FISH: Final = RES_INDEX["fish"]
#: the fewest fish a trade costs (FISH-1)
_CHEAPEST: Final = min(TRADE_COST.values())


def _rector_pairs(state: GameState, seat: int) -> tuple[tuple[int, ...], ...]:
    """Easier variant (SOLO-5): the indices among `seat`'s bonus cards of each pair it took at the
    Rector's Palace (the cards it holds); none outside that variant or for the human."""
    solo = state.solo
    if solo is None or not state.options.solo_easier_rector or seat not in solo.bot_seats:
        return ()
    cards = state.players[seat].bonus_cards
    pairs = (tuple(cards.index(c) for c in pair if c in cards) for pair in solo.bot_pairs[solo.bot_seats.index(seat)])
    return tuple(idx for idx in pairs if idx)


def _pair_losers(pairs: tuple[tuple[int, ...], ...], values: Sequence[int]) -> dict[int, int]:
    """Easier variant (SOLO-5): card index -> index of its pair's better card (the first drawn on
    a tie), for the cards of `pairs` (`_rector_pairs`) that do not score."""
    out: dict[int, int] = {}
    for idx in pairs:
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
    losers = _pair_losers(_rector_pairs(state, seat), values)
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


_Terms = list[tuple[int, tuple[int, ...], int]]


def _card_terms(state: GameState, seat: int) -> _Terms:
    """Per bonus card of `seat`: (resource index, its score per count, 0) for a card that counts a
    resource (its score is the only one a fish trade changes; `scoring.card_score` of every count
    the trades can reach), else (-1, (), the card's score now)."""
    held = state.players[seat].resources
    out: _Terms = []
    for c in state.players[seat].bonus_cards:
        card = _CARDS[c]
        if card.kind == "per_resource" and card.resource is not None:
            r = RES_INDEX[card.resource]
            cost = TRADE_COST.get(card.resource)  # none for fish: the fish card rules trades out
            top = held[r] + (held[_FISH] // cost if cost else 0)  # no count after trades goes past this
            # the counts below what the seat holds are never asked: scored as 0 without asking
            scores = (0,) * held[r] + tuple(scoring.card_score(c, state.edition, n) for n in range(held[r], top + 1))
            out.append((r, scores, 0))
        else:
            out.append((-1, (), scoring.bonus_card_score(state, seat, c)))
    return out


def _after_trades(held: Sequence[int], bought: Sequence[int], units: Sequence[int]) -> list[int]:
    """The resources `held` after buying `units[k]` of resource `bought[k]` (indices) for each k with
    fish at the FISH-1 rates."""
    res = list(held)
    for k in range(len(bought)):
        r = bought[k]
        n = units[k]
        res[r] += n
        res[_FISH] -= n * TRADE_COST_BY_INDEX[r]
    return res


def _bonus_total(terms: _Terms, pairs: tuple[tuple[int, ...], ...], res: Sequence[int]) -> int:
    """What bonus cards score (`bonus_scores`) with the resources `res`: each resource card's score
    for its count (`_card_terms`: `scoring.card_score`), the others' as they are, then the easier
    variant's `pairs` (`_rector_pairs`, `_pair_losers`), as `bonus_scores` counts them."""
    values = [scores[res[r]] if r >= 0 else fixed for r, scores, fixed in terms]
    losers = _pair_losers(pairs, values) if pairs else {}
    total = 0
    for i in range(len(values)):
        if i not in losers:
            total += values[i]
    return total


def _bonus_total_after(state: GameState, seat: int, trades: dict[str, int], terms: _Terms) -> int:
    """What `seat`'s bonus cards score (`bonus_scores`) after buying `trades` (resource -> units)
    with fish at the FISH-1 rates (`terms`: `_card_terms(state, seat)`)."""
    bought = [RES_INDEX[r] for r in trades]
    res = _after_trades(state.players[seat].resources, bought, list(trades.values()))
    return _bonus_total(terms, _rector_pairs(state, seat), res)


def _resource_cards(cards: list[BonusCardData]) -> list[BonusCardData]:
    return [c for c in cards if c.kind == "per_resource"]


def _fish_card(res_cards: list[BonusCardData]) -> str | None:
    """The fish card among the resource cards `res_cards`, if any: it scores the fish kept, so no
    trade pays (SOLO-7)."""
    return next((c.id for c in res_cards if c.resource == "fish"), None)


@implements("SOLO-7", "R-16")
def choose_end_trades(state: GameState, seat: int) -> tuple[str, ...]:
    """SOLO-7: just before the scoring, a bot without the fish card but with resource bonus cards
    trades its fish (FISH-1) in the way that scores most for its bonus cards (as END-BONUS-1 scores
    them; in the easier variant only the better card of each pair counts): the resources it buys,
    one per unit, in the order wood, stone, silver ore, grapes, olives (none when no trade scores
    more). Ties: fewest fish spent, then more of the earlier resource in that order (R-16)."""
    p = state.players[seat]
    fish = p.resources[_FISH]
    if fish < _CHEAPEST:  # no trade is possible, so none is made
        return ()
    res_cards = _resource_cards([_CARDS[c] for c in p.bonus_cards])
    if not res_cards or _fish_card(res_cards) is not None:
        return ()
    wanted = sorted({RES_INDEX[c.resource] for c in res_cards if c.resource is not None})
    costs = [TRADE_COST[RESOURCES[r]] for r in wanted]
    # what the scores need, read from the state once: each combination of counts is then scored
    # from them alone
    terms = _card_terms(state, seat)
    pairs = _rector_pairs(state, seat)
    held = p.resources
    top, fewest, most = _bonus_total(terms, pairs, held), 0, tuple(0 for _ in wanted)  # no trade
    for counts in itertools.product(*[range(fish // cost + 1) for cost in costs]):
        spent = 0
        for k in range(len(costs)):
            spent += counts[k] * costs[k]
        if spent <= fish:
            total = _bonus_total(terms, pairs, _after_trades(held, wanted, counts))
            # most VP; tie: fewest fish spent; tie: more of the earlier resource
            if total > top or (total == top and (spent < fewest or (spent == fewest and counts > most))):
                top, fewest, most = total, spent, counts
    return tuple(RESOURCES[r] for r, n in zip(wanted, most) for _ in range(n))


def explain_end_trades(state: GameState, seat: int, trades: tuple[str, ...]) -> tuple[str, str]:
    """`choose_end_trades`'s decision and reason: what the bonus cards score without a trade and
    with `trades`."""
    p = state.players[seat]
    fish = p.resources[_FISH]
    res_cards = _resource_cards([_CARDS[c] for c in p.bonus_cards])
    fish_card = _fish_card(res_cards)
    if fish_card is not None:
        return "no trade", f"SOLO-7: it holds the fish card ({fish_card}), so it keeps its {fish} fish"
    if not res_cards:
        return "no trade", "SOLO-7: it holds no resource bonus card, so it keeps its fish"
    terms = _card_terms(state, seat)
    base = _bonus_total_after(state, seat, {}, terms)
    card_text = ", ".join(f"{c.id} ({scoring.card_vp(c.id, state.edition)} VP each)" for c in res_cards)
    if not trades:
        return (
            "no trade",
            f"SOLO-7: no trade of its {fish} fish raises what its resource cards {card_text} score ({base} VP)",
        )
    bought = {r: trades.count(r) for r in trades}  # resource -> units, in the order of `trades`
    top = _bonus_total_after(state, seat, bought, terms)
    parts = [f"{n} {r.replace('_', ' ')} ({n * TRADE_COST[r]} fish)" for r, n in bought.items()]
    reason = (
        f"SOLO-7: no fish card; with {fish} fish and resource cards {card_text}, trading for "
        f"{' + '.join(parts)} scores most: bonus cards {base} -> {top} VP (+{top - base})"
    )
    return "trade fish for " + ", ".join(trades), reason
