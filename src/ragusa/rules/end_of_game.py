"""The end of the game (END-1, END-2, SOLO-7): the last fish trades, then the scoring of walls, the
Cathedral and the bonus cards, and the winners."""

from __future__ import annotations

from typing import Final

from ragusa.core.actions import Pass
from ragusa.core.board import RES_INDEX
from ragusa.core.clauses import implements
from ragusa.core.events import BotDecision, GameEnded, VPScored
from ragusa.core.scratch import Scratch
from ragusa.core.state import PHASE_END_TRADE, PHASE_OVER, VP_BONUS, VP_CATHEDRAL, VP_WALLS, GameState
from ragusa.rules import fish, scoring
from ragusa.rules.decision import Decision, Resolve
from ragusa.rules.moves import Moves, offer_pass
from ragusa.rules.queries import scores
from ragusa.rules.solo import scoring as solo_scoring

FISH: Final = RES_INDEX["fish"]


@implements("END-1", "END-2")
def begin_end(w: Scratch) -> None:
    """Offer each seat in turn, from the start seat, a last fish trade (END-2), then score (END-1)."""
    order = [(w.start_seat + k) % w.n for k in range(w.n)]
    if w.solo is not None:  # SOLO-7, R-16: the bots trade by their own rule in final_scoring
        order = [s for s in order if s not in w.solo.bot_seats]
    w.end_seats = tuple(s for s in order if w.resource(s, FISH) >= fish.MIN_TRADE)
    w.current_hex = -1
    if w.end_seats:
        w.phase = PHASE_END_TRADE
        w.seat = w.end_seats[0]
    else:
        final_scoring(w)


@implements("SOLO-7", "R-16")
def _bot_end_trades(w: Scratch) -> GameState:
    """SOLO-7: just before the scoring, each bot trades its fish the way that scores most for its
    resource bonus cards (`ragusa.rules.solo.scoring.choose_end_trades`; explained for `step`).
    Returns the position after the trades, frozen (what the scoring reads)."""
    assert w.solo is not None
    state = w.freeze()  # frozen again only after a bot's trades change it
    for seat in w.solo.bot_seats:
        trades = solo_scoring.choose_end_trades(state, seat)
        w.emit(_explained_end_trades, state, seat, trades)
        if trades:
            for r in trades:
                fish.trade(w, seat, r)
            state = w.freeze()
    return state


def _explained_end_trades(state: GameState, seat: int, trades: tuple[str, ...]) -> BotDecision:
    """The `BotDecision` reporting a bot's end trades, worded."""
    return BotDecision(seat, *solo_scoring.explain_end_trades(state, seat, trades))


@implements("END-1", "END-WALL-2", "END-CATH-1", "END-BONUS-1", "WIN-1", "SOLO-7")
def final_scoring(w: Scratch) -> None:
    """Score walls, then the Cathedral, then each bonus card; the game is over.

    Solo (SOLO-7): the bots first make their end trades; every bonus card scores (the easier
    variant scores only the better card of each bot's Rector pair, SOLO-5)."""
    w.phase = PHASE_OVER
    w.seat = None
    w.end_seats = ()
    snapshot = _bot_end_trades(w) if w.solo is not None else w.freeze()
    for seat in range(w.n):
        p = w.p(seat)
        walls = scoring.wall_score(snapshot, seat)
        cath = scoring.cathedral_score(snapshot, seat)
        if w.solo is not None:
            scored = solo_scoring.bonus_scores(snapshot, seat)
        else:
            scored = tuple((scoring.bonus_card_score(snapshot, seat, c), f"bonus card {c}") for c in p.bonus_cards)
        cards = tuple(vp for vp, _ in scored)
        p.vp[VP_WALLS] += walls
        p.vp[VP_CATHEDRAL] += cath
        p.vp[VP_BONUS] += sum(cards)
        p.bonus_vp = cards
        w.emit(VPScored, seat, "walls", walls, "longest wall stretch")
        w.emit(VPScored, seat, "cathedral", cath, "Cathedral sets")
        for vp, why in scored:
            w.emit(VPScored, seat, "bonus", vp, why)
    w.emit(_game_ended, w)


def _game_ended(w: Scratch) -> GameEnded:
    """The `GameEnded` event: the final scores and the winners."""
    final = w.freeze()
    return GameEnded(scores(final), scoring.winners(final))


def _done_trading(w: Scratch, seat: int, a: Pass) -> None:
    """The seat is done trading: the next seat with fish trades, or the game is scored."""
    w.end_seats = w.end_seats[1:]
    if w.end_seats:
        w.seat = w.end_seats[0]
    else:
        final_scoring(w)


#: the last fish trades before the bonus cards score, each seat with fish in turn (END-2)
TRADE_DECISION: Final = Decision(PHASE_END_TRADE, ("END-2",), offer_pass, (Resolve(Pass, _done_trading),))


def _no_offers(state: GameState, seat: int) -> Moves:
    return Moves((), 0)


#: the game is over: nothing is offered, no action resolves (TURN-3)
OVER_DECISION: Final = Decision(PHASE_OVER, ("TURN-3", "END-1"), _no_offers, ())
