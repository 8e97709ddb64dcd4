"""The AI interface: fixed action ids, observation vectors, chance outcome ids, determinization.

Needs the `ai` extra (`pip install 'ragusa[ai]'`, numpy) for the vector forms only: numpy is
imported when a numpy array is first asked for (`legal_mask`, `observation`, the encoder), never by
`import ragusa.ai`. What a game with explicit chance needs beside the ids (`is_chance`,
`chance_outcomes`, `ChanceOutcome`, `CHANCE`, `with_chance`) is in the root package `ragusa`.

Each name has one home: the modules below hold them (`ids`, `observation_vectors` and
`observation_layout`, `encoder`, `chance`, `determinization`), and this package is where a user
imports them from.
"""

from __future__ import annotations

from ragusa.ai.chance import NUM_OUTCOMES, OUTCOMES, chance_ids, outcome_from_id, outcome_id
from ragusa.ai.determinization import determinize, unseen_bonus_cards
from ragusa.ai.encoder import ObservationEncoder, encode_information_state, encode_observation
from ragusa.ai.ids import (
    BLOCKS,
    NUM_ACTIONS,
    Block,
    LegalIds,
    action_from_id,
    action_id,
    describe_id,
    id_table,
    ids_of,
    legal_ids,
    legal_mask,
    legal_mask_list,
)
from ragusa.ai.observation_vectors import (
    INFO_LAYOUT,
    INFO_SIZE,
    LAYOUT,
    OBS_SIZE,
    SCALE,
    information_state,
    observation,
    observation_list,
)

__all__ = [
    "BLOCKS",
    "INFO_LAYOUT",
    "INFO_SIZE",
    "LAYOUT",
    "NUM_ACTIONS",
    "NUM_OUTCOMES",
    "OBS_SIZE",
    "OUTCOMES",
    "SCALE",
    "Block",
    "LegalIds",
    "ObservationEncoder",
    "action_from_id",
    "action_id",
    "chance_ids",
    "describe_id",
    "determinize",
    "encode_information_state",
    "encode_observation",
    "id_table",
    "ids_of",
    "information_state",
    "legal_ids",
    "legal_mask",
    "legal_mask_list",
    "observation",
    "observation_list",
    "outcome_from_id",
    "outcome_id",
    "unseen_bonus_cards",
]
