"""Rector's Palace (RECTOR-1, R-4, R-8)."""

from __future__ import annotations

from typing import Final

from ragusa.core.actions import DrawBonus, KeepBonus, Pass
from ragusa.core.clauses import implements
from ragusa.core.errors import IllegalActionError
from ragusa.core.events import BonusChosen, BonusDrawn
from ragusa.core.scratch import Scratch
from ragusa.core.state import (
    PHASE_RECTOR_DRAW,
    PHASE_RECTOR_KEEP,
    GameState,
)
from ragusa.rules.chance import draw_cards, draw_top
from ragusa.rules.decision import Decision, Resolve, Then, building_decision, nothing
from ragusa.rules.moves import PASS, Moves, offer

#: RECTOR-1: cards drawn
DRAW: Final = 2


@implements("RECTOR-1", "R-8")
def has_choice(w: Scratch, seat: int) -> bool:
    """Optional (R-8): the draw is offered when the bonus deck has a card."""
    return bool(w.bonus_deck)


@implements("RECTOR-1", "R-4")
def draw(w: Scratch, seat: int) -> None:
    """Draw the top 2 cards (what is there, if fewer: R-4)."""
    w.rector_hand = draw_cards(w, "bonus", DRAW)
    w.phase = PHASE_RECTOR_KEEP
    w.emit(BonusDrawn, seat, len(w.rector_hand))


@implements("RECTOR-1")
def keep(w: Scratch, seat: int, a: KeepBonus) -> None:
    """Keep the drawn card the action names secretly; the others go to the bottom of the deck."""
    card = a.card
    if card not in w.rector_hand:
        raise IllegalActionError("RECTOR-1", f"{card!r} is not one of the drawn cards")
    rest = list(w.rector_hand)
    rest.remove(card)
    p = w.p(seat)
    p.bonus_cards = p.bonus_cards + (card,)
    w.bonus_deck = w.bonus_deck + tuple(rest)
    w.rector_hand = ()
    w.emit(BonusChosen, seat, card)


@implements("SOLO-5", "R-4")
def keep_all(w: Scratch, seat: int) -> tuple[str, ...]:
    """Solo bot (SOLO-5): keep every drawn card (a bot scores both); returns them."""
    hand = w.rector_hand
    p = w.p(seat)
    p.bonus_cards = p.bonus_cards + hand
    w.rector_hand = ()
    for card in hand:
        w.emit(BonusChosen, seat, card)
    return hand


@implements("SOLO-8", "R-21")
def take_top(w: Scratch, seat: int) -> None:
    """Solo harder variant (SOLO-8): the human takes the top card and keeps it, with no choice."""
    card = draw_top(w, "bonus")
    p = w.p(seat)
    p.bonus_cards = p.bonus_cards + (card,)
    w.emit(BonusDrawn, seat, 1)
    w.emit(BonusChosen, seat, card)


_DRAW: Final = DrawBonus()


def draw_offers(state: GameState, seat: int) -> Moves:
    """Draw two cards, or Pass."""
    return offer(state, seat, (_DRAW, PASS))


@implements("RECTOR-1", "SOLO-8", "R-21")
def _draw_chosen(w: Scratch, seat: int, a: DrawBonus) -> None:
    """Draw the two cards to keep one (RECTOR_KEEP follows); the solo human of the harder variant
    takes the top card with no choice (SOLO-8), and the activation goes on."""
    if w.solo is not None and w.options.solo_harder and seat not in w.solo.bot_seats:
        take_top(w, seat)
        return
    draw(w, seat)


def keep_offers(state: GameState, seat: int) -> Moves:
    """Keep one of the drawn cards."""
    return offer(state, seat, [KeepBonus(c) for c in dict.fromkeys(state.rector_hand)])


#: the Rector's Palace's decision: the owner may draw two bonus cards (optional, R-8)
DRAW_DECISION: Final = building_decision(
    "rectors-palace",
    PHASE_RECTOR_DRAW,
    ("RECTOR-1", "R-8", "SOLO-8"),
    draw_offers,
    has_choice,
    Resolve(DrawBonus, _draw_chosen),
    Resolve(Pass, nothing),
)
#: the card kept of the two drawn (RECTOR-1)
KEEP_DECISION: Final = Decision(PHASE_RECTOR_KEEP, ("RECTOR-1",), keep_offers, (Resolve(KeepBonus, keep),), Then.RESUME)
