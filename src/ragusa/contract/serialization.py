"""JSON for states and actions, mapped by cattrs.

`state_from_json(state_to_json(s)) == s` for every state. Actions are tagged with
`"type"` (`{"type": "place", "spot": "s12", "powerhouse": false, "trades": []}`).

Every reader validates its input first (`ragusa.contract.schema`, then for states
`ragusa.contract.validation`) and raises `InvalidInputError`, naming the
JSON path of the first problem, for anything malformed or inconsistent; it never returns a
half-built object and never raises another exception type.
"""

from __future__ import annotations

import json
import typing
from collections.abc import Callable
from typing import Any, Final, TypeVar

import attrs
import cattrs
from cattrs.gen import make_dict_unstructure_fn, override
from cattrs.strategies import configure_tagged_union

from ragusa.contract.documents import GameRecord, PlayerView, type_tag
from ragusa.core.actions import ACTION_TYPES, Action
from ragusa.core.errors import InvalidInputError
from ragusa.core.events import Event
from ragusa.core.state import GameState

_snake = type_tag


def _outcome(value: Any, _: Any) -> str | int:
    """A chance outcome: a card id or a seat number (the schema has checked it)."""
    if isinstance(value, bool) or not isinstance(value, str | int):
        raise ValueError(f"a chance outcome is a card id or a seat number, not {value!r}")
    return value


def _make_converter() -> cattrs.Converter:
    conv = cattrs.Converter(forbid_extra_keys=True)
    conv.register_structure_hook(str | int, _outcome)
    configure_tagged_union(Action, conv, tag_generator=_snake, tag_name="type")
    configure_tagged_union(Event, conv, tag_generator=_snake, tag_name="type")
    # a seeded game's state has no "chance" key: its JSON is what it was before explicit chance
    unstructure_state = make_dict_unstructure_fn(GameState, conv, chance=override(omit_if_default=True))
    conv.register_unstructure_hook(GameState, unstructure_state)
    unstructure_view = make_dict_unstructure_fn(PlayerView, conv, chance=override(omit_if_default=True))
    conv.register_unstructure_hook(PlayerView, unstructure_view)
    unstructure_record = make_dict_unstructure_fn(GameRecord, conv, chance=override(omit_if_default=True))
    conv.register_unstructure_hook(GameRecord, unstructure_record)
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


T = TypeVar("T")


def structure_checked(data: Any, cls: type[T]) -> T:
    """Structure schema-validated data; a failure (which the schema should have prevented) is
    still reported as `InvalidInputError`, never as a cattrs exception."""
    try:
        return CONVERTER.structure(data, cls)
    except Exception as exc:  # cattrs raises exception groups; the schema normally rules these out
        detail = "; ".join(cattrs.transform_error(exc)) if isinstance(exc, cattrs.BaseValidationError) else str(exc)
        raise InvalidInputError("$", f"cannot build a {cls.__name__}: {detail[:300]}") from None


def state_from_data(data: Any, *, rules: bool = True) -> GameState:
    """A state from parsed JSON, validated (schema, structure and, with `rules`, the rules'
    consistency; see `ragusa.contract.validation`)."""
    from ragusa.contract.schema import read_document
    from ragusa.contract.validation import check_state

    read_document("state", data)
    state = structure_checked(data, GameState)
    check_state(state, rules=rules)
    return state


def state_from_json(text: str | bytes, *, rules: bool = True) -> GameState:
    """A state from `state_to_json`'s output, validated.

    Raises `InvalidInputError` (a `ValueError`) naming the JSON path of the first
    problem. `rules=False` skips the checks that the position could arise in play (piece counts,
    resources matching the houses, every card in one place), for hand-built positions.
    """
    from ragusa.contract.schema import parse_json

    return state_from_data(parse_json(text), rules=rules)


def action_to_data(action: Action) -> dict[str, Any]:
    data: dict[str, Any] = CONVERTER.unstructure(action, Action)
    return data


def action_to_json(action: Action) -> str:
    return json.dumps(action_to_data(action), separators=(",", ":"), sort_keys=True)


def action_from_data(data: Any) -> Action:
    """An action from parsed JSON, validated against the `action` schema."""
    from ragusa.contract.schema import read_document

    read_document("action", data)
    try:
        action: Action = CONVERTER.structure(data, Action)  # type: ignore[arg-type]
    except Exception as exc:  # pragma: no cover - the schema rules this out
        raise InvalidInputError("$", f"cannot build an action: {str(exc)[:300]}") from None
    return action


def action_from_json(text: str | bytes) -> Action:
    """An action from `action_to_json`'s output, validated against the `action` schema.

    Only the form is checked here; whether the action is legal is `ragusa.apply`'s call.
    Raises `InvalidInputError` naming the JSON path of the first problem.
    """
    from ragusa.contract.schema import parse_json

    return action_from_data(parse_json(text))


#: the field types an event's JSON holds as they are (any other field, a tuple or a dict, is copied),
#: as written and as resolved (the converter resolves the events' annotations)
_PLAIN: frozenset[object] = frozenset({"int", "str", "bool", int, str, bool})


def _copied(value: Any) -> Any:
    return list(value) if type(value) is tuple else dict(value) if type(value) is dict else value


def _event_writers(cls: type) -> tuple[Callable[[Any], dict[str, Any]], Callable[..., dict[str, Any]]]:
    """The functions writing an event of `cls` as JSON data (see `event_to_data`): from the event,
    and from its fields' values as recorded (`ragusa.core.events.Recorded`); generated from its
    attrs fields, as attrs generates its methods: one dict display, no loop."""
    names = [f.name for f in attrs.fields(cls)]
    plain = [f.type in _PLAIN for f in attrs.fields(cls)]
    items = [f"{n!r}: {n if p else f'copied({n})'}" for n, p in zip(names, plain)]
    items.append(f"'type': {_snake(cls)!r}")
    reads = "".join(f"    {n} = e.{n}\n" for n in names)
    source = (
        f"def values(e):\n{reads}    return {{{', '.join(items)}}}\n"
        f"def convert({', '.join(names)}):\n    return {{{', '.join(items)}}}\n"
    )
    namespace: dict[str, Any] = {"copied": _copied}
    exec(compile(source, f"<ragusa event converter {cls.__name__}>", "exec"), namespace)
    return namespace["values"], namespace["convert"]


_WRITERS = {cls: _event_writers(cls) for cls in typing.get_args(Event)}
#: each event class's JSON writer (`event_to_data`), written once from its fields when the module
#: loads (a table, never changed)
EVENT_WRITERS: Final[dict[type, Callable[[Any], dict[str, Any]]]] = {cls: w[0] for cls, w in _WRITERS.items()}
#: each event class's JSON writer from its fields' values as the rules record them
#: (`ragusa.core.events.Recorded`): `RECORD_WRITERS[cls](*values)` is `event_to_data(cls(*values))`
RECORD_WRITERS: Final[dict[type, Callable[..., dict[str, Any]]]] = {cls: w[1] for cls, w in _WRITERS.items()}


def event_to_data(event: Event) -> dict[str, Any]:
    """An event as JSON data: its fields, then its `"type"` tag, as `CONVERTER` writes it. Events
    hold only numbers, strings, booleans, tuples of numbers and a dict of numbers, so the fields
    are copied as they are, by a function written for the event's class (`EVENT_WRITERS`: several
    times faster than the converter, for the protocol's answers)."""
    writer = EVENT_WRITERS.get(type(event))
    if writer is None:
        raise ValueError(f"not a ragusa event: {type(event).__name__}")
    return writer(event)


def event_to_json(event: Event) -> str:
    return json.dumps(event_to_data(event), separators=(",", ":"), sort_keys=True)
