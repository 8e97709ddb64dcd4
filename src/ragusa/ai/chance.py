"""Explicit chance for AI programs: chance nodes, their exact probabilities, and one
fixed integer id per outcome (the OpenSpiel adapter's chance actions).

A game started with `ragusa.new_game(players, chance=True)` stops at every random event: there
`ragusa.is_chance(state)` is true, `ragusa.chance_outcomes(state)` lists each `ragusa.ChanceOutcome`
with its exact probability (a `Fraction`) and `ragusa.apply(state, outcome)` goes on. This module
numbers the outcomes.

Outcome ids (`NUM_OUTCOMES` = 57, the same in every mode): the ships in component-file order
(0-25), then the bonus cards (26-41), the Patrician cards (42-51), then the seats 0-4 (52-56,
the start seat). A Patrician card has one id whether it is dealt at the setup or drawn by a bot.
"""

from __future__ import annotations

from fractions import Fraction

from ragusa.core.actions import ChanceOutcome
from ragusa.core.components import COMPONENTS
from ragusa.core.state import GameState
from ragusa.rules.chance import chance_outcomes

__all__ = ["NUM_OUTCOMES", "OUTCOMES", "chance_ids", "outcome_from_id", "outcome_id"]

#: every chance outcome, by id: ships, bonus cards, Patrician cards (ids), then seats 0-4
OUTCOMES: tuple[str | int, ...] = (
    *(s.id for s in COMPONENTS.ships),
    *(c.id for c in COMPONENTS.bonus_cards),
    *(c.id for c in COMPONENTS.patrician_cards),
    *range(5),
)
NUM_OUTCOMES = len(OUTCOMES)
_ID: dict[tuple[type, str | int], int] = {(type(o), o): i for i, o in enumerate(OUTCOMES)}


def outcome_id(outcome: ChanceOutcome) -> int:
    """The fixed id of a chance outcome (`ValueError` for an outcome no game has)."""
    found = _ID.get((type(outcome.outcome), outcome.outcome))
    if found is None:
        raise ValueError(f"{outcome.outcome!r} is not a chance outcome of ragusa")
    return found


def outcome_from_id(i: int) -> ChanceOutcome:
    """The chance outcome with id `i` (0 to `NUM_OUTCOMES` - 1)."""
    if isinstance(i, bool) or not isinstance(i, int) or not 0 <= i < NUM_OUTCOMES:
        raise ValueError(f"chance outcome ids are 0..{NUM_OUTCOMES - 1}; got {i!r}")
    return ChanceOutcome(OUTCOMES[i])


def chance_ids(state: GameState) -> list[tuple[int, Fraction]]:
    """`chance_outcomes` by outcome id, ascending."""
    return sorted((outcome_id(o), p) for o, p in chance_outcomes(state))
