"""Bookkeeping: the phase, the deciding seat and the activation in progress agree with each other
(TURN-1, ACT-3, ACT-5, FISH-2, END-2, SETUP-6), and a pending effect is one that can still happen (R-8)."""

from __future__ import annotations

from ragusa.contract.validation.census import beneficiary
from ragusa.contract.validation.common import FISH, QUEUED, RESOLVING, Found, index_list
from ragusa.core.board import BOARD, BUILDING_INDEX, KIND_CITY
from ragusa.core.state import EMPTY, POWERHOUSE, GameState, Phase
from ragusa.rules.activation import READS_RESOURCE
from ragusa.rules.buildings.market import affordable_slots
from ragusa.rules.fish import MIN_TRADE
from ragusa.rules.solo.patrician import HUMAN

#: the building whose activation each decision belongs to
PHASE_BUILDING: dict[Phase, int] = {
    Phase.MASON: BUILDING_INDEX["mason"],
    Phase.ARCHITECT: BUILDING_INDEX["architect"],
    Phase.MARKET: BUILDING_INDEX["market"],
    Phase.WHARF: BUILDING_INDEX["wharf"],
    Phase.RECTOR_DRAW: BUILDING_INDEX["rectors-palace"],
    Phase.RECTOR_KEEP: BUILDING_INDEX["rectors-palace"],
}


def check_bookkeeping(s: GameState, found: Found) -> None:
    _seat_and_phase(s, found)
    _activation(s, found)
    if not found and s.phase in QUEUED:
        _effect(s, found)
    _end(s, found)


def _seat_and_phase(s: GameState, found: Found) -> None:
    n = s.n_players
    phase = s.phase
    if (phase == Phase.OVER) != (s.seat is None):
        found.add("TURN-3", "$.seat", 'the deciding seat is null exactly when the game is over (phase "over")')
        return
    if phase in (Phase.PLACE, Phase.ORDER) and s.seat != s.turn_seat:
        found.add(
            "TURN-1", "$.seat", f"in phase {phase!r} the deciding seat is the turn's seat {s.turn_seat}; got {s.seat}"
        )
    if s.solo is not None and s.seat is not None and s.seat in s.solo.bot_seats:
        found.add("SOLO-5", "$.seat", f"seat {s.seat} is a bot; the library decides for bots, never a caller")
    if phase == Phase.SETUP_BONUS:
        if s.solo is not None:
            found.add("SOLO-2", "$.phase", "the solo game deals its bonus cards without a choice")
        elif len(s.dealt) != n:
            found.add("SETUP-6", "$.dealt", f"during setup there is one dealt hand per seat ({n}); got {len(s.dealt)}")
        elif s.seat is not None and not s.dealt[s.seat]:
            found.add("SETUP-6", f"$.dealt[{s.seat}]", "the deciding seat has no dealt cards to choose from")
        elif s.seat is not None:
            _setup_order(s, found)
    elif s.dealt:
        found.add("SETUP-6", "$.dealt", f"dealt cards exist only during setup (phase {Phase.SETUP_BONUS!r})")
    if (phase == Phase.RECTOR_KEEP) != bool(s.rector_hand):
        found.add("RECTOR-1", "$.rector_hand", f"drawn cards await a choice exactly in phase {Phase.RECTOR_KEEP!r}")
    elif len(s.rector_hand) == 1 and s.bonus_deck:
        found.add("R-4", "$.rector_hand", "the Rector draws 2 cards; 1 only when the deck held just 1")
    if not 0 <= s.passes <= n:
        found.add("R-14", "$.passes", f"{s.passes} passes in a row; at most {n}")
    if phase == Phase.PLACE:
        p = s.players[s.turn_seat]
        if p.houses_left + p.powerhouses_left == 0:
            found.add("TURN-3", "$.turn_seat", f"seat {s.turn_seat} is to place but has no piece left")


def _setup_order(s: GameState, found: Found) -> None:
    """SETUP-6: seats choose in turn order from the start seat, so those before the deciding seat
    have chosen and those from it on have not."""
    n = s.n_players
    assert s.seat is not None
    k_seat = (s.seat - s.start_seat) % n
    for k in range(n):
        seat = (s.start_seat + k) % n
        if bool(s.dealt[seat]) != (k >= k_seat):
            found.add(
                "SETUP-6",
                f"$.dealt[{seat}]",
                f"seats choose in turn order from start seat {s.start_seat}, and seat {s.seat} is choosing now",
            )


def _activation(s: GameState, found: Found) -> None:
    phase = s.phase
    n_spots, n_hexes = len(BOARD.spot_ids), len(BOARD.hex_ids)
    if not -1 <= s.placed < n_spots:
        found.add("TURN-2", "$.placed", f"{s.placed} is neither -1 nor a spot index (0..{n_spots - 1})")
    if not -1 <= s.current_hex < n_hexes:
        found.add("TURN-2", "$.current_hex", f"{s.current_hex} is neither -1 nor a hex index (0..{n_hexes - 1})")
    index_list(found, "ACT-5", "$.pending_hexes", s.pending_hexes, n_hexes, "hex")
    index_list(found, "ACT-3", "$.queue", s.queue, n_spots, "spot")
    index_list(found, "END-2", "$.end_seats", s.end_seats, s.n_players, "seat")
    if found:
        return
    if (phase in RESOLVING) != (s.placed >= 0):
        found.add(
            "TURN-2", "$.placed", f"a house is being resolved (placed >= 0) exactly in phases {sorted(RESOLVING)}"
        )
        return
    if s.placed < 0:
        if s.placed_power or s.pending_hexes or s.queue or s.current_hex != -1:
            found.add("TURN-2", "$.placed", "no house is being resolved, yet the activation bookkeeping is not empty")
        return
    piece = POWERHOUSE if s.placed_power else s.turn_seat
    if s.houses[s.placed] != piece:
        what = "a powerhouse" if s.placed_power else f"seat {s.turn_seat}'s house"
        found.add(
            "TURN-2", "$.placed", f"the piece being resolved is {what}, but spot {s.placed} holds {s.houses[s.placed]}"
        )
    hexes = BOARD.spot_hexes[s.placed]
    for i, h in enumerate(s.pending_hexes):
        if h not in hexes:
            found.add("ACT-5", f"$.pending_hexes[{i}]", f"hex {h} is not a hex of the new house's spot {s.placed}")
    if s.current_hex != -1 and (s.current_hex not in hexes or s.current_hex in s.pending_hexes):
        found.add("ACT-5", "$.current_hex", f"hex {s.current_hex} is not an activated hex of spot {s.placed}")
    if phase == Phase.ORDER and (len(s.pending_hexes) < 2 or s.queue):
        found.add("ACT-5", "$.pending_hexes", "choosing the next hex needs two or more hexes left and no house queued")
    if phase in QUEUED:
        if s.current_hex == -1 or BOARD.hex_kind[s.current_hex] != KIND_CITY or not s.queue:
            found.add("ACT-3", "$.queue", f"in phase {phase!r} a house on the current city hex is activating")
            return
        ring = BOARD.hex_spots[s.current_hex]
        for i, q in enumerate(s.queue):
            if q not in ring or not (s.houses[q] >= 0 or s.houses[q] == POWERHOUSE):
                found.add("ACT-3", f"$.queue[{i}]", f"spot {q} holds no house on the current hex {s.current_hex}")
    elif s.queue:
        found.add("ACT-3", "$.queue", f"no house is activating in phase {phase!r}")


def _effect(s: GameState, found: Found) -> None:
    """The decision belongs to the building activating now, its seat is the one the effect
    benefits, and the effect is one that can still happen (R-8)."""
    phase = s.phase
    building = BOARD.hex_building[s.current_hex]
    seat = beneficiary(s, s.queue[0])
    name = BOARD.hex_ids[s.current_hex]
    if phase == Phase.TRADE_WINDOW:
        if building not in READS_RESOURCE:
            found.add(
                "FISH-2",
                "$.phase",
                f"a trade window opens only before a building that reads a resource; {name} does not",
            )
    elif PHASE_BUILDING[phase] != building:
        found.add("ACT-3", "$.phase", f"phase {phase!r} does not belong to the activating hex {name}")
        return
    if s.seat != seat:
        found.add(
            "ACT-3",
            "$.seat",
            f"the activating house on {BOARD.spot_ids[s.queue[0]]} benefits seat {seat}, not seat {s.seat}",
        )
        return
    p = s.players[seat]
    if phase != Phase.TRADE_WINDOW and not s.window_done:
        found.add("FISH-2", "$.window_done", "a building decision comes after its trade window")
    if phase == Phase.ARCHITECT and not (p.towers_left and any(s.towers[x] == EMPTY for x in BOARD.tower_spots)):
        found.add(
            "R-8", "$.phase", f"seat {seat} has no tower left or no tower spot is free: the Architect does nothing"
        )
    elif phase == Phase.MASON and EMPTY not in s.walls:
        found.add("R-8", "$.phase", "every wall segment is built: the Mason does nothing")
    elif phase == Phase.RECTOR_DRAW and not s.bonus_deck:
        found.add("R-8", "$.phase", "the bonus deck is empty: the Rector offers no draw")
    elif phase == Phase.MARKET and not affordable_slots(s.slots, p.commodities):
        found.add("R-8", "$.phase", f"seat {seat} can afford no ship: the Market offers nothing")
    elif phase == Phase.WHARF and not any(p.commodities):
        found.add("R-8", "$.phase", f"seat {seat} holds no commodity: the Wharf offers nothing")


def _end(s: GameState, found: Found) -> None:
    """END-2 bookkeeping, and the game ends only when it is over (TURN-3, R-14; solo: after the human's last house, SOLO-7)."""
    n = s.n_players
    if s.phase == Phase.END_TRADE:
        if not s.end_seats or s.seat != s.end_seats[0]:
            found.add(
                "END-2", "$.end_seats", "in the end-game trade window the deciding seat is the first of end_seats"
            )
        order = [(seat - s.start_seat) % n for seat in s.end_seats]
        if order != sorted(order):
            found.add(
                "END-2", "$.end_seats", f"seats are offered the last trade in turn order from start seat {s.start_seat}"
            )
        for i, seat in enumerate(s.end_seats[1:], 1):
            if s.solo is not None and seat in s.solo.bot_seats:
                found.add("SOLO-7", f"$.end_seats[{i}]", f"seat {seat} is a bot; bots trade by their own rule")
            elif s.players[seat].resources[FISH] < MIN_TRADE:
                found.add(
                    "END-2",
                    f"$.end_seats[{i}]",
                    f"seat {seat} has fewer than {MIN_TRADE} fish: it is not offered a trade",
                )
    elif s.end_seats:
        found.add("END-2", "$.end_seats", f"end_seats is used only in phase {Phase.END_TRADE!r}")
    if s.phase in (Phase.END_TRADE, Phase.OVER):
        able = [seat for seat, p in enumerate(s.players) if p.houses_left + p.powerhouses_left]
        human_done = s.solo is not None and HUMAN not in able  # SOLO-7: the end follows the human's last house
        if able and s.passes < len(able) and not human_done:
            found.add(
                "TURN-3",
                "$.phase",
                f"seats {able} still have pieces to place (and have not all passed, R-14): the game is not over",
            )
