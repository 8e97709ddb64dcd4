"""The turn flow (TURN, END, R-14): whose turn it is, the automatic steps between decisions, and
the end of the game.

`run` runs every automatic step (activations, effects with no choice, the next turn) until a
seat must decide or the game ends; `put_piece` puts a placed piece on the board and starts
its activations (TURN-2); `final_scoring` scores the end (END-1).
"""

from __future__ import annotations

from typing import Final

from ragusa.core.board import BOARD, KIND_CITY, KIND_SEA, RES_INDEX
from ragusa.core.clauses import implements
from ragusa.core.events import (
    BotDecision,
    GameEnded,
    HousePlaced,
    VPScored,
)
from ragusa.core.state import (
    PHASE_END_TRADE,
    PHASE_ORDER,
    PHASE_OVER,
    PHASE_PLACE,
    POWERHOUSE,
    VP_BONUS,
    VP_CATHEDRAL,
    VP_WALLS,
)
from ragusa.core.work import Work
from ragusa.rules import activation, fish, scoring
from ragusa.rules.queries import scores
from ragusa.rules.solo import common as solo_common
from ragusa.rules.solo import scoring as solo_scoring
from ragusa.rules.two_player import (
    convert_stranded_powerhouses,
)

FISH: Final = RES_INDEX["fish"]
_SPOT_HEXES: Final = BOARD.spot_hexes
_HEX_KIND: Final = BOARD.hex_kind


@implements("TURN-1", "TWO-8", "SOLO-3")
def begin_turn(w: Work, seat: int) -> None:
    w.turn_seat = w.seat = seat
    w.phase = PHASE_PLACE
    if w.n == 2:
        convert_stranded_powerhouses(w, seat)
    if w.solo is not None and seat == w.start_seat:
        w.solo = solo_common.solo_with(w.solo, round=w.solo.round + 1)  # SOLO-3: the next round begins


@implements("TURN-3", "R-14", "SOLO-7", "R-22")
def next_turn(w: Work) -> None:
    """Turns go round in seat order, skipping seats with nothing left to place. The game ends when
    nobody has a piece left (TURN-3), every seat with pieces has passed in a row (R-14), or, solo,
    right after the human's last house (SOLO-7: when the human plays first, the bots keep their
    9th house, R-22)."""
    if w.solo is not None and not w.pieces_left(solo_common.HUMAN):
        begin_end(w)  # SOLO-7: the human's last house ends the game
        return
    if not w.passes:  # the common case, decided without listing every seat
        for k in range(1, w.n + 1):
            cand = (w.turn_seat + k) % w.n
            if w.pieces_left(cand):
                begin_turn(w, cand)
                return
        begin_end(w)
        return
    able = [s for s in range(w.n) if w.pieces_left(s)]
    if not able or w.passes >= len(able):
        begin_end(w)
        return
    for k in range(1, w.n + 1):
        cand = (w.turn_seat + k) % w.n
        if cand in able:
            begin_turn(w, cand)
            return


@implements("END-1", "END-2")
def begin_end(w: Work) -> None:
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
def _bot_end_trades(w: Work) -> None:
    """SOLO-7: just before the scoring, each bot trades its fish the way that scores most for its
    resource bonus cards (`ragusa.rules.solo.scoring.choose_end_trades`; explained for `step`)."""
    assert w.solo is not None
    for seat in w.solo.bot_seats:
        state = w.freeze()
        trades = solo_scoring.choose_end_trades(state, seat)
        if w.ev is not None:
            decision, reason = solo_scoring.explain_end_trades(state, seat, trades)
            w.emit(BotDecision(seat, decision, reason))
        for r in trades:
            fish.trade(w, seat, r)


@implements("END-1", "END-WALL-2", "END-CATH-1", "END-BONUS-1", "WIN-1", "SOLO-7")
def final_scoring(w: Work) -> None:
    """Score walls, then the Cathedral, then each bonus card; the game is over.

    Solo (SOLO-7): the bots first make their end trades; every bonus card scores (the easier
    variant scores only the better card of each bot's Rector pair, SOLO-5)."""
    w.phase = PHASE_OVER
    w.seat = None
    w.end_seats = ()
    if w.solo is not None:
        _bot_end_trades(w)
    snapshot = w.freeze()
    for seat in range(w.n):
        p = w.p(seat)
        walls = scoring.wall_score(snapshot, seat)
        cath = scoring.cathedral_score(snapshot, seat)
        if w.solo is not None:
            scored = solo_scoring.bonus_scores(snapshot, seat)
        else:
            scored = tuple((scoring.bonus_card_score(snapshot, seat, c), c) for c in p.bonus_cards)
            if w.ev is not None:
                scored = tuple((vp, f"bonus card {c}") for vp, c in scored)
        cards = tuple(vp for vp, _ in scored)
        p.vp[VP_WALLS] += walls
        p.vp[VP_CATHEDRAL] += cath
        p.vp[VP_BONUS] += sum(cards)
        p.bonus_vp = cards
        if w.ev is not None:
            w.emit(VPScored(seat, "walls", walls, "longest wall stretch"))
            w.emit(VPScored(seat, "cathedral", cath, "Cathedral sets"))
            for vp, why in scored:
                w.emit(VPScored(seat, "bonus", vp, why))
    if w.ev is not None:
        final = w.freeze()
        w.emit(GameEnded(scores(final), scoring.winners(final)))


def run(w: Work) -> None:
    """Run automatic steps until a seat must decide or the game ends."""
    while True:
        if w.queue:
            if activation.activate_head(w):
                return
            continue
        if w.pending_hexes:
            if len(w.pending_hexes) > 1 and activation.order_matters(
                w.pending_hexes, w.resource(w.turn_seat, FISH), len(w.bonus_deck)
            ):
                w.phase = PHASE_ORDER
                w.seat = w.turn_seat
                return
            activation.start_hex(w, w.pending_hexes[0])
            continue
        w.current_hex = -1
        w.placed = -1
        w.placed_power = False
        w.placements += 1
        next_turn(w)
        return


@implements("TURN-1", "TURN-2", "BUILD-8", "SOLO-4")
def put_piece(w: Work, seat: int, s: int, power: bool, trades: tuple[str, ...]) -> None:
    """Put the piece on spot `s` and activate its hexes: the placement code shared by checked
    placements (`_place`) and the solo bots' unchecked ones (`ragusa.rules.solo.turns.bot_place`, SOLO-4)."""
    p = w.p(seat)
    w.set_house(s, POWERHOUSE if power else seat)
    if power:
        p.powerhouses_left -= 1
    else:
        p.houses_left -= 1
    w.passes = 0
    if w.ev is not None:
        w.emit(HousePlaced(seat, BOARD.spot_ids[s], power))
    w.placed = s
    w.placed_power = power
    hexes = _SPOT_HEXES[s]
    w.pending_hexes = tuple(h for h in hexes if _HEX_KIND[h] == KIND_CITY) if power else hexes
    if trades and sum(fish.TRADE_COST[r] for r in trades) > p.res[FISH]:
        # BUILD-8: the trades spend fish this very house gains, so its sea hexes activate first.
        for h in hexes:
            if _HEX_KIND[h] == KIND_SEA:
                activation.start_hex(w, h)
    for r in trades:
        fish.trade(w, seat, r)
    run(w)
