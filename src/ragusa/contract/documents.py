"""The contract's document types: what a seat sees (`PlayerView`), a game record
(`GameRecord`), and the `"type"` tags of actions and events.

Types only: the functions that make and read these documents live in `ragusa.contract.views`,
`ragusa.contract.records` and `ragusa.contract.serialization`; the schema generator
(`ragusa.contract.schema.generate`) reads the types from here.
"""

from __future__ import annotations

import re

import attrs

from ragusa.core.actions import Action
from ragusa.core.state import Options, Phase


def type_tag(cls: type) -> str:
    """The `"type"` tag of an action or event class: its name in snake case
    (`BuildWall` -> `build_wall`; an acronym stays one word: `VPScored` -> `vp_scored`)."""
    return re.sub(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])", "_", cls.__name__).lower()


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
    """What seat `viewer` may know of a position. Fields not described here mean what they mean in
    the game state (indices in component-file order)."""

    #: the seat this view is for
    viewer: int
    edition: str
    options: Options
    #: every seat's holdings, hidden parts removed
    players: tuple[SeatView, ...]
    start_seat: int
    phase: Phase
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
    #: explicit chance: at a chance node, what is drawn ("ship", "bonus", "patrician", "bot_card",
    #: "start_seat"), the view being of the position before the action that draws (during the
    #: setup's draws, of the empty table); absent otherwise
    chance: str | None = None


#: the record format this library writes and reads
RECORD_VERSION = 1


@attrs.frozen(kw_only=True)
class GameRecord:
    """A game's setup and the actions taken, in order, from the new game's first decision."""

    #: the record format's version (1)
    version: int = RECORD_VERSION
    #: number of players (2 to 5; 1 is the solo game)
    players: int
    #: the seed given to new_game: it fixes every shuffle and random draw
    seed: int
    #: rulebook edition, "1st" or "2nd"
    edition: str = "2nd"
    options: Options = Options()
    #: the actions, in order (each as legal_actions offers it)
    actions: tuple[Action, ...] = ()
    #: the final score of each seat, when the record states them (verify checks them)
    scores: tuple[int, ...] | None = None
    #: explicit chance (`new_game(..., chance=True)`): the seed is not used (0) and the actions
    #: include every random event's outcome (chance_outcome); absent in a seeded game's record
    chance: bool = False
