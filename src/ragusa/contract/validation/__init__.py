"""Is a game position one the rules can reach? `validate` lists every invariant a
`GameState` breaks, as `Violation` (the rule
clause, the JSON path of the value, what is wrong); `check_state` raises
`InvalidInputError` listing them. Every JSON reader of states runs it.

The checks run in stages; a stage runs only when the ones before it found nothing, since a later
check may need what an earlier one establishes (an index in range, a consistent phase):

1. **structure** (`.structure`): lengths, indices, ids, seats, solo list lengths;
2. **bookkeeping** (`.bookkeeping`): phase, deciding seat and activation agree; the pending
   effect belongs to the activating building and to the seat it benefits, and can still happen
   (R-8); the game is over only when it is (TURN-3, R-14);
3. **holdings** (`rules=True`, `.holdings`): pieces within each seat's stock and one per spot,
   resources equal to the houses' gains and trades, every card exactly once, VP of the end zero
   before it; the solo bots' reserved spots (`.ending`);
4. **final scores** (`rules=True`): at the end, walls, Cathedral and bonus cards are scored again
   from the position and must match;
5. **explicit chance** (`.chance`, games started with `new_game(..., chance=True)`): no generator,
   the cards not drawn yet sorted, and a chance node that is the next draw of its remembered
   action (re-run with its fixed outcomes); while the setup draws, the empty table (the only check).

Hand-built positions (puzzles, tests) that ignore the history of a real game can be checked with
`rules=False` (stages 1 and 2 only). Validation runs only when JSON is read, never inside
`ragusa.apply`.
"""

from __future__ import annotations

from ragusa.contract.validation.bookkeeping import check_bookkeeping
from ragusa.contract.validation.chance import check_chance, is_setup_node
from ragusa.contract.validation.common import Found
from ragusa.contract.validation.ending import check_final_scores, check_reserved
from ragusa.contract.validation.holdings import check_holdings
from ragusa.contract.validation.structure import check_structure
from ragusa.core.errors import Violation, refusal
from ragusa.core.state import GameState

__all__ = ["Violation", "check_state", "validate"]


def validate(state: GameState, *, rules: bool = True) -> list[Violation]:
    """Every invariant `state` breaks (empty when it is a position the rules can reach).

    `rules=False` checks only the structure and the bookkeeping the engine needs to run.
    """
    found = Found()
    stages = [check_structure, check_bookkeeping]
    if rules:
        stages += [check_holdings, check_reserved, check_final_scores]
    if state.chance is not None:  # explicit chance: during the setup's draws, only the empty table
        stages = [check_chance] if is_setup_node(state) else [*stages, check_chance]
    for stage in stages:
        try:
            stage(state, found)
        except (TypeError, AttributeError, KeyError, IndexError, ValueError) as exc:
            # only a state built in Python around the constructors' types can get here
            found.add("SETUP-1", "$", f"not a well-formed game state ({type(exc).__name__})")
        if found:
            break
    return found.items


def check_state(state: GameState, *, rules: bool = True) -> None:
    """Raise `InvalidInputError` listing every violation of `state`."""
    found = validate(state, rules=rules)
    if found:
        raise refusal(found)
