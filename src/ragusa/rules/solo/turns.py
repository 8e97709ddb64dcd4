"""The solo bots' turns (SOLO-4, SOLO-5): their decisions executed by the rule code of the human's
actions. `ragusa.rules.engine` drives them (`_drive_bots`): for `step` through the bots' actions,
reported as `BotDecision`s; for `apply`, which records nothing, quietly (`QUIET`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from ragusa.core.actions import DrawBonus, Pass, Place
from ragusa.core.board import BOARD
from ragusa.core.clauses import implements
from ragusa.core.events import Passed
from ragusa.core.state import EMPTY, RESERVED, Phase
from ragusa.core.work import Work
from ragusa.rules import activation
from ragusa.rules.buildings import architect, market, mason, rector, wharf
from ragusa.rules.flow import next_turn, put_piece, run
from ragusa.rules.solo import policy, walls
from ragusa.rules.solo.common import solo_with


def _spot(spot_id: object) -> int:
    s = BOARD.spot_index.get(spot_id) if isinstance(spot_id, str) else None
    if s is None:  # pragma: no cover - the solo policy names board spots
        raise AssertionError(f"there is no spot {spot_id!r}")
    return s


@implements("SOLO-4")
def bot_place(w: Work, seat: int, a: Place) -> None:
    """SOLO-4: a bot places on its Patrician card's spot, replacing the black house there, with no
    requirement check; the hexes activate as usual (through the human's placement code)."""
    s = _spot(a.spot)
    if (
        w.houses[s] not in (EMPTY, RESERVED) or w.p(seat).houses_left < 1
    ):  # pragma: no cover - the solo policy guarantees it
        raise AssertionError(f"bot seat {seat} cannot place on {a.spot}")
    put_piece(w, seat, s, False, ())


@implements("SOLO-4", "R-14")
def bot_pass(w: Work, seat: int, a: Pass) -> None:
    """A bot with no Patrician card spot left passes its turn (R-14; never with the standard cards)."""
    w.passes += 1
    w.emit(Passed(seat, "turn: no Patrician card with a free spot"))
    next_turn(w)


@implements("SOLO-5", "R-4")
def bot_rector(w: Work, seat: int, a: DrawBonus) -> None:
    """SOLO-5: a bot draws the top 2 cards and keeps both (the easier variant also records them as a pair)."""
    rector.draw(w, seat)
    kept = rector.keep_all(w, seat)
    if w.solo is not None and w.options.solo_easier_rector and kept:
        k = w.solo.bot_seats.index(seat)
        pairs = tuple(ps + (kept,) if j == k else ps for j, ps in enumerate(w.solo.bot_pairs))
        w.solo = solo_with(w.solo, bot_pairs=pairs)
    activation.finish_head(w)
    run(w)


# A bot's decision for `apply`, which records nothing: the same choice as `policy.decide`'s
# (the policy's own code, as indices: no decision text, reason or action object) executed by the
# same rule code as the action `step` takes, without the action's dispatch and parsing.


@implements("SOLO-4", "R-19")
def _place(w: Work, seat: int) -> None:
    s, w.rng, w.solo = policy.placement_choice(w, seat)
    if s < 0:  # pragma: no cover - never with the standard cards (R-19)
        bot_pass(w, seat, _PASS)
    else:
        put_piece(w, seat, s, False, ())  # SOLO-4: no requirement check


@implements("R-15", "ACT-5")
def _order(w: Work, seat: int) -> None:
    activation.start_hex(w, policy.hex_choice(w))
    run(w)


@implements("R-16", "FISH-2")
def _window(w: Work, seat: int) -> None:  # pragma: no cover - `apply` opens no bot window (R-16)
    run(w)


@implements("SOLO-5", "R-4")
def _rector(w: Work, seat: int) -> None:
    bot_rector(w, seat, _DRAW)


@implements("SOLO-5", "R-18")
def _wall(w: Work, seat: int) -> None:
    mason.build(w, seat, walls.wall_choice(w, seat))
    activation.finish_head(w)
    run(w)


@implements("SOLO-5", "R-18")
def _tower(w: Work, seat: int) -> None:
    architect.build(w, seat, walls.tower_choice(w, seat))
    activation.finish_head(w)
    run(w)


@implements("SOLO-5")
def _ship(w: Work, seat: int) -> None:
    slot = policy.ship_choice(w, seat)
    if slot >= 0:
        market.buy(w, seat, slot)
    activation.finish_head(w)
    run(w)


@implements("SOLO-5")
def _sale(w: Work, seat: int) -> None:
    c = policy.sale_choice(w, seat)
    if c >= 0:
        wharf.sell_one(w, seat, c)
    activation.finish_head(w)
    run(w)


_PASS: Final = Pass()
_DRAW: Final = DrawBonus()
#: per phase, a bot's decision taken quietly (the phases of `policy.decide`)
QUIET: Final[dict[Phase, Callable[[Work, int], None]]] = {
    Phase.PLACE: _place,
    Phase.ORDER: _order,
    Phase.TRADE_WINDOW: _window,
    Phase.MASON: _wall,
    Phase.ARCHITECT: _tower,
    Phase.MARKET: _ship,
    Phase.WHARF: _sale,
    Phase.RECTOR_DRAW: _rector,
}
