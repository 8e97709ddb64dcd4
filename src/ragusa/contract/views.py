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
import typing
from collections.abc import Iterable
from operator import attrgetter
from typing import Any

import attrs

from ragusa.contract.documents import PlayerView, SeatView, SoloView
from ragusa.contract.serialization import EVENT_WRITERS, RECORD_WRITERS
from ragusa.core.errors import excerpt
from ragusa.core.events import BonusChosen, BotDecision, Event, Recorded
from ragusa.core.state import GameState, Phase, PlayerState
from ragusa.rules.legal import legal_actions


def _same(view: type, state: type, shown_otherwise: set[str]) -> tuple[str, ...]:
    held = {f.name for f in attrs.fields(state)}
    return tuple(f.name for f in attrs.fields(view) if f.name in held and f.name not in shown_otherwise)


#: the fields of a `GameState` that its `PlayerView` holds as they are (same name, same value):
#: all the fields both have but the seats, the dealt and drawn cards, the solo bots and chance
VIEW_FIELDS = _same(PlayerView, GameState, {"players", "dealt", "rector_hand", "solo", "chance"})
#: the fields of a `PlayerState` that its `SeatView` holds as they are: all but the bonus cards
SEAT_VIEW_FIELDS = _same(SeatView, PlayerState, {"bonus_cards"})
_VIEW_VALUES = attrgetter(*VIEW_FIELDS)
_SEAT_VIEW_VALUES = attrgetter(*SEAT_VIEW_FIELDS)


def view_fields(source: GameState | PlayerView) -> dict[str, Any]:
    """The `VIEW_FIELDS` of a state or a view, by name: to build either from the other."""
    return dict(zip(VIEW_FIELDS, _VIEW_VALUES(source), strict=True))


def seat_view_fields(source: PlayerState | SeatView) -> dict[str, Any]:
    """The `SEAT_VIEW_FIELDS` of a seat's state or its view, by name."""
    return dict(zip(SEAT_VIEW_FIELDS, _SEAT_VIEW_VALUES(source), strict=True))


def _seat_view(p: PlayerState, own: bool, reveal: bool, dealt: int) -> SeatView:
    return SeatView(
        bonus_card_count=len(p.bonus_cards),
        bonus_cards=p.bonus_cards if own or reveal else None,
        dealt_count=dealt,
        **seat_view_fields(p),
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
        players=players,
        ship_deck_size=len(state.ship_deck),
        bonus_deck_size=len(state.bonus_deck),
        dealt=dealt[seat] if seat < len(dealt) else (),
        rector_hand=state.rector_hand if deciding else (),
        rector_hand_size=len(state.rector_hand),
        solo=solo,
        legal_actions=legal_actions(state) if deciding else (),
        scores=tuple(p.total_vp for p in state.players),
        chance=node.kind if node is not None else None,
        **view_fields(state),
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


#: every event class (what `events_for` accepts)
EVENT_TYPES: tuple[type, ...] = typing.get_args(Event)


#: the event classes `_redact` leaves as they are, whoever the seat
_SHOWN_AS_THEY_ARE = frozenset(EVENT_TYPES) - {BonusChosen, BotDecision}


def _redact(event: Event, seat: int | None) -> Event:
    if isinstance(event, BonusChosen) and event.seat != seat:
        return BonusChosen(event.seat, HIDDEN)
    if isinstance(event, BotDecision) and event.seat != seat:
        if event.decision.startswith("place "):
            return BotDecision(event.seat, event.decision, BOT_PLACEMENT_REASON)
        if event.decision == "pass":
            return BotDecision(event.seat, event.decision, BOT_PASS_REASON)
    return event


def events_for(seat: int | None, events: Iterable[Event]) -> tuple[Event, ...]:
    """`seat`'s share of the events of a step (`ragusa.step` returns the server's, which tell
    everything), hiding what `view(state, seat)` hides:

    * a bonus card another seat keeps reads `HIDDEN` (SETUP-6, RECTOR-1, and a solo bot's cards,
      SOLO-2); the final scoring's events name every card, as the view turns them up (END-BONUS-1);
    * a solo bot's placement and pass do not name the hidden Patrician card it drew, nor that
      card's other spots (SOLO-2, SOLO-4): only the spot taken is public.

    `seat=None` gives what every seat may see (a spectator's share, or a log shown to all).
    Raises `ValueError` for a seat that is not a seat number or an item that is not an event.
    """
    if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int) or seat < 0):
        raise ValueError(f"seat must be a seat number (0 or more) or None; got {excerpt(repr(seat), 40)}")
    if isinstance(events, (str, bytes)) or not isinstance(events, Iterable):
        raise ValueError(f"events must be the events of a step; got {excerpt(repr(events), 40)}")
    out = []
    for i, event in enumerate(events):
        cls = type(event)
        if cls in _SHOWN_AS_THEY_ARE:  # the usual case: an event every seat sees whole
            out.append(event)
            continue
        if not isinstance(event, EVENT_TYPES):
            raise ValueError(f"events[{i}] is not a ragusa event: {excerpt(repr(event), 60)}")
        out.append(_redact(event, seat))
    return tuple(out)


def records_to_data(seat: int | None, recorded: Iterable[Recorded]) -> list[dict[str, Any]]:
    """`seat`'s share of a step's events as JSON data, from the events as the rules record them
    (`ragusa.rules.resolution.step_recorded`): what `event_to_data` writes of each of
    `events_for(seat, made(recorded))`, an event every seat sees whole written straight from its
    values (the protocol's answers)."""
    out = []
    whole, writers = _SHOWN_AS_THEY_ARE, RECORD_WRITERS
    for r in recorded:
        if isinstance(r, tuple):
            cls, values = r
            if cls in whole:  # the usual case
                out.append(writers[cls](*values))
                continue
            r = cls(*values)
        e = _redact(r, seat)
        out.append(EVENT_WRITERS[type(e)](e))
    return out


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
    "SEAT_VIEW_FIELDS",
    "VIEW_FIELDS",
    "PlayerView",
    "SeatView",
    "SoloView",
    "events_for",
    "records_to_data",
    "seat_view_fields",
    "view",
    "view_fields",
    "view_from_json",
    "view_to_data",
    "view_to_json",
]
