"""The AI interface: fixed action ids, observation vectors, explicit chance, determinization, search.

Needs the `ai` extra (`pip install 'ragusa[ai]'`, numpy) for the vector forms; the rest of
the package never imports numpy.
"""

from __future__ import annotations

from ragusa.ai import chance
from ragusa.ai.chance import CHANCE as CHANCE
from ragusa.ai.chance import NUM_OUTCOMES as NUM_OUTCOMES
from ragusa.ai.chance import OUTCOMES as OUTCOMES
from ragusa.ai.chance import ChanceOutcome as ChanceOutcome
from ragusa.ai.chance import apply as apply
from ragusa.ai.chance import chance_ids as chance_ids
from ragusa.ai.chance import chance_outcomes as chance_outcomes
from ragusa.ai.chance import is_chance as is_chance
from ragusa.ai.chance import outcome_from_id as outcome_from_id
from ragusa.ai.chance import outcome_id as outcome_id
from ragusa.ai.chance import with_chance as with_chance
from ragusa.ai.ids import (
    BLOCKS,
    NUM_ACTIONS,
    action_from_id,
    action_id,
    describe_id,
    legal_ids,
    legal_mask,
    legal_mask_list,
)

#: the action ids' names (`ragusa.ai.ids`), then every name of `ragusa.ai.chance`
__all__ = [
    "BLOCKS",
    "NUM_ACTIONS",
    "action_from_id",
    "action_id",
    "describe_id",
    "legal_ids",
    "legal_mask",
    "legal_mask_list",
    *chance.__all__,
]
