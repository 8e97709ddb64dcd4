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

from ragusa._version import __version__ as __version__
from ragusa.contract.records import (
    GameRecord,
    record_from_json,
    record_to_json,
    replay,
    verify,
)
from ragusa.contract.serialization import (
    action_from_json,
    action_to_json,
    state_from_json,
    state_to_json,
)
from ragusa.contract.views import PlayerView, view, view_to_json
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
from ragusa.core.errors import ComponentDataError, IllegalActionError, InvalidInputError
from ragusa.core.events import Event
from ragusa.core.state import GameState, Options, Phase, PlayerState
from ragusa.rules.engine import apply, step
from ragusa.rules.game import new_game
from ragusa.rules.legal import legal_actions
from ragusa.rules.queries import (
    current_player,
    is_terminal,
    score_breakdown,
    scores,
    winners,
)

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
    "action_from_json",
    "action_to_json",
    "apply",
    "current_player",
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
    "verify",
    "view",
    "view_to_json",
    "winners",
]
