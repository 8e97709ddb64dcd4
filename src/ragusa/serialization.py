"""JSON for states and actions, mapped by cattrs.

``state_from_json(state_to_json(s)) == s`` for every state. Actions are tagged with
``"type"`` (``{"type": "place", "spot": "s12", "powerhouse": false, "trades": []}``).
"""

from __future__ import annotations

import json
import re
from typing import Any

import cattrs
from cattrs.strategies import configure_tagged_union

from .actions import ACTION_TYPES, Action
from .events import Event
from .state import GameState


def _snake(cls: type) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", "_", cls.__name__).lower()


def _make_converter() -> cattrs.Converter:
    conv = cattrs.Converter(forbid_extra_keys=True)
    configure_tagged_union(Action, conv, tag_generator=_snake, tag_name="type")
    configure_tagged_union(Event, conv, tag_generator=_snake, tag_name="type")
    return conv


CONVERTER: cattrs.Converter = _make_converter()

#: action type tag -> class
ACTION_TAGS: dict[str, type] = {_snake(c): c for c in ACTION_TYPES}


def state_to_data(state: GameState) -> dict[str, Any]:
    data: dict[str, Any] = CONVERTER.unstructure(state)
    return data


def state_to_json(state: GameState) -> str:
    """The state as compact JSON."""
    return json.dumps(state_to_data(state), separators=(",", ":"), sort_keys=True)


def state_from_json(text: str) -> GameState:
    """A state from :func:`state_to_json`'s output."""
    return CONVERTER.structure(json.loads(text), GameState)


def action_to_data(action: Action) -> dict[str, Any]:
    data: dict[str, Any] = CONVERTER.unstructure(action, Action)
    return data


def action_to_json(action: Action) -> str:
    return json.dumps(action_to_data(action), separators=(",", ":"), sort_keys=True)


def action_from_json(text: str) -> Action:
    action: Action = CONVERTER.structure(json.loads(text), Action)  # type: ignore[arg-type]
    return action


def event_to_data(event: Event) -> dict[str, Any]:
    data: dict[str, Any] = CONVERTER.unstructure(event, Event)
    return data
