"""Player views: what one seat may know of a game position.

:func:`view` turns a full :class:`~ragusa.core.state.GameState` into a :class:`PlayerView` for one
seat. The view keeps everything on the table (the board, the market, every seat's resources,
commodities, pieces, ships and VP) and drops what the seat may not see:

* other seats' bonus cards (only how many each holds) until the game is over, when the cards
  are turned up to be scored (END-BONUS-1);
* the order, and the identity, of the cards in the ship and bonus decks (only their sizes);
* other seats' dealt cards during setup (SETUP-6) and the Rector's drawn cards (RECTOR-1) unless
  the viewer is the seat choosing among them;
* the solo bots' Patrician cards and Rector pairs (only how many);
* the random generator's state.

The deciding seat's view also carries its legal actions, so a program that holds only views
(a UI, a remote client) can offer the moves without ever seeing the full state.
"""

from __future__ import annotations

import json
from typing import Any

import attrs

from ragusa.core.actions import Action
from ragusa.rules.engine import legal_actions
from ragusa.core.events import BonusChosen, Event
from ragusa.core.state import GameState, Options, Phase, PlayerState


@attrs.frozen
class SeatView:
    """One seat's holdings as the viewer sees them."""

    #: fish, wood, stone, silver ore, grapes, olives (RES-1)
    resources: tuple[int, int, int, int, int, int]
    #: silver, wine, oil held (RES-2)
    commodities: tuple[int, int, int]
    houses_left: int
    powerhouses_left: int
    towers_left: int
    #: how many bonus cards the seat holds
    bonus_card_count: int
    #: the seat's bonus cards: the viewer's own, or everyone's once the game is over; null while hidden
    bonus_cards: tuple[str, ...] | None
    #: ships bought, in order
    ships: tuple[str, ...]
    #: VP by source: mason, fishmonger, wharf, ships, walls, cathedral, bonus
    vp: tuple[int, int, int, int, int, int, int]
    #: VP each bonus card scored at the end, parallel to bonus_cards (empty until then)
    bonus_vp: tuple[int, ...]
    #: fish given away in trades so far (FISH-1)
    fish_traded: int
    #: SETUP-6: how many dealt cards the seat still has to choose from (3, or 0 once chosen)
    dealt_count: int


@attrs.frozen
class SoloView:
    """The solo game's public part (SOLO): the bots' cards are counted, not shown."""

    #: how many Patrician cards each bot has left
    bot_card_counts: tuple[int, ...]
    #: seats of the bots, in play order
    bot_seats: tuple[int, ...]
    #: easier variant: how many Rector pairs each bot keeps (SOLO-5)
    bot_pair_counts: tuple[int, ...]
    #: rounds completed (SOLO-3: 9)
    round: int


@attrs.frozen
class PlayerView:
    """What seat ``viewer`` may know of a position. Fields not described here mean what they mean in
    the game state (indices in component-file order)."""

    #: the seat this view is for
    viewer: int
    edition: str
    options: Options
    #: every seat's holdings, hidden parts removed
    players: tuple[SeatView, ...]
    start_seat: int
    phase: str
    #: the deciding seat (null when the game is over)
    seat: int | None
    #: the seat whose turn it is (the placing player)
    turn_seat: int
    placements: int
    #: per spot: -1 free, a seat, -2 powerhouse, -3 solo reserved spot
    houses: tuple[int, ...]
    #: per spot: -1 or the seat owning the tower there
    towers: tuple[int, ...]
    #: per wall segment: -1 or the seat that built it
    walls: tuple[int, ...]
    #: per commodity (silver, wine, oil): the bead's index on the market track
    market: tuple[int, int, int]
    #: per market slot, left to right: a ship id or null
    slots: tuple[str | None, ...]
    #: ships left in the face-down deck
    ship_deck_size: int
    #: bonus cards left in the face-down deck
    bonus_deck_size: int
    #: SETUP-6: the viewer's own dealt cards while it has not chosen (empty otherwise)
    dealt: tuple[str, ...]
    #: RECTOR-1: the drawn cards, shown only to the seat choosing among them
    rector_hand: tuple[str, ...]
    #: RECTOR-1: how many cards are drawn and awaiting a choice
    rector_hand_size: int
    #: the spot of the house being resolved, or -1
    placed: int
    placed_power: bool
    #: hexes of the new house still to activate (ACT-5)
    pending_hexes: tuple[int, ...]
    #: the hex activating now, or -1
    current_hex: int
    #: spots on the current hex still to activate, clockwise
    queue: tuple[int, ...]
    window_done: bool
    passes: int
    end_seats: tuple[int, ...]
    solo: SoloView | None
    #: the viewer's legal actions when it is the deciding seat (empty otherwise)
    legal_actions: tuple[Action, ...]
    #: VP per seat so far (final once the game is over)
    scores: tuple[int, ...]


def _seat_view(p: PlayerState, own: bool, reveal: bool, dealt: int) -> SeatView:
    return SeatView(
        resources=p.resources,
        commodities=p.commodities,
        houses_left=p.houses_left,
        powerhouses_left=p.powerhouses_left,
        towers_left=p.towers_left,
        bonus_card_count=len(p.bonus_cards),
        bonus_cards=p.bonus_cards if own or reveal else None,
        ships=p.ships,
        vp=p.vp,
        bonus_vp=p.bonus_vp,
        fish_traded=p.fish_traded,
        dealt_count=dealt,
    )


def view(state: GameState, seat: int) -> PlayerView:
    """What ``seat`` may know of ``state`` (see the module docs for what is hidden)."""
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < state.n_players:
        raise ValueError(f"seat must be 0..{state.n_players - 1}; got {seat!r}")
    over = state.phase == Phase.OVER
    dealt = state.dealt
    players = tuple(
        _seat_view(p, i == seat, over, len(dealt[i]) if i < len(dealt) else 0) for i, p in enumerate(state.players)
    )
    deciding = state.seat == seat and not over
    solo = None
    if state.solo is not None:
        solo = SoloView(
            bot_card_counts=tuple(len(c) for c in state.solo.bot_cards),
            bot_seats=state.solo.bot_seats,
            bot_pair_counts=tuple(len(c) for c in state.solo.bot_pairs),
            round=state.solo.round,
        )
    return PlayerView(
        viewer=seat,
        edition=state.edition,
        options=state.options,
        players=players,
        start_seat=state.start_seat,
        phase=state.phase,
        seat=state.seat,
        turn_seat=state.turn_seat,
        placements=state.placements,
        houses=state.houses,
        towers=state.towers,
        walls=state.walls,
        market=state.market,
        slots=state.slots,
        ship_deck_size=len(state.ship_deck),
        bonus_deck_size=len(state.bonus_deck),
        dealt=dealt[seat] if seat < len(dealt) else (),
        rector_hand=state.rector_hand if deciding else (),
        rector_hand_size=len(state.rector_hand),
        placed=state.placed,
        placed_power=state.placed_power,
        pending_hexes=state.pending_hexes,
        current_hex=state.current_hex,
        queue=state.queue,
        window_done=state.window_done,
        passes=state.passes,
        end_seats=state.end_seats,
        solo=solo,
        legal_actions=legal_actions(state) if deciding else (),
        scores=tuple(p.total_vp for p in state.players),
    )


#: what a redacted card id reads in events shown to other seats
HIDDEN = "hidden"


def redact_events(events: tuple[Event, ...] | list[Event], seat: int) -> tuple[Event, ...]:
    """``events`` as ``seat`` may see them: another seat's kept bonus card reads :data:`HIDDEN`."""
    return tuple(
        BonusChosen(e.seat, HIDDEN) if isinstance(e, BonusChosen) and e.seat != seat else e for e in events
    )


def view_to_data(v: PlayerView) -> dict[str, Any]:
    from ragusa.contract.serialization import CONVERTER

    data: dict[str, Any] = CONVERTER.unstructure(v)
    return data


def view_to_json(v: PlayerView) -> str:
    """The view as compact JSON (see the ``view`` schema)."""
    return json.dumps(view_to_data(v), separators=(",", ":"), sort_keys=True)


def view_from_json(text: str | bytes | Any) -> PlayerView:
    """A view from :func:`view_to_json`'s output (or parsed data), validated against the ``view`` schema.

    Raises :class:`~ragusa.core.errors.InvalidInputError` naming the JSON path of the first problem.
    """
    from ragusa.contract.schema import read_document
    from ragusa.contract.serialization import structure_checked

    data = read_document("view", text)
    return structure_checked(data, PlayerView)
