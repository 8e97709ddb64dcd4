"""The turn flow (TURN, R-14), every seat's: whose turn it is, placing the piece, and the automatic
steps between decisions (the solo bots' own choices are `ragusa.rules.solo.bot_turns`).

`begin_turn` and `next_turn` go round the seats and see when the game ends; `put_piece` puts a
placed piece on the board and starts its activations (TURN-2); `run` runs every automatic step
(activations, effects with no choice, the next turn) until a seat must decide or the game ends
(`ragusa.rules.end_of_game`).
"""

from __future__ import annotations

from typing import Final

from ragusa.core.board import BOARD, KIND_CITY, KIND_SEA, RES_INDEX
from ragusa.core.clauses import implements
from ragusa.core.scratch import Scratch
from ragusa.core.state import PHASE_ORDER, PHASE_PLACE, POWERHOUSE
from ragusa.rules import activation, fish
from ragusa.rules.end_of_game import begin_end
from ragusa.rules.solo import patrician
from ragusa.rules.two_player import (
    convert_stranded_powerhouses,
)

FISH: Final = RES_INDEX["fish"]
_SPOT_HEXES: Final = BOARD.spot_hexes
_HEX_KIND: Final = BOARD.hex_kind


@implements("TURN-1", "TWO-8", "SOLO-3")
def begin_turn(w: Scratch, seat: int) -> None:
    w.turn_seat = w.seat = seat
    w.phase = PHASE_PLACE
    if w.n == 2:
        convert_stranded_powerhouses(w, seat)
    if w.solo is not None and seat == w.start_seat:
        w.solo = patrician.solo_with(w.solo, round=w.solo.round + 1)  # SOLO-3: the next round begins


@implements("TURN-3", "R-14", "SOLO-7", "R-22")
def next_turn(w: Scratch) -> None:
    """Turns go round in seat order, skipping seats with nothing left to place. The game ends when
    nobody has a piece left (TURN-3), every seat with pieces has passed in a row (R-14), or, solo,
    right after the human's last house (SOLO-7: when the human plays first, the bots keep their
    9th house, R-22)."""
    if w.solo is not None and not w.pieces_left(patrician.HUMAN):
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


def run(w: Scratch) -> None:
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


def resume(w: Scratch) -> None:
    """A building's decision is carried out: the activation of its house is complete, and the
    automatic steps go on (`run`). Every seat's decisions end so, the solo bots' included."""
    activation.finish_head(w)
    run(w)


@implements("TURN-1", "TURN-2", "BUILD-8", "SOLO-4")
def put_piece(w: Scratch, seat: int, s: int, power: bool, trades: tuple[str, ...]) -> None:
    """Put the piece on spot `s` and activate its hexes: the placement code shared by checked
    placements (`_place`) and the solo bots' unchecked ones (`ragusa.rules.solo.bot_turns.bot_place`, SOLO-4)."""
    p = w.p(seat)
    w.set_house(s, POWERHOUSE if power else seat)
    if power:
        p.powerhouses_left -= 1
    else:
        p.houses_left -= 1
    w.passes = 0
    w.house_placed(seat, s, power)
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
