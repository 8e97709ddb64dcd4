"""ragusa: the rules of the board game Ragusa (Fabio Lopiano), as a pure-functional library.

Examples:
    >>> from ragusa import new_game, legal_actions, apply, is_terminal, scores
    >>> state = new_game(4, seed=1)
    >>> while not is_terminal(state):
    ...     state = apply(state, legal_actions(state)[0])
    >>> len(scores(state))
    4
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from ragusa._version import __version__ as __version__
from ragusa.core.actions import (
    Action,
    ActivateHex,
    BuildTower,
    BuildWall,
    BuyShip,
    ChooseBonus,
    DrawBonus,
    KeepBonus,
    Pass,
    Place,
    SellCommodity,
    Trade,
)
from ragusa.core.errors import (
    ComponentDataError,
    GameNotOverError,
    IllegalActionError,
    InvalidInputError,
    Violation,
)
from ragusa.core.events import Event
from ragusa.core.state import GameState, Options, Phase, PlayerState
from ragusa.rules.game import new_game
from ragusa.rules.legal import legal_actions
from ragusa.rules.queries import (
    current_player,
    is_terminal,
    score_breakdown,
    scores,
    winners,
)
from ragusa.rules.resolution import apply, step

if TYPE_CHECKING:  # the JSON contract is imported on first use (see __getattr__), for a fast ``import ragusa``
    from ragusa.contract.records import GameRecord, record_from_json, record_to_json, replay, verify
    from ragusa.contract.serialization import action_from_json, action_to_json, state_from_json, state_to_json
    from ragusa.contract.validation import validate
    from ragusa.contract.views import PlayerView, events_for, view, view_from_json, view_to_json

#: names of the public API imported on first use, and their modules
_LAZY: dict[str, str] = {
    "GameRecord": "ragusa.contract.records",
    "PlayerView": "ragusa.contract.views",
    "action_from_json": "ragusa.contract.serialization",
    "action_to_json": "ragusa.contract.serialization",
    "events_for": "ragusa.contract.views",
    "record_from_json": "ragusa.contract.records",
    "record_to_json": "ragusa.contract.records",
    "replay": "ragusa.contract.records",
    "state_from_json": "ragusa.contract.serialization",
    "state_to_json": "ragusa.contract.serialization",
    "validate": "ragusa.contract.validation",
    "verify": "ragusa.contract.records",
    "view": "ragusa.contract.views",
    "view_from_json": "ragusa.contract.views",
    "view_to_json": "ragusa.contract.views",
}


def __getattr__(name: str) -> Any:
    """Import a name of the JSON contract when it is first asked for (PEP 562)."""
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'ragusa' has no attribute {name!r}")
    return getattr(importlib.import_module(module), name)


__all__ = [
    "Action",
    "ActivateHex",
    "BuildTower",
    "BuildWall",
    "BuyShip",
    "ChooseBonus",
    "ComponentDataError",
    "DrawBonus",
    "Event",
    "GameNotOverError",
    "GameRecord",
    "GameState",
    "IllegalActionError",
    "InvalidInputError",
    "KeepBonus",
    "Options",
    "Pass",
    "Phase",
    "Place",
    "PlayerState",
    "PlayerView",
    "SellCommodity",
    "Trade",
    "Violation",
    "action_from_json",
    "action_to_json",
    "apply",
    "current_player",
    "events_for",
    "is_terminal",
    "legal_actions",
    "new_game",
    "record_from_json",
    "record_to_json",
    "replay",
    "score_breakdown",
    "scores",
    "state_from_json",
    "state_to_json",
    "step",
    "validate",
    "verify",
    "view",
    "view_from_json",
    "view_to_json",
    "winners",
]
