"""The AI interface (issue 13): fixed action ids, observation vectors, determinization, search.

Needs the `ai` extra (`pip install 'ragusa[ai]'`, numpy) for the vector forms; the rest of
the package never imports numpy.
"""

from __future__ import annotations

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
    "NUM_ACTIONS",
    "action_from_id",
    "action_id",
    "describe_id",
    "legal_ids",
    "legal_mask",
    "legal_mask_list",
]
