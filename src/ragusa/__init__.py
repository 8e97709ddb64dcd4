"""ragusa: the rules of the board game Ragusa (Fabio Lopiano), as a pure-functional library.

What a program uses daily is here: the game (`new_game`, `legal_actions`, `apply`, `step` and
the queries), its state, actions and events (each event type by name), explicit chance
(`is_chance`, `chance_outcomes`), the JSON documents (states, actions, events, player views, game
records, the one-line position text), the board's geometry (`BOARD`, `board_svg`) and the component data, the text forms
(`format_action`, `parse_action`, `describe_step`, in a language with `translator("fr")`). The AI
interface is `ragusa.ai`, the bots `ragusa.bots`, the JSON protocol `ragusa.service`.

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
    ChanceOutcome,
    ChooseBonus,
    DrawBonus,
    KeepBonus,
    Pass,
    Place,
    SellCommodity,
    Trade,
)
from ragusa.core.board import BOARD, Board
from ragusa.core.components import BUILDINGS, COMMODITIES, COMPONENTS, RESOURCES
from ragusa.core.errors import (
    ComponentDataError,
    GameNotOverError,
    IllegalActionError,
    InvalidInputError,
    Violation,
)
from ragusa.core.events import (
    BonusChosen,
    BonusDrawn,
    BotDecision,
    CommodityProduced,
    CommoditySold,
    Event,
    FishTraded,
    GameEnded,
    HexActivated,
    HouseActivated,
    HousePlaced,
    MarketMoved,
    Passed,
    PowerhousesConverted,
    ResourceGained,
    ShipArrived,
    ShipBought,
    TowerBuilt,
    VPScored,
    WallBuilt,
)
from ragusa.core.state import CHANCE, EMPTY, POWERHOUSE, RESERVED, GameState, Options, Phase, PlayerState
from ragusa.rules.chance import chance_outcomes, is_chance, with_chance
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

if TYPE_CHECKING:  # the JSON contract and the text forms are imported on first use (see __getattr__)
    from ragusa.contract.position_text import position_from_text, position_to_text
    from ragusa.contract.records import (
        GameRecord,
        Replay,
        ReplayError,
        Verification,
        record_from_json,
        record_of,
        record_to_json,
        replay,
        verify,
    )
    from ragusa.contract.serialization import (
        action_from_data,
        action_from_json,
        action_to_data,
        action_to_json,
        event_to_data,
        event_to_json,
        state_from_data,
        state_from_json,
        state_to_data,
        state_to_json,
    )
    from ragusa.contract.validation import validate
    from ragusa.contract.views import PlayerView, events_for, view, view_from_json, view_to_data, view_to_json
    from ragusa.text.i18n import LANGUAGES, Translator, translator
    from ragusa.text.log import describe_event, describe_result, describe_step
    from ragusa.text.notation import format_action, parse_action
    from ragusa.text.render import board_svg

_RECORDS = ("GameRecord", "Replay", "ReplayError", "Verification", "record_from_json", "record_of")
_SERIALIZATION = ("action_from_data", "action_from_json", "action_to_data", "action_to_json", "event_to_data")
_MORE_SERIALIZATION = ("event_to_json", "state_from_data", "state_from_json", "state_to_data", "state_to_json")
#: names of the public API imported on first use, and their modules
_LAZY: dict[str, str] = {
    **dict.fromkeys((*_RECORDS, "record_to_json", "replay", "verify"), "ragusa.contract.records"),
    **dict.fromkeys((*_SERIALIZATION, *_MORE_SERIALIZATION), "ragusa.contract.serialization"),
    "validate": "ragusa.contract.validation",
    **dict.fromkeys(("position_from_text", "position_to_text"), "ragusa.contract.position_text"),
    **dict.fromkeys(("PlayerView", "events_for", "view", "view_from_json", "view_to_data"), "ragusa.contract.views"),
    "view_to_json": "ragusa.contract.views",
    **dict.fromkeys(("describe_event", "describe_result", "describe_step"), "ragusa.text.log"),
    **dict.fromkeys(("LANGUAGES", "Translator", "translator"), "ragusa.text.i18n"),
    **dict.fromkeys(("format_action", "parse_action"), "ragusa.text.notation"),
    "board_svg": "ragusa.text.render",
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
    "BOARD",
    "BUILDINGS",
    "Board",
    "BonusChosen",
    "BonusDrawn",
    "BotDecision",
    "BuildTower",
    "BuildWall",
    "BuyShip",
    "CHANCE",
    "COMMODITIES",
    "COMPONENTS",
    "ChanceOutcome",
    "ChooseBonus",
    "CommodityProduced",
    "CommoditySold",
    "ComponentDataError",
    "DrawBonus",
    "EMPTY",
    "Event",
    "FishTraded",
    "GameEnded",
    "GameNotOverError",
    "GameRecord",
    "GameState",
    "HexActivated",
    "HouseActivated",
    "HousePlaced",
    "IllegalActionError",
    "InvalidInputError",
    "KeepBonus",
    "LANGUAGES",
    "MarketMoved",
    "Options",
    "POWERHOUSE",
    "Pass",
    "Passed",
    "Phase",
    "Place",
    "PlayerState",
    "PlayerView",
    "PowerhousesConverted",
    "RESERVED",
    "RESOURCES",
    "Replay",
    "ReplayError",
    "ResourceGained",
    "SellCommodity",
    "ShipArrived",
    "ShipBought",
    "TowerBuilt",
    "Trade",
    "Translator",
    "VPScored",
    "Verification",
    "Violation",
    "WallBuilt",
    "action_from_data",
    "action_from_json",
    "action_to_data",
    "action_to_json",
    "apply",
    "board_svg",
    "chance_outcomes",
    "current_player",
    "describe_event",
    "describe_result",
    "describe_step",
    "event_to_data",
    "event_to_json",
    "events_for",
    "format_action",
    "is_chance",
    "is_terminal",
    "legal_actions",
    "new_game",
    "parse_action",
    "position_from_text",
    "position_to_text",
    "record_from_json",
    "record_of",
    "record_to_json",
    "replay",
    "score_breakdown",
    "scores",
    "state_from_data",
    "state_from_json",
    "state_to_data",
    "state_to_json",
    "step",
    "translator",
    "validate",
    "verify",
    "view",
    "view_from_json",
    "view_to_data",
    "view_to_json",
    "winners",
    "with_chance",
]
