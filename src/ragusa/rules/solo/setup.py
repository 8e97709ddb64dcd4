"""The solo setup (SOLO-1, SOLO-2, SOLO-3, ED-3, R-12): `new_solo_game`. The table itself
(opening houses, the Patrician's cards, the first seat) is dealt by `ragusa.rules.solo.deal`,
whose names are also importable from here."""

from __future__ import annotations

from ragusa.core.clauses import implements
from ragusa.core.events import Event
from ragusa.core.state import ChanceState, GameState, Options
from ragusa.rules import resolution
from ragusa.rules.solo.deal import check_solo_components, deal_solo, first_seat, opening_resources

__all__ = ["check_solo_components", "deal_solo", "first_seat", "new_solo_game", "opening_resources"]


@implements("SOLO-1", "SOLO-2", "SOLO-3", "SETUP-2", "SETUP-3", "SETUP-4", "SETUP-5", "ED-3", "R-12")
def new_solo_game(
    seed: int,
    edition: str = "2nd",
    options: Options | None = None,
    events: list[Event] | None = None,
    chance: ChanceState | None = None,
) -> GameState:
    """A new solo game from `seed`, with the bots' turns before the human's first decision played.

    The table is `ragusa.rules.solo.deal.deal_solo`'s (SOLO-1, SOLO-2: opening houses, Patrician
    cards, one bonus card each, the ships of SETUP-5); SOLO-3: bot A, bot B, then the human, 9
    rounds (the human first in the easier variant). All randomness comes from the state's
    generator, or with `chance` from its fixed outcomes (explicit chance). If `events` is given,
    the events of the bots' turns before the human's first decision are appended to it (the setup
    itself reports nothing, as in `ragusa.new_game`).
    """
    w = deal_solo(seed, edition, options, chance)
    w.ev = events  # report the bots' opening turns, not the setup
    resolution.start_play(w)
    return w.freeze()
