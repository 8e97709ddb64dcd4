"""The game state: frozen attrs classes of tuples and small ints.

Indices: hexes, spots and wall segments are numbered in the order of the
component file (see `ragusa.core.board.BOARD`); resources follow
`ragusa.core.components.RESOURCES` and commodities
`ragusa.core.components.COMMODITIES`. Ships and bonus cards are named by id.

Nothing here is ever mutated: `ragusa.apply` returns a new state.
"""

from __future__ import annotations

import enum
from typing import Final

import attrs

from ragusa.core.actions import Action

#: `GameState.houses` value of a free spot
EMPTY: Final = -1
#: `GameState.houses` value of a two-player powerhouse (TWO-1); it belongs to nobody
POWERHOUSE: Final = -2
#: `GameState.houses` value of a solo reserved spot (a black house, SOLO-2)
RESERVED: Final = -3

#: `PlayerState.vp` sources, in order
VP_SOURCES: tuple[str, ...] = ("mason", "fishmonger", "wharf", "ships", "walls", "cathedral", "bonus")
# their indices; Final literals, which the compiled build inlines
VP_MASON: Final = 0
VP_FISHMONGER: Final = 1
VP_WHARF: Final = 2
VP_SHIPS: Final = 3
VP_WALLS: Final = 4
VP_CATHEDRAL: Final = 5
VP_BONUS: Final = 6

EDITIONS: tuple[str, ...] = ("1st", "2nd")


class Phase(enum.StrEnum):
    """Who decides what, now. `GameState.phase` holds one of these; its JSON form is the value. Each
    names the clause that governs its decision (`rule`) and what the deciding seat does (`asks`);
    `ordinal` is its place in this list, by which the tables of `ragusa.rules.phases` are read. How a
    decision is offered, resolved and taken by a solo bot is its record, `ragusa.rules.decision.Decision`."""

    rule: str
    asks: str
    ordinal: int

    def __new__(cls, value: str, rule: str, asks: str) -> Phase:
        self = str.__new__(cls, value)
        self._value_ = value
        self.rule, self.asks = rule, asks
        self.ordinal = len(cls.__members__)  # the members made before this one
        return self

    SETUP_BONUS = "setup_bonus", "SETUP-6", "keep one of its three dealt bonus cards (ChooseBonus)"
    PLACE = "place", "TURN-1", "place a house (Place) or trade fish"
    ORDER = "order", "ACT-5", "choose which hex of the new house activates next (ActivateHex)"
    TRADE_WINDOW = "trade_window", "FISH-2", "trade fish before its house activates, or Pass"
    MASON = "mason", "MASON-1", "choose a free wall segment (BuildWall)"
    ARCHITECT = "architect", "ARCHITECT-1", "choose a free tower spot (BuildTower)"
    MARKET = "market", "MARKET-1", "buy a ship (BuyShip) or Pass"
    WHARF = "wharf", "WHARF-1", "sell a commodity (SellCommodity) or Pass"
    RECTOR_DRAW = "rector_draw", "RECTOR-1", "draw two bonus cards (DrawBonus) or Pass"
    RECTOR_KEEP = "rector_keep", "RECTOR-1", "keep one drawn bonus card (KeepBonus)"
    END_TRADE = "end_trade", "END-2", "trade fish before the bonus cards score, or Pass"
    OVER = "over", "TURN-3", "nothing: the game is over"

    def __repr__(self) -> str:
        """The JSON value, quoted, as messages and logs have always shown a phase."""
        return repr(self.value)


#: every phase's JSON value, in declaration order
PHASES: tuple[str, ...] = tuple(p.value for p in Phase)

# The phases as module constants, for hot code: `Phase.PLACE` is looked up through the enum's class
# machinery, about five times slower than reading a global. Same objects.
(
    PHASE_SETUP_BONUS,
    PHASE_PLACE,
    PHASE_ORDER,
    PHASE_TRADE_WINDOW,
    PHASE_MASON,
    PHASE_ARCHITECT,
    PHASE_MARKET,
    PHASE_WHARF,
    PHASE_RECTOR_DRAW,
    PHASE_RECTOR_KEEP,
    PHASE_END_TRADE,
    PHASE_OVER,
) = Phase


@attrs.frozen
class Options:
    """Rulings with variants and optional rules.

    `strict`: R-3's strict reading (Market and Wharf need a commodity already held).
    Solo variants (SOLO-3, SOLO-5, SOLO-8): `solo_human_first`, `solo_easier_rector`, `solo_harder`.
    `powerhouse_any_hex`: R-9's literal reading (at most one powerhouse on any hex, its country or
    sea hex included, not only on city hexes).
    """

    strict: bool = False
    solo_human_first: bool = False
    solo_easier_rector: bool = False
    solo_harder: bool = False
    powerhouse_any_hex: bool = False


#: the names of the `Options` fields, in order (the JSON documents and the protocol use them)
OPTION_NAMES: tuple[str, ...] = tuple(a.name for a in attrs.fields(Options))


@attrs.frozen(weakref_slot=False)
class PlayerState:
    """One seat's holdings."""

    #: access to fish, wood, stone, silver ore, grapes, olives (RES-1)
    resources: tuple[int, int, int, int, int, int] = (0, 0, 0, 0, 0, 0)
    #: silver, wine, oil held, each 0..12 (RES-2)
    commodities: tuple[int, int, int] = (0, 0, 0)
    houses_left: int = 0
    powerhouses_left: int = 0
    towers_left: int = 0
    #: bonus cards kept (hidden from other seats)
    bonus_cards: tuple[str, ...] = ()
    #: ships bought, in order
    ships: tuple[str, ...] = ()
    #: VP by source, in `VP_SOURCES` order
    vp: tuple[int, int, int, int, int, int, int] = (0, 0, 0, 0, 0, 0, 0)
    #: VP each bonus card scored at the end, parallel to `bonus_cards`
    bonus_vp: tuple[int, ...] = ()
    #: fish given away in trades so far (FISH-1)
    fish_traded: int = 0

    @property
    def total_vp(self) -> int:
        return sum(self.vp)


@attrs.frozen(weakref_slot=False)
class SoloState:
    """Solo-only state (SOLO-1 to SOLO-8); None in multiplayer games.

    The human is seat 0; the bots are the seats in `bot_seats` (bot A, then bot B).
    The per-bot tuples are parallel to `bot_seats`.
    """

    #: each bot's Patrician cards not yet discarded (hidden), bot A then bot B (SOLO-2, SOLO-4)
    bot_cards: tuple[tuple[str, ...], ...] = ((), ())
    #: seats of the bots, bot A then bot B (SOLO-3, ED-3, R-12)
    bot_seats: tuple[int, ...] = (1, 2)
    #: easier variant (SOLO-5): each bot's Rector draws, kept apart as pairs (a pair has 1 card
    #: when the deck held only 1, R-4); only the better card of each pair scores
    bot_pairs: tuple[tuple[tuple[str, ...], ...], ...] = ((), ())
    #: the round being played, 1 to 9 (SOLO-3); 0 before the first turn
    round: int = 0


#: `ragusa.rules.queries.current_player` at a chance node (OpenSpiel's chance player id)
CHANCE = -1

#: what a chance node draws: the top card of the ship deck (SETUP-5, MARKET-1), of the bonus deck
#: (SETUP-6, RECTOR-1, SOLO-2, SOLO-8), a Patrician card dealt to a solo bot (SOLO-2), the card a
#: solo bot draws at random from its own (SOLO-4), the start seat (SETUP-7)
CHANCE_KINDS: tuple[str, ...] = ("ship", "bonus", "patrician", "bot_card", "start_seat")


@attrs.frozen
class ChanceNode:
    """A random event waiting for its outcome: `outcomes[i]` comes out with probability
    `counts[i] / sum(counts)` (copies left of each card; 1 each for seats and a bot's cards)."""

    #: one of "ship", "bonus", "patrician", "bot_card", "start_seat"
    kind: str
    #: the possible outcomes: card ids, or seat numbers for "start_seat"
    outcomes: tuple[str | int, ...]
    #: copies of each outcome, parallel to outcomes
    counts: tuple[int, ...]
    #: the solo bot drawing one of its cards ("bot_card"), else null
    seat: int | None = None


@attrs.frozen
class ChanceState:
    """Explicit chance (`ragusa.new_game(..., chance=True)`): the random events are chance nodes.

    The top `ship_hidden` cards of `ship_deck` (and `bonus_hidden` of `bonus_deck`) are not drawn
    yet: they are a multiset, kept sorted; the cards under them (put back by the Rector) are in a
    known order. At a chance node the state is the one before `action` (empty: the setup) and
    `fixed` holds the outcomes that action has already drawn; `ChanceOutcome` fixes the next and
    resolves the action again from its start.
    """

    #: how many cards at the top of the ship deck are not drawn yet (sorted, any order is as likely)
    ship_hidden: int = 0
    #: how many cards at the top of the bonus deck are not drawn yet (sorted)
    bonus_hidden: int = 0
    #: the random event waiting for its outcome, or null at a decision
    node: ChanceNode | None = None
    #: at a chance node, the action being resolved (empty: the setup)
    action: tuple[Action, ...] = ()
    #: at a chance node, the outcomes already drawn for that action, in order
    fixed: tuple[str | int, ...] = ()


class Derived:
    """Room on each `GameState` for what the rules derive from it, worked out once.

    Not part of the position: never compared, hashed, copied or serialized (a state made by attrs,
    cattrs or `attrs.evolve` starts without it, and `getattr(state, name, None)` reads it). Each
    slot is written by `ragusa.rules` only, through `ragusa.rules.legal.legal_moves`:

    * `facts`: the board facts the legal placements are worked out from
      (`ragusa.rules.requirements.BoardFacts`: the free spots and each seat's needs per spot). The
      scratch copy hands them on to the state it freezes, which brings them up to date by what
      changed between the two boards;
    * `moves`: the deciding seat's legal moves (`ragusa.rules.moves.Moves`), worked out the first
      time anything asks (listing the actions, the action ids, `apply`'s check).

    Safe under threads: both values are immutable, and two threads that work one out at once keep
    equal values.
    """

    __slots__ = ("facts", "moves")

    facts: object
    moves: object


@attrs.frozen(weakref_slot=False)
class GameState(Derived):
    """A complete, self-contained game position."""

    edition: str
    options: Options
    #: the generator state (`ragusa.core.rng`)
    rng: int
    #: one `PlayerState` per seat
    players: tuple[PlayerState, ...]
    #: the seat drawn to start (SETUP-7); turns go round in seat order from it
    start_seat: int
    phase: Phase
    #: the deciding seat (None when the game is over)
    seat: int | None
    #: the seat whose turn it is (the placing player)
    turn_seat: int
    #: placements made so far
    placements: int
    #: per spot: EMPTY, a seat, POWERHOUSE or RESERVED
    houses: tuple[int, ...]
    #: per spot: EMPTY or the seat owning the tower there
    towers: tuple[int, ...]
    #: per wall segment: EMPTY or the seat that built it
    walls: tuple[int, ...]
    #: per commodity: the bead's index on the market track
    market: tuple[int, int, int]
    #: per market slot, left to right: a ship id or None (R-4)
    slots: tuple[str | None, ...]
    #: face-down ship deck, top first
    ship_deck: tuple[str, ...]
    #: face-down bonus deck, top first
    bonus_deck: tuple[str, ...]
    #: SETUP-6: each seat's 3 dealt cards until it has chosen (then empty)
    dealt: tuple[tuple[str, ...], ...] = ()
    #: RECTOR-1: the drawn cards awaiting a choice
    rector_hand: tuple[str, ...] = ()
    #: the spot of the house being resolved, or -1
    placed: int = -1
    #: whether the piece being resolved is a powerhouse (TWO-5)
    placed_power: bool = False
    #: hexes of the new house still to activate (ACT-5)
    pending_hexes: tuple[int, ...] = ()
    #: the hex activating now, or -1
    current_hex: int = -1
    #: spots on the current hex still to activate, clockwise; the first is activating now (ACT-3)
    queue: tuple[int, ...] = ()
    #: the trade window before the queue head's activation has been offered (FISH-2)
    window_done: bool = False
    #: R-14: consecutive turns passed because no placement was legal
    passes: int = 0
    #: END-2: seats still to be offered the end-game trade window, in turn order
    end_seats: tuple[int, ...] = ()
    solo: SoloState | None = None
    #: explicit chance (`new_game(..., chance=True)`); null in a seeded game (the generator draws)
    chance: ChanceState | None = None

    @property
    def n_players(self) -> int:
        return len(self.players)
