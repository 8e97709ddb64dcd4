"""Rector's Palace (RECTOR-1, R-4, R-8), and how a solo bot takes its decision (SOLO-5)."""

from __future__ import annotations

from typing import Final

from ragusa.core.actions import DrawBonus, KeepBonus, Pass
from ragusa.core.clauses import implements
from ragusa.core.errors import IllegalActionError
from ragusa.core.events import BonusChosen, BonusDrawn
from ragusa.core.position import Position
from ragusa.core.scratch import Scratch
from ragusa.core.state import (
    PHASE_RECTOR_DRAW,
    PHASE_RECTOR_KEEP,
    GameState,
)
from ragusa.rules.chance import draw_cards, draw_top
from ragusa.rules.decision import BotTurn, Decision, Resolve, Then, building_decision, no_choice, nothing
from ragusa.rules.moves import PASS, Moves, offer
from ragusa.rules.solo.patrician import solo_with

#: RECTOR-1: cards drawn
DRAW: Final = 2


@implements("RECTOR-1", "R-8")
def has_choice(w: Scratch, seat: int) -> bool:
    """Optional (R-8): the draw is offered when the bonus deck has a card."""
    return bool(w.bonus_deck)


@implements("RECTOR-1", "R-4")
def draw(w: Scratch, seat: int) -> None:
    """Draw the top 2 cards (what is there, if fewer: R-4) to keep one (RECTOR_KEEP follows)."""
    w.rector_hand = drawn(w, seat)
    w.phase = PHASE_RECTOR_KEEP


@implements("RECTOR-1", "R-4")
def drawn(w: Scratch, seat: int) -> tuple[str, ...]:
    """The top 2 cards (what is there, if fewer: R-4), taken from the deck by `seat`."""
    hand = draw_cards(w, "bonus", DRAW)
    w.emit(BonusDrawn, seat, len(hand))
    return hand


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
def bot_rector(w: Scratch, seat: int) -> None:
    """SOLO-5: a bot takes the top 2 cards face down (the last one, if only one is left: R-4) and
    keeps both, to score both; the easier variant also records them as a pair, of which only the
    better card scores (`ragusa.rules.solo.scoring.bonus_scores`). No card is left to keep, so the
    activation goes on."""
    hand = drawn(w, seat)
    p = w.p(seat)
    p.bonus_cards = p.bonus_cards + hand
    for card in hand:
        w.emit(BonusChosen, seat, card)
    if w.solo is not None and w.options.solo_easier_rector and hand:
        k = w.solo.bot_seats.index(seat)
        pairs = tuple(ps + (hand,) if j == k else ps for j, ps in enumerate(w.solo.bot_pairs))
        w.solo = solo_with(w.solo, bot_pairs=pairs)


def explain_rector(state: Position, seat: int, choice: None) -> tuple[str, str]:
    """A bot at the Rector's Palace, worded: it takes both cards (SOLO-5), or the last one (R-4)."""
    n = min(2, len(state.bonus_deck))
    if state.options.solo_easier_rector:
        why = "easier variant: it keeps them as a pair and only the better of the two scores at the end"
    else:
        why = "it scores both at the end"
    reason = f"SOLO-5 Rector's Palace: a bot takes the top {n} card{'s' if n > 1 else ''} face down; {why}"
    return f"take {n} bonus card{'s' if n > 1 else ''}", reason


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


@implements("RECTOR-1", "SOLO-5", "SOLO-8", "R-21")
def _draw_chosen(w: Scratch, seat: int, a: DrawBonus) -> None:
    """Draw the two cards to keep one (RECTOR_KEEP follows); a solo bot keeps both (SOLO-5,
    `bot_rector`) and the solo human of the harder variant takes the top card with no choice
    (SOLO-8), and the activation goes on."""
    if w.solo is not None:
        if seat in w.solo.bot_seats:
            bot_rector(w, seat)
            return
        if w.options.solo_harder:
            take_top(w, seat)
            return
    draw(w, seat)


def _draw_action(choice: None) -> DrawBonus:
    return _DRAW


def keep_offers(state: GameState, seat: int) -> Moves:
    """Keep one of the drawn cards."""
    return offer(state, seat, [KeepBonus(c) for c in dict.fromkeys(state.rector_hand)])


#: the Rector's Palace's decision: the owner may draw two bonus cards (optional, R-8); a solo bot
#: always draws, and keeps both (SOLO-5)
DRAW_DECISION: Final = building_decision(
    "rectors-palace",
    PHASE_RECTOR_DRAW,
    ("RECTOR-1", "R-8", "SOLO-5", "SOLO-8"),
    draw_offers,
    has_choice,
    Resolve(DrawBonus, _draw_chosen),
    Resolve(Pass, nothing),
    bot=BotTurn(no_choice, explain_rector, _draw_action),
)
#: the card kept of the two drawn (RECTOR-1)
KEEP_DECISION: Final = Decision(PHASE_RECTOR_KEEP, ("RECTOR-1",), keep_offers, (Resolve(KeepBonus, keep),), Then.RESUME)
