"""Player views: what one seat may know of a game position.

`view` turns a full `GameState` into a `PlayerView` for one
seat. The view keeps everything on the table (the board, the market, every seat's resources,
commodities, pieces, ships and VP) and drops what the seat may not see:

* other seats' bonus cards (only how many each holds) until the game is over, when the cards
  are turned up to be scored (END-BONUS-1);
* the order, and the identity, of the cards in the ship and bonus decks (only their sizes);
* other seats' dealt cards during setup (SETUP-6) and the Rector's drawn cards (RECTOR-1) unless
  the viewer is the seat choosing among them;
* the solo bots' Patrician cards and Rector pairs (only how many);
* the random generator's state;
* with explicit chance, the outcomes a chance node can have and those already drawn for the
  action being resolved (only what is drawn: `PlayerView.chance`).

The deciding seat's view also carries its legal actions, so a program that holds only views
(a UI, a remote client) can offer the moves without ever seeing the full state.
"""

from __future__ import annotations

import json
from typing import Any

from ragusa.contract.documents import PlayerView, SeatView, SoloView
from ragusa.core.events import BonusChosen, BotDecision, Event
from ragusa.core.state import GameState, Phase, PlayerState
from ragusa.rules.legal import legal_actions


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
    """What `seat` may know of `state` (see the module docs for what is hidden)."""
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < state.n_players:
        raise ValueError(f"seat must be 0..{state.n_players - 1}; got {seat!r}")
    over = state.phase == Phase.OVER
    dealt = state.dealt
    players = tuple(
        _seat_view(p, i == seat, over, len(dealt[i]) if i < len(dealt) else 0) for i, p in enumerate(state.players)
    )
    node = state.chance.node if state.chance is not None else None
    deciding = state.seat == seat and not over and node is None  # at a chance node nobody decides
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
        chance=node.kind if node is not None else None,
    )


#: what a redacted card id reads in events shown to other seats
HIDDEN = "hidden"


#: what a bot's placement reads in the events shown to the human: the card it drew stays hidden
#: (its other spots are still its to take), only the spot taken is public (SOLO-2, SOLO-4)
BOT_PLACEMENT_REASON = (
    "SOLO-4: the bot drew one of its hidden Patrician cards at random and placed on that card's "
    "lowest-numbered free spot"
)
BOT_PASS_REASON = "SOLO-4: the bot has no Patrician card with a free spot left, so it passes (R-19, R-14)"


def _redact(event: Event, seat: int) -> Event:
    if isinstance(event, BonusChosen) and event.seat != seat:
        return BonusChosen(event.seat, HIDDEN)
    if isinstance(event, BotDecision) and event.seat != seat:
        if event.decision.startswith("place "):
            return BotDecision(event.seat, event.decision, BOT_PLACEMENT_REASON)
        if event.decision == "pass":
            return BotDecision(event.seat, event.decision, BOT_PASS_REASON)
    return event


def redact_events(events: tuple[Event, ...] | list[Event], seat: int) -> tuple[Event, ...]:
    """`events` as `seat` may see them: another seat's kept bonus card reads `HIDDEN`, and a
    solo bot's placement does not name the hidden Patrician card it drew (nor the card's other spots).

    `ragusa.step` returns the server's events, which tell everything; a seat gets these.
    """
    return tuple(_redact(e, seat) for e in events)


def view_to_data(v: PlayerView) -> dict[str, Any]:
    from ragusa.contract.serialization import CONVERTER

    data: dict[str, Any] = CONVERTER.unstructure(v)
    return data


def view_to_json(v: PlayerView) -> str:
    """The view as compact JSON (see the `view` schema)."""
    return json.dumps(view_to_data(v), separators=(",", ":"), sort_keys=True)


def view_from_json(text: str | bytes | Any) -> PlayerView:
    """A view from `view_to_json`'s output (or parsed data), validated against the `view` schema.

    Raises `InvalidInputError` naming the JSON path of the first problem.
    """
    from ragusa.contract.schema import read_document
    from ragusa.contract.serialization import structure_checked
    from ragusa.contract.validation.views import validate_view
    from ragusa.core.errors import refusal

    data = read_document("view", text)
    v = structure_checked(data, PlayerView)
    found = validate_view(v)
    if found:
        raise refusal(found)
    return v


__all__ = [
    "HIDDEN",
    "PlayerView",
    "SeatView",
    "SoloView",
    "redact_events",
    "view",
    "view_from_json",
    "view_to_data",
    "view_to_json",
]
