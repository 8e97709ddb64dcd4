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
   before it;
4. **derived numbers** (`rules=True`), each family of docs/boundary.md on the board counted once
   (`.census`): VP by source, orphans and resources against the pieces and activations that earn
   them (`.sources`); the requirements every house met (`.placement`); the phase and the turn
   (`.turns`); the activation in progress and the end against the way the rules get there
   (`.progress`); the solo cards, reserved spots and bot seats (`.solo`); at the end, walls, Cathedral
   and bonus cards scored again from the position, and the solo bots' last trades (`.ending`);
5. **explicit chance** (`.chance`, games started with `new_game(..., chance=True)`): no generator,
   the cards not drawn yet sorted, and a chance node that is the next draw of its remembered
   action (re-run with its fixed outcomes); while the setup draws, the empty table (the only check).

Hand-built positions (puzzles, tests) that ignore the history of a real game can be checked with
`rules=False` (stages 1 and 2 only). Validation runs only when JSON is read, never inside
`ragusa.apply`.
"""

from __future__ import annotations

from ragusa.contract.validation.bookkeeping import check_bookkeeping
from ragusa.contract.validation.census import Census
from ragusa.contract.validation.chance import check_chance, is_setup_node
from ragusa.contract.validation.common import Found
from ragusa.contract.validation.ending import check_bot_end_trades, check_final_scores
from ragusa.contract.validation.holdings import check_holdings
from ragusa.contract.validation.placement import check_requirements
from ragusa.contract.validation.progress import check_activation, check_end
from ragusa.contract.validation.solo import check_solo
from ragusa.contract.validation.sources import check_sources
from ragusa.contract.validation.structure import check_structure
from ragusa.contract.validation.turns import check_turns
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
        stages.append(check_rules)
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


def check_rules(s: GameState, found: Found) -> None:
    """Stages 3 and 4: the holdings, then, if they add up, every family of derived numbers."""
    c = Census(s)
    check_holdings(s, c, found)
    if found:
        return
    check_sources(s, c, found)
    check_requirements(s, c, found)
    check_turns(s, found)
    check_activation(s, found)
    check_end(s, found)
    check_solo(s, found)
    check_final_scores(s, found)
    check_bot_end_trades(s, c, found)


def check_state(state: GameState, *, rules: bool = True) -> None:
    """Raise `InvalidInputError` listing every violation of `state`."""
    found = validate(state, rules=rules)
    if found:
        raise refusal(found)
