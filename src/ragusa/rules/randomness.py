"""Every random event of the rules goes through here: shuffle a deck, draw its top card, draw the
start seat, deal the solo Patrician cards, a solo bot's random pick of its cards.

In a seeded game (`GameState.chance` is None) these read the pre-shuffled decks and the state's
generator (`ragusa.core.rng`) exactly as the rules always have. In a game with explicit chance
the decks hold their cards not drawn yet as a sorted multiset at the top
(`ChanceState.ship_hidden`, `ChanceState.bonus_hidden`), the generator field counts the outcomes
used while an action is resolved, and a draw takes the next outcome fixed for that action
(`ChanceState.fixed`) or, when there is none left, raises `NeedChance` naming the event; the
caller (`ragusa.rules.chance`) turns that into a chance node.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Final

import attrs

from ragusa.core import rng
from ragusa.core.clauses import implements
from ragusa.core.errors import IllegalActionError
from ragusa.core.position import Position
from ragusa.core.scratch import Scratch
from ragusa.core.state import ChanceNode, ChanceState

#: the clause of each kind of random event
KIND_RULE: Final[dict[str, str]] = {
    "ship": "SETUP-5",
    "bonus": "SETUP-6",
    "patrician": "SOLO-2",
    "bot_card": "SOLO-4",
    "start_seat": "SETUP-7",
}


class NeedChance(Exception):
    """A draw whose outcome is not fixed yet (explicit chance); `node` names what is drawn."""

    def __init__(self, node: ChanceNode) -> None:
        super().__init__(node.kind)
        self.node = node


def deck_node(kind: str, cards: Sequence[str]) -> ChanceNode:
    """The chance node drawing one card of the multiset `cards` (each id once, sorted, with its copies)."""
    counted = sorted(Counter(cards).items())
    return ChanceNode(kind, tuple(c for c, _ in counted), tuple(n for _, n in counted))


def _fixed(chance: ChanceState, cursor: int, node: ChanceNode) -> str | int:
    """The outcome fixed at position `cursor` (it must be one of the node's), or `NeedChance`."""
    if cursor >= len(chance.fixed):
        raise NeedChance(node)
    out = chance.fixed[cursor]
    if out not in node.outcomes:
        raise IllegalActionError(KIND_RULE[node.kind], f"{out!r} cannot be drawn here (a {node.kind} draw)")
    return out


def _outcome(w: Scratch, node: ChanceNode) -> str | int:
    assert w.chance is not None
    out = _fixed(w.chance, w.rng, node)
    w.rng += 1
    return out


def _hidden(chance: ChanceState, deck: str, n: int) -> ChanceState:
    if deck == "ship":
        return attrs.evolve(chance, ship_hidden=n)
    return attrs.evolve(chance, bonus_hidden=n)


@implements("SETUP-5", "SETUP-6")
def new_deck(w: Scratch, deck: str, cards: Sequence[str]) -> None:
    """Shuffle `cards` into the ship deck (`deck` "ship") or the bonus deck ("bonus")."""
    if w.chance is None:
        out, w.rng = rng.shuffled(w.rng, cards)
    else:
        out = tuple(sorted(cards))
        w.chance = _hidden(w.chance, deck, len(out))
    if deck == "ship":
        w.ship_deck = out
    else:
        w.bonus_deck = out


def draw_top(w: Scratch, deck: str) -> str:
    """Take the top card of the ship deck (`deck` "ship") or the bonus deck ("bonus"); not empty."""
    ship = deck == "ship"
    cards = w.ship_deck if ship else w.bonus_deck
    ch = w.chance
    hidden = 0 if ch is None else (ch.ship_hidden if ship else ch.bonus_hidden)
    if not hidden:
        card, rest = cards[0], cards[1:]
    else:
        assert ch is not None
        card = str(_outcome(w, deck_node(deck, cards[:hidden])))
        i = cards.index(card)
        rest = cards[:i] + cards[i + 1 :]
        w.chance = _hidden(ch, deck, hidden - 1)
    if ship:
        w.ship_deck = rest
    else:
        w.bonus_deck = rest
    return card


def draw_cards(w: Scratch, deck: str, n: int) -> tuple[str, ...]:
    """Take the top `n` cards of a deck (fewer if it holds fewer, R-4)."""
    if w.chance is None and deck == "bonus":
        out, w.bonus_deck = w.bonus_deck[:n], w.bonus_deck[n:]
        return out
    cards = w.ship_deck if deck == "ship" else w.bonus_deck
    return tuple(draw_top(w, deck) for _ in range(min(n, len(cards))))


@implements("SETUP-7")
def draw_seat(w: Scratch, players: int) -> int:
    """The start seat, one of `players` seats, each as likely."""
    if w.chance is None:
        seat, w.rng = rng.below(w.rng, players)
        return seat
    out = _outcome(w, ChanceNode("start_seat", tuple(range(players)), (1,) * players))
    assert isinstance(out, int)
    return out


@implements("SOLO-4")
def bot_pick(state: Position, r: int, seat: int, cards: Sequence[str]) -> tuple[int, int]:
    """A solo bot at `seat` draws one of its `cards` at random: its index, and the next `r`
    (the generator state; with explicit chance, the count of outcomes used)."""
    ch = state.chance
    if ch is None:
        return rng.below(r, len(cards))
    out = _fixed(ch, r, ChanceNode("bot_card", tuple(cards), (1,) * len(cards), seat))
    return cards.index(str(out)), r + 1


@implements("SOLO-2")
def deal_patrician(chance: ChanceState | None, r: int, cards: Sequence[str], k: int) -> tuple[tuple[str, ...], int]:
    """Solo setup: `k` of the Patrician `cards`, in the order the bots are dealt them (the first
    half to bot A), and the next `r`. Seeded: all shuffled, the top `k` kept and shuffled again."""
    if chance is None:
        drawn, r = rng.shuffled(r, cards)
        return rng.shuffled(r, drawn[:k])
    return _deal(chance, r, "patrician", cards, k)


@implements("SOLO-2")
def bonus_deck_dealing(
    chance: ChanceState | None, r: int, cards: Sequence[str], k: int
) -> tuple[tuple[str, ...], ChanceState | None, int]:
    """Solo setup: the bonus deck, its top `k` cards dealt one to each colour (they are the first
    `k` of the deck returned), the chance state (the rest not drawn yet) and the next `r`."""
    if chance is None:
        deck, r = rng.shuffled(r, cards)
        return deck, None, r
    dealt, r = _deal(chance, r, "bonus", cards, k)
    rest = list(cards)
    for card in dealt:
        rest.remove(card)
    return (*dealt, *sorted(rest)), attrs.evolve(chance, bonus_hidden=len(rest)), r


def _deal(chance: ChanceState, r: int, kind: str, pool: Sequence[str], k: int) -> tuple[tuple[str, ...], int]:
    """Explicit chance: draw `k` cards of `pool` one by one (`kind` "patrician" or "bonus"),
    without putting them back: the cards, and the next count of outcomes used."""
    left = list(pool)
    out: list[str] = []
    for _ in range(k):
        card = str(_fixed(chance, r, deck_node(kind, left)))
        left.remove(card)
        out.append(card)
        r += 1
    return tuple(out), r
