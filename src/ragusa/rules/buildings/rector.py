"""Rector's Palace (RECTOR-1, R-4, R-8)."""

from __future__ import annotations

from typing import Final

from ragusa.core.clauses import implements
from ragusa.core.errors import IllegalActionError
from ragusa.core.events import BonusChosen, BonusDrawn
from ragusa.core.scratch import Scratch
from ragusa.core.state import (
    PHASE_RECTOR_KEEP,
)
from ragusa.rules.chance import draw_cards, draw_top

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
def keep(w: Scratch, seat: int, card: str) -> None:
    """Keep one drawn card secretly; the others go to the bottom of the deck."""
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
