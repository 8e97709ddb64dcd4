"""Phase: the deciding seat and the phase follow from the bookkeeping. The trade window has been
offered exactly while a house on a city hex activates (FISH-2); passes in a row are reset by a
placement and end the game once every seat with pieces has passed (R-14), and a seat that passed
had no legal placement, which stays so while only passes follow; the setup is chosen before the
first turn, which is the start seat's (SETUP-6, SETUP-7); the placing seat chooses the order of
the hexes only when it can matter (ACT-5); a seat still holding a powerhouse at the start of its
turn has a spot for it (TWO-8); the end-game trades are offered to every seat with fish, in turn
order (END-2); in the solo game the round and the turn fix how many houses each colour has placed
(SOLO-3, SOLO-7, R-22)."""

from __future__ import annotations

import attrs

from ragusa.contract.validation.census import OPENING_SPOTS
from ragusa.contract.validation.common import FISH, QUEUED, Found, count
from ragusa.core.state import GameState, Phase
from ragusa.rules.activation import order_matters
from ragusa.rules.fish import MIN_TRADE
from ragusa.rules.legal import legal_moves
from ragusa.rules.solo.patrician import HUMAN
from ragusa.rules.two_player import powerhouse_spots

#: the most fish a unit of a resource costs (FISH-1): every remainder of the fish a seat held
#: when it was asked to order its hexes is met in this many consecutive counts
FISH_WINDOW = 4


def check_turns(s: GameState, found: Found) -> None:
    if s.window_done != (s.phase in QUEUED):
        found.add(
            "FISH-2",
            "$.window_done",
            "the trade window has been offered exactly while a house on a city hex activates "
            f"(phases {sorted(QUEUED)}); got {s.window_done} in phase {s.phase!r}",
        )
    _passes(s, found)
    if s.phase == Phase.SETUP_BONUS and (s.turn_seat != s.start_seat or s.passes):
        found.add("SETUP-7", "$.turn_seat", f"during setup the first turn, start seat {s.start_seat}'s, is to come")
    if s.phase == Phase.ORDER:
        _order(s, found)
    if s.phase == Phase.PLACE and s.n_players == 2:
        p = s.players[s.turn_seat]
        if p.powerhouses_left and not powerhouse_spots(s.houses, s.options.powerhouse_any_hex):
            found.add(
                "TWO-8",
                f"$.players[{s.turn_seat}].powerhouses_left",
                f"no spot is left for a powerhouse, so seat {s.turn_seat}'s {p.powerhouses_left} became houses "
                "at the start of its turn",
            )
    if s.phase == Phase.END_TRADE:
        _end_trades(s, found)
    if s.solo is not None:
        _solo_turns(s, found)
    elif s.phase == Phase.PLACE and s.placements == 0 and s.turn_seat != (s.start_seat + s.passes) % s.n_players:
        found.add(
            "SETUP-7",
            "$.turn_seat",
            f"no house placed yet and {s.passes} passes: the turn is seat {(s.start_seat + s.passes) % s.n_players}'s "
            f"(start seat {s.start_seat})",
        )


def _able(s: GameState) -> list[int]:
    return [seat for seat, p in enumerate(s.players) if p.houses_left + p.powerhouses_left]


def _passes(s: GameState, found: Found) -> None:
    """R-14: a placement resets the passes; the game ends once every seat with pieces has passed;
    a seat that passed had no legal placement, and nothing but passes has happened since."""
    able = _able(s)
    human_done = s.solo is not None and HUMAN not in able
    over = s.phase in (Phase.END_TRADE, Phase.OVER)
    if s.passes and (s.placed >= 0 or (over and (not able or human_done))):
        found.add("R-14", "$.passes", f"{count(s.passes, 'pass')} in a row, but the last turn was a placement")
        return
    if s.phase != Phase.PLACE or not s.passes:
        return
    if s.passes >= len(able):
        found.add("R-14", "$.passes", f"every seat with pieces ({able}) has passed: the game would be over")
        return
    if s.solo is not None:
        found.add("R-19", "$.passes", "a solo bot always has a spot of its cards to take, so it never passes")
        return
    k = able.index(s.turn_seat) if s.turn_seat in able else 0
    for j in range(1, s.passes + 1):
        seat = able[(k - j) % len(able)]
        moves = legal_moves(attrs.evolve(s, seat=seat, turn_seat=seat))
        if moves.houses or moves.power:
            found.add(
                "R-14",
                "$.passes",
                f"{count(s.passes, 'pass')} in a row, but seat {seat}, which passed, has a legal placement",
            )
            return


def _order(s: GameState, found: Found) -> None:
    """ACT-5: the choice of the next hex is offered only when the order can change the outcome; the
    seat may have traded fish since, so any count from what it holds now up is possible."""
    fish = s.players[s.turn_seat].resources[FISH]
    deck = len(s.bonus_deck)
    if not any(order_matters(s.pending_hexes, f, deck) for f in range(fish, fish + FISH_WINDOW)):
        found.add(
            "ACT-5",
            "$.phase",
            "the order of the hexes left cannot change the outcome, so they activate in the spot's order",
        )


def _end_trades(s: GameState, found: Found) -> None:
    """END-2: every seat with fish enough is offered the last trade in turn order; those after the
    one trading now still wait for it (only their own trades lower their fish)."""
    n = s.n_players
    if not s.end_seats:
        return
    bots = s.solo.bot_seats if s.solo is not None else ()
    first = (s.end_seats[0] - s.start_seat) % n
    for k in range(first + 1, n):
        seat = (s.start_seat + k) % n
        if seat not in bots and seat not in s.end_seats and s.players[seat].resources[FISH] >= MIN_TRADE:
            found.add(
                "END-2",
                "$.end_seats",
                f"seat {seat} holds {s.players[seat].resources[FISH]} fish and comes after seat "
                f"{s.end_seats[0]}: it is still to be offered the last trade",
            )


def _solo_turns(s: GameState, found: Found) -> None:
    """SOLO-3: rounds of bot A, bot B and the human (the human first in the easier variant); a bot
    places on every one of its turns (R-19), the human on each unless it passed (R-14); every house
    placed counts (TURN-1). The game ends after the human's turn (SOLO-7, R-22)."""
    assert s.solo is not None
    r = s.solo.round
    if r < 1:
        found.add("SOLO-3", "$.solo.round", "round 0 is before the first turn; the bots have played theirs")
        return
    order = [(s.start_seat + k) % 3 for k in range(3)]
    pos = order.index(s.turn_seat)
    done = s.placed >= 0 or s.phase in (Phase.END_TRADE, Phase.OVER)  # the turn seat's house stands
    placed = [s.houses.count(seat) - len(OPENING_SPOTS[seat]) for seat in range(3)]
    for i, seat in enumerate(order):
        turns = r if i < pos else r - 1 + (1 if i == pos and done else 0)
        if placed[seat] > turns or (seat != HUMAN and placed[seat] != turns):
            found.add(
                "SOLO-3",
                "$.solo.round",
                f"round {r}, seat {s.turn_seat}'s turn: seat {seat} has had {turns} turns, but it has placed "
                f"{placed[seat]} houses",
            )
    expect = sum(placed) - (1 if s.placed >= 0 else 0)
    if s.placements != expect:
        found.add(
            "TURN-1",
            "$.placements",
            f"{s.placements} placements made, but the colours have placed {expect} houses besides their opening ones",
        )
