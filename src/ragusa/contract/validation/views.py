"""Checks of a `PlayerView` read from JSON: what one seat sees must
be the view of a position the rules can reach, as far as the seat can tell. The board and the
activation are checked as in a full state; hidden parts are checked by their counts (every ship and
bonus card exactly once, pieces within each seat's stock), and what is hidden must stay hidden."""

from __future__ import annotations

import types
from collections import Counter

import attrs

from ragusa.contract.documents import PlayerView
from ragusa.contract.validation.bookkeeping import check_bookkeeping
from ragusa.contract.validation.common import BONUS_IDS, SHIP_STARS, Found
from ragusa.contract.validation.structure import check_board
from ragusa.core.components import COMPONENTS
from ragusa.core.errors import Violation
from ragusa.core.state import Phase


def _as_state(v: PlayerView) -> types.SimpleNamespace:
    """The view's public fields under a state's names, for the board and bookkeeping checks."""
    ns = types.SimpleNamespace(**{a.name: getattr(v, a.name) for a in attrs.fields(type(v))})
    ns.n_players = len(v.players)
    ns.solo = v.solo
    dealt = tuple((None,) * p.dealt_count for p in v.players)
    ns.dealt = dealt if v.phase == Phase.SETUP_BONUS or any(dealt) else ()
    ns.bonus_deck = (None,) * v.bonus_deck_size
    ns.players = tuple(
        types.SimpleNamespace(
            resources=p.resources,
            commodities=p.commodities,
            houses_left=p.houses_left,
            powerhouses_left=p.powerhouses_left,
            towers_left=p.towers_left,
        )
        for p in v.players
    )
    ns.rector_hand = (None,) * v.rector_hand_size
    return ns


def validate_view(v: PlayerView) -> list[Violation]:
    """Every invariant the view breaks (empty when it can be a seat's view of a reachable position)."""
    found = Found()
    n = len(v.players)
    if not (3 if v.solo is not None else 2) <= n <= (3 if v.solo is not None else 5):
        found.add("SETUP-1", "$.players", f"{n} seats; a game has 2 to 5 (the solo game 3)")
        return found.items
    for name in ("viewer", "start_seat", "turn_seat"):
        if not 0 <= getattr(v, name) < n:
            found.add("SETUP-7", f"$.{name}", f"seat {getattr(v, name)} does not exist (0..{n - 1})")
    if v.seat is not None and not 0 <= v.seat < n:
        found.add("TURN-1", "$.seat", f"seat {v.seat} does not exist (0..{n - 1})")
    if found:
        return found.items
    state = _as_state(v)
    check_board(state, found)  # type: ignore[arg-type]
    if v.chance is not None and v.placements == 0 and not any(v.slots):
        return found.items  # explicit chance: the empty table while the setup draws (no ship dealt yet)
    if not found:
        _hidden(v, found)
        _counts(v, found)
    if not found:
        try:
            check_bookkeeping(state, found)  # type: ignore[arg-type]
        except (TypeError, AttributeError, IndexError, KeyError, ValueError) as exc:
            found.add("TURN-1", "$", f"the view's bookkeeping is not consistent ({type(exc).__name__})")
    return found.items


def _hidden(v: PlayerView, found: Found) -> None:
    """What the rules keep from the viewer is absent, and what it sees is consistent."""
    over = v.phase == Phase.OVER
    for seat, p in enumerate(v.players):
        base = f"$.players[{seat}]"
        if p.bonus_cards is None:
            if seat == v.viewer or over:
                found.add("END-BONUS-1", f"{base}.bonus_cards", "the viewer's own cards (and all at the end) are shown")
        else:
            if seat != v.viewer and not over:
                found.add("SETUP-6", f"{base}.bonus_cards", "another seat's bonus cards are hidden until the end")
            if len(p.bonus_cards) != p.bonus_card_count:
                found.add(
                    "SETUP-6", f"{base}.bonus_card_count", f"{p.bonus_card_count}; {len(p.bonus_cards)} cards shown"
                )
            for i, card in enumerate(p.bonus_cards):
                if card not in BONUS_IDS:
                    found.add("SETUP-6", f"{base}.bonus_cards[{i}]", f"unknown bonus card {card!r}")
        if p.dealt_count not in (0, 3):
            found.add("SETUP-6", f"{base}.dealt_count", f"{p.dealt_count}; a seat is dealt 3 and then holds none")
        for i, ship in enumerate(p.ships):
            if ship not in SHIP_STARS:
                found.add("MARKET-1", f"{base}.ships[{i}]", f"unknown ship {ship!r}")
        if v.scores and seat < len(v.scores) and v.scores[seat] != sum(p.vp):
            found.add("WIN-1", f"$.scores[{seat}]", f"{v.scores[seat]}; the seat's VP add up to {sum(p.vp)}")
    if len(v.scores) != len(v.players):
        found.add("WIN-1", "$.scores", f"{len(v.scores)} scores for {len(v.players)} seats")
    if len(v.dealt) != v.players[v.viewer].dealt_count:
        found.add("SETUP-6", "$.dealt", "the viewer's dealt cards and its dealt_count differ")
    deciding = v.seat == v.viewer and not over
    if v.rector_hand and (not deciding or len(v.rector_hand) != v.rector_hand_size):
        found.add("RECTOR-1", "$.rector_hand", "the drawn cards are shown only to the seat choosing, all of them")
    if v.legal_actions and (not deciding or v.chance is not None):
        found.add("TURN-1", "$.legal_actions", "only the deciding seat's view lists legal actions")
    for i, slot in enumerate(v.slots):
        if slot is not None and slot not in SHIP_STARS:
            found.add("SETUP-5", f"$.slots[{i}]", f"unknown ship {slot!r}")


def _counts(v: PlayerView, found: Found) -> None:
    """Every ship and bonus card once, counting the hidden ones; pieces within each stock."""
    ships = [s for s in v.slots if s is not None] + [s for p in v.players for s in p.ships]
    twice = [s for s, k in Counter(ships).items() if k > 1]
    if twice:
        found.add("SETUP-5", "$.slots", f"ships in two places: {sorted(twice)}")
    if len(ships) + v.ship_deck_size != len(SHIP_STARS):
        found.add(
            "SETUP-5",
            "$.ship_deck_size",
            f"{len(ships)} ships seen + {v.ship_deck_size} in the deck; there are {len(SHIP_STARS)}",
        )
    held = sum(p.bonus_card_count for p in v.players)
    dealt = sum(p.dealt_count for p in v.players)
    total = held + dealt + v.bonus_deck_size + v.rector_hand_size
    if total != len(BONUS_IDS):
        found.add(
            "SETUP-6",
            "$.bonus_deck_size",
            f"{held} held + {dealt} dealt + {v.bonus_deck_size} in the deck + "
            f"{v.rector_hand_size} drawn = {total}; there are {len(BONUS_IDS)} bonus cards",
        )
    pieces = COMPONENTS.pieces
    houses_each = pieces.houses["solo" if v.solo is not None else str(len(v.players))]
    power_each = pieces.powerhouses_2p if len(v.players) == 2 else 0
    on_board = Counter(v.houses)
    towers = Counter(v.towers)
    for seat, p in enumerate(v.players):
        supply = on_board[seat] + p.houses_left + p.powerhouses_left
        if not houses_each <= supply <= houses_each + power_each:
            found.add(
                "SETUP-2",
                f"$.players[{seat}].houses_left",
                f"{supply} houses on the board and left; the stock is {houses_each}",
            )
        if towers[seat] + p.towers_left != pieces.towers_per_player:
            found.add(
                "SETUP-2",
                f"$.players[{seat}].towers_left",
                f"{towers[seat] + p.towers_left} towers; the stock is {pieces.towers_per_player}",
            )
