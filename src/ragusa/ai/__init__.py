"""The AI interface: fixed action ids, observation vectors, explicit chance, determinization, search.

Needs the `ai` extra (`pip install 'ragusa[ai]'`, numpy) for the vector forms; the rest of
the package never imports numpy.
"""

from __future__ import annotations

from ragusa.ai.chance import (
    CHANCE,
    NUM_OUTCOMES,
    ChanceOutcome,
    apply,
    chance_ids,
    chance_outcomes,
    is_chance,
    outcome_from_id,
    outcome_id,
    with_chance,
)
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

__all__ = [
    "BLOCKS",
    "CHANCE",
    "NUM_ACTIONS",
    "NUM_OUTCOMES",
    "ChanceOutcome",
    "apply",
    "chance_ids",
    "chance_outcomes",
    "is_chance",
    "outcome_from_id",
    "outcome_id",
    "with_chance",
    "action_from_id",
    "action_id",
    "describe_id",
    "legal_ids",
    "legal_mask",
    "legal_mask_list",
]
