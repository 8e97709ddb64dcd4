"""The activation in progress and the end, each against the way the rules get there.

*Activation* (`check_activation`): a placement's hexes activate in the spot's order unless the seat
chose another because the order could change the outcome (ACT-5); a powerhouse activates only its
city hexes (TWO-4); before the first hex starts no hex is done (TURN-2); a city hex queues its houses
clockwise from the new one and resolves them from the head, so the queue is what is left of that
ring, and the Rector's Palace and the Cathedral queue only the new house (ACT-3, ACT-4).

*End* (`check_end`): a game ended by passes ended at the pass that made every seat with pieces pass
in a row, by one of those seats, none of which had a legal placement (R-14); the last fish trades
only remove placements, so none has one now. A solo game ends on the human's turn (SOLO-7), by a
pass only once the human alone has pieces (a bot never passes, R-19).
"""

from __future__ import annotations

import attrs

from ragusa.contract.validation.common import FISH, QUEUED, Found, count
from ragusa.contract.validation.turns import FISH_WINDOW
from ragusa.core.board import BOARD, KIND_CITY
from ragusa.core.scratch import Scratch
from ragusa.core.state import GameState, Phase
from ragusa.rules.activation import NEW_HOUSE_ONLY, order_matters, start_hex
from ragusa.rules.legal import legal_moves
from ragusa.rules.solo.patrician import HUMAN


def check_activation(s: GameState, found: Found) -> None:
    if s.placed < 0:
        return
    hexes = activated_hexes(s)
    pending = s.pending_hexes
    if s.placed_power and any(h not in hexes for h in (*pending, s.current_hex) if h >= 0):
        found.add("TWO-4", "$.pending_hexes", "a powerhouse activates only its city hexes")
        return
    if pending != tuple(h for h in hexes if h in pending):
        found.add("ACT-5", "$.pending_hexes", f"the hexes still to come keep the spot's order {list(hexes)}")
    if s.current_hex == -1 and pending != hexes:
        found.add(
            "TURN-2",
            "$.current_hex",
            f"no hex has started, so every hex of spot {BOARD.spot_ids[s.placed]} is still to come: {list(hexes)}",
        )
    if s.phase in QUEUED and s.current_hex >= 0 and s.queue:
        _queue(s, found)
        _chosen(s, hexes, found)


def activated_hexes(s: GameState) -> tuple[int, ...]:
    """The hexes the piece being resolved activates, in the spot's order (TWO-4: a powerhouse's city hexes)."""
    hexes = BOARD.spot_hexes[s.placed]
    return tuple(h for h in hexes if BOARD.hex_kind[h] == KIND_CITY) if s.placed_power else hexes


def ring_queue(s: GameState, h: int) -> tuple[int, ...]:
    """The queue city hex `h` starts with (the rule's own `start_hex` on a scratch copy): the new
    house alone (ACT-4), or every house on the hex clockwise from the new one (ACT-3)."""
    w = Scratch(s)
    start_hex(w, h)
    return w.queue


def _queue(s: GameState, found: Found) -> None:
    full = ring_queue(s, s.current_hex)
    if s.queue != full[len(full) - len(s.queue) :]:
        name = BOARD.hex_ids[s.current_hex]
        if BOARD.hex_building[s.current_hex] in NEW_HOUSE_ONLY:
            found.add("ACT-4", "$.queue", f"{name} activates only the new house ({BOARD.spot_ids[s.placed]})")
        else:
            spots = [BOARD.spot_ids[x] for x in full]
            found.add(
                "ACT-3",
                "$.queue",
                f"{name} activates its houses clockwise from the new one ({spots}), so the houses still to "
                f"activate are the last {count(len(s.queue), 'house')} of that order",
            )


def _chosen(s: GameState, hexes: tuple[int, ...], found: Found) -> None:
    """ACT-5: a hex started before one that precedes it in the spot's order only by the placing
    seat's choice, offered when the order of the hexes then left could change the outcome."""
    current = s.current_hex
    earlier = [h for h in s.pending_hexes if hexes.index(h) < hexes.index(current)]
    if not earlier:
        return
    left = tuple(h for h in hexes if h == current or h in s.pending_hexes)
    fish = s.players[s.turn_seat].resources[FISH]  # trades since then only lowered it
    deck = len(s.bonus_deck) + len(s.rector_hand)  # the cards the Rector has drawn since
    if not any(order_matters(left, f, deck) for f in range(fish, fish + FISH_WINDOW)):
        found.add(
            "ACT-5",
            "$.current_hex",
            f"{BOARD.hex_ids[current]} activates before {BOARD.hex_ids[earlier[0]]}, but the order of the hexes "
            "then left could not change the outcome, so they activate in the spot's order",
        )


def check_end(s: GameState, found: Found) -> None:
    if s.phase not in (Phase.END_TRADE, Phase.OVER):
        return
    able = [seat for seat, p in enumerate(s.players) if p.houses_left + p.powerhouses_left]
    if s.solo is not None:
        if s.turn_seat != HUMAN:
            found.add("SOLO-7", "$.turn_seat", f"the solo game ends on the human's turn (seat {HUMAN})")
            return
        if s.passes and able != [HUMAN]:
            found.add(
                "R-19",
                "$.passes",
                f"a solo bot never passes, so the game ends by a pass only once the human alone has pieces; seats "
                f"{able} have",
            )
            return
    if not able or s.passes < len(able):
        return  # no piece left (TURN-3), the human's last house (SOLO-7), or refused by the bookkeeping
    if s.passes > len(able):
        found.add(
            "R-14",
            "$.passes",
            f"the game ends at the pass that makes every seat with pieces ({able}) pass in a row: "
            f"{count(len(able), 'pass')}, not {s.passes}",
        )
    if s.turn_seat not in able:
        found.add(
            "R-14", "$.turn_seat", f"the last turn was a pass by a seat with pieces ({able}), not seat {s.turn_seat}"
        )
        return
    for seat in able:
        moves = legal_moves(attrs.evolve(s, phase=Phase.PLACE, seat=seat, turn_seat=seat, end_seats=()))
        if moves.houses or moves.power:
            found.add(
                "R-14",
                "$.passes",
                f"seat {seat} passed its last turn, but it has a legal placement (the last fish trades add none)",
            )
            return
