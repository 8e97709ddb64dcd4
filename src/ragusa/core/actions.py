"""Actions: what the deciding seat can do. Frozen attrs classes with ids from the component data.

Every action is hashable and compares by value, so `action in legal_actions(state)` works.
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from ragusa.core.components import RESOURCES

#: resource name -> its place in the library's order; a precomputed table, never filled lazily
#: (a lazy fill raced under threads: two threads could sort with a half-filled table)
_RESOURCE_ORDER: dict[str, int] = {r: i for i, r in enumerate(RESOURCES)}
_LAST = len(_RESOURCE_ORDER)


def _canonical_trades(trades: Iterable[str]) -> tuple[str, ...]:
    """Trades in the library's resource order, so that equal sets of trades compare equal."""
    trades = tuple(trades)
    if len(trades) < 2:
        return trades
    return tuple(sorted(trades, key=lambda r: (_RESOURCE_ORDER.get(r, _LAST), str(r))))


@attrs.frozen
class ChooseBonus:
    """SETUP-6: keep this one of the three dealt bonus cards."""

    card: str


@attrs.frozen(cache_hash=True)
class Place:
    """TURN-1: place a house (or, in 2p, a powerhouse) on `spot`.

    `trades` lists the resources bought with fish as part of this placement
    (BUILD-8), one entry per trade, e.g. `("wood", "wood")` for two trades of 2 fish. They are
    kept in resource order (wood, stone, silver_ore, grapes, olives), whatever order they are given in.
    """

    spot: str
    powerhouse: bool = False
    trades: tuple[str, ...] = attrs.field(default=(), converter=_canonical_trades)


@attrs.frozen
class Trade:
    """FISH-1: trade fish for one `resource` (2 fish: wood/grapes/olives, 3: stone, 4: silver_ore)."""

    resource: str


@attrs.frozen
class ActivateHex:
    """ACT-5: the new house's hex `hex` activates next."""

    hex: str


@attrs.frozen
class BuildWall:
    """MASON-1: build the wall segment `segment`."""

    segment: str


@attrs.frozen
class BuildTower:
    """ARCHITECT-1: put a tower on `spot`."""

    spot: str


@attrs.frozen
class BuyShip:
    """MARKET-1: buy the ship in market slot `slot` (0 = leftmost)."""

    slot: int


@attrs.frozen
class SellCommodity:
    """WHARF-1: sell one `commodity` (silver, wine or oil)."""

    commodity: str


@attrs.frozen
class DrawBonus:
    """RECTOR-1: draw the top two bonus cards."""


@attrs.frozen
class KeepBonus:
    """RECTOR-1: keep `card` of the drawn cards; the other goes under the deck."""

    card: str


@attrs.frozen
class ChanceOutcome:
    """Explicit chance (`new_game(..., chance=True)`): the pending random event comes out as
    `outcome`, a card id (a ship, a bonus card, a Patrician card) or, for the start seat
    (SETUP-7), a seat number. Legal only at a chance node (`ragusa.rules.chance`)."""

    outcome: str | int


@attrs.frozen
class Pass:
    """Decline an optional effect or trade window (R-8, FISH-2, END-2), or, with no legal placement, pass the turn (R-14)."""


Action = (
    ChooseBonus
    | Place
    | Trade
    | ActivateHex
    | BuildWall
    | BuildTower
    | BuyShip
    | SellCommodity
    | DrawBonus
    | KeepBonus
    | Pass
    | ChanceOutcome
)

ACTION_TYPES: tuple[type, ...] = (
    ChooseBonus,
    Place,
    Trade,
    ActivateHex,
    BuildWall,
    BuildTower,
    BuyShip,
    SellCommodity,
    DrawBonus,
    KeepBonus,
    Pass,
    ChanceOutcome,
)
