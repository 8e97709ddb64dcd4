"""Generate the JSON Schemas (draft 2020-12) of the library's documents from the attrs types.

Six documents: `components` (`ComponentData`), `state`
(`GameState`), `action` (the tagged union of actions), `event`
(the tagged union of events), `view` (`PlayerView`) and
`record` (`GameRecord`).

Descriptions come from the class docstrings and the `#:` field comments; the closed
vocabularies of the rules (resources, commodities, phases, editions...) and number ranges are
added by `_vocabulary`. Nothing is maintained by hand: `write` writes the published
copies `schemas/NAME.schema.json` and a test fails on any difference.
"""

from __future__ import annotations

import ast
import enum
import inspect
import json
import re
import sys
import types
import typing
from collections.abc import Mapping
from typing import Any

import attrs

from ragusa.contract.documents import GameRecord, PlayerView, type_tag
from ragusa.core import actions, events
from ragusa.core.components import (
    BONUS_KINDS,
    BUILDINGS,
    COMMODITIES,
    COMPONENTS,
    HEX_KINDS,
    RESOURCES,
    ComponentData,
)
from ragusa.core.state import CHANCE_KINDS, EDITIONS, PHASES, VP_SOURCES, GameState

DIALECT = "https://json-schema.org/draft/2020-12/schema"
#: the published documents, in the order the docs list them
NAMES: tuple[str, ...] = ("components", "state", "action", "event", "view", "record")

JSONSchema = dict[str, Any]


def _tag(cls: type) -> str:
    """The `"type"` tag of an action or event class, as `ragusa.contract.serialization` writes it."""
    return type_tag(cls)


def _clean(text: str) -> str:
    """A docstring or comment without reST markup."""
    text = re.sub(r":\w+:`~?([^`]+)`", lambda m: m.group(1).split(".")[-1], text)
    text = text.replace("``", "`")
    return re.sub(r"\s+", " ", text).strip()


def _class_doc(cls: type) -> str | None:
    doc = cls.__dict__.get("__doc__")
    if not doc:
        return None
    return _clean(inspect.cleandoc(doc))


_MODULE_CLASSES: dict[str, dict[str, list[str]]] = {}


def _class_lines(cls: type) -> list[str]:
    """The source lines of a top-level class (each module is parsed once)."""
    classes = _MODULE_CLASSES.get(cls.__module__)
    if classes is None:
        classes = {}
        try:
            lines = inspect.getsource(sys.modules[cls.__module__]).splitlines()
            for node in ast.parse("\n".join(lines)).body:
                if isinstance(node, ast.ClassDef) and node.end_lineno is not None:
                    classes[node.name] = lines[node.lineno - 1 : node.end_lineno]
        except (OSError, TypeError, KeyError, SyntaxError):  # pragma: no cover - source not available
            pass
        _MODULE_CLASSES[cls.__module__] = classes
    return classes.get(cls.__name__, [])


def _field_docs(cls: type) -> dict[str, str]:
    """The `#:` comments written above the fields of `cls`."""
    docs: dict[str, str] = {}
    pending: list[str] = []
    for line in _class_lines(cls)[1:]:
        s = line.strip()
        if s.startswith("#:"):
            pending.append(s[2:].strip())
            continue
        m = re.match(r"(\w+)\s*:", s)
        if m and pending:
            docs[m.group(1)] = _clean(" ".join(pending))
        pending = []
    return docs


def _merge(base: JSONSchema, extra: Mapping[str, Any]) -> JSONSchema:
    out = dict(base)
    for k, v in extra.items():
        if isinstance(v, Mapping) and isinstance(out.get(k), dict):
            out[k] = _merge(out[k], v)
        else:
            out[k] = v
    return out


def _is_attrs(tp: object) -> bool:
    return isinstance(tp, type) and attrs.has(tp)


class _Generator:
    """Turns attrs classes and their field types into one schema document with `$defs`."""

    def __init__(self, unions: Mapping[str, tuple[type, ...]], refine: Mapping[tuple[str, str], Mapping[str, Any]]):
        self.unions = {frozenset(members): name for name, members in unions.items()}
        self.union_members = dict(unions)
        self.refine = refine
        self.defs: dict[str, JSONSchema] = {}

    def ref(self, name: str) -> JSONSchema:
        return {"$ref": f"#/$defs/{name}"}

    def for_type(self, tp: Any) -> JSONSchema:
        if tp is int:
            return {"type": "integer"}
        if tp is bool:
            return {"type": "boolean"}
        if tp is str or (isinstance(tp, type) and issubclass(tp, enum.StrEnum)):
            return {"type": "string"}  # an enum's values are added from the vocabulary
        if tp is float:
            return {"type": "number"}
        if tp is type(None):
            return {"type": "null"}
        if tp is Any:
            return {}
        origin = typing.get_origin(tp)
        args = typing.get_args(tp)
        if origin is tuple:
            if len(args) == 2 and args[1] is Ellipsis:
                return {"type": "array", "items": self.for_type(args[0])}
            if args == ((),) or not args:
                return {"type": "array", "maxItems": 0}
            return {
                "type": "array",
                "prefixItems": [self.for_type(a) for a in args],
                "items": False,
                "minItems": len(args),
                "maxItems": len(args),
            }
        if origin is dict:
            key, value = args
            if key is not str:
                raise TypeError(f"JSON objects have string keys; cannot map {tp!r}")
            return {"type": "object", "additionalProperties": self.for_type(value)}
        if origin is typing.Union or isinstance(tp, types.UnionType):
            return self.for_union(args)
        if _is_attrs(tp):
            self.define_class(tp)
            return self.ref(tp.__name__)
        raise TypeError(f"no JSON schema for the type {tp!r}")

    def for_union(self, args: tuple[Any, ...]) -> JSONSchema:
        members = tuple(a for a in args if a is not type(None))
        nullable = len(members) < len(args)
        name = self.unions.get(frozenset(members))
        if name is not None:
            self.define_union(name)
            body: JSONSchema = self.ref(name)
            return {"anyOf": [body, {"type": "null"}]} if nullable else body
        parts = [self.for_type(a) for a in members]
        if all(set(p) == {"type"} and isinstance(p["type"], str) for p in parts):
            kinds = [p["type"] for p in parts] + (["null"] if nullable else [])
            return {"type": kinds[0] if len(kinds) == 1 else kinds}
        if nullable:
            parts.append({"type": "null"})
        return {"anyOf": parts}

    def define_class(self, cls: type, tag: str | None = None) -> None:
        name = cls.__name__
        if name in self.defs:
            return
        self.defs[name] = {}  # reserve (recursive types)
        hints = typing.get_type_hints(cls)
        docs = _field_docs(cls)
        props: dict[str, JSONSchema] = {}
        required: list[str] = []
        if tag is not None:
            props["type"] = {"const": tag}
            required.append("type")
        for f in attrs.fields(cls):
            sub = self.for_type(hints[f.name])
            if f.name in docs:
                sub = {"description": docs[f.name], **sub}
            extra = self.refine.get((name, f.name))
            if extra:
                if "prefixItems" in sub and "items" in extra:
                    # a fixed-length tuple: an item constraint applies to each prefix item
                    extra = dict(extra)
                    each = extra.pop("items")
                    sub = {**sub, "prefixItems": [_merge(item, each) for item in sub["prefixItems"]]}
                sub = _merge(sub, extra)
            props[f.name] = sub
            if f.default is attrs.NOTHING:
                required.append(f.name)
        out: JSONSchema = {}
        doc = _class_doc(cls)
        if doc:
            out["description"] = doc
        out.update({"type": "object", "properties": props, "required": required, "additionalProperties": False})
        self.defs[name] = out

    def define_union(self, name: str) -> None:
        if name in self.defs:
            return
        members = self.union_members[name]
        self.defs[name] = {}
        tags = [_tag(c) for c in members]
        branches = []
        for cls, tag in zip(members, tags):
            self.define_class(cls, tag)
            branches.append(
                {"if": {"properties": {"type": {"const": tag}}, "required": ["type"]}, "then": self.ref(cls.__name__)}
            )
        self.defs[name] = {
            "description": f'One of {len(members)} kinds, told apart by the "type" tag.',
            "type": "object",
            "required": ["type"],
            "properties": {"type": {"enum": tags}},
            "allOf": branches,
        }


def _vocabulary() -> dict[tuple[str, str], dict[str, Any]]:
    """Constraints the Python types cannot say: closed vocabularies and number ranges."""
    bonus_count: dict[str, Any] = {"minimum": 0, "maximum": len(COMPONENTS.bonus_cards)}
    nat: dict[str, Any] = {"minimum": 0}
    nat_items: dict[str, Any] = {"items": {"minimum": 0}}
    seat_or_none: dict[str, Any] = {"minimum": 0}
    edition = {"enum": list(EDITIONS)}
    return {
        # component data
        ("HexData", "kind"): {"enum": list(HEX_KINDS)},
        ("HexData", "resource"): {"enum": [*RESOURCES, None]},
        ("HexData", "building"): {"enum": [*BUILDINGS, None]},
        ("SlotData", "cost"): {"additionalProperties": {"minimum": 1}, "propertyNames": {"enum": list(COMMODITIES)}},
        ("SlotData", "lowers"): {"enum": list(COMMODITIES)},
        ("MarketData", "track"): {"items": {"minimum": 0}, "minItems": 1},
        ("MarketData", "start"): nat,
        ("ArrivalData", "commodity"): {"enum": list(COMMODITIES)},
        ("ArrivalData", "steps"): nat,
        ("ShipData", "stars"): nat,
        ("ShipData", "extra_cost"): {"enum": [*COMMODITIES, None]},
        ("BonusCardData", "kind"): {"enum": list(BONUS_KINDS)},
        ("BonusCardData", "vp"): nat,
        ("BonusCardData", "resource"): {"enum": [*RESOURCES, None]},
        ("BonusCardData", "vp_1st_edition"): seat_or_none,
        ("PiecesData", "houses"): {"additionalProperties": {"minimum": 1}},
        ("PiecesData", "powerhouses_2p"): nat,
        ("PiecesData", "towers_per_player"): nat,
        ("PiecesData", "walls"): {"minimum": 1},
        ("PiecesData", "commodity_cap"): nat,
        # state
        ("GameState", "edition"): edition,
        ("GameState", "rng"): {"minimum": 0, "maximum": 2**64 - 1},
        ("GameState", "players"): {"minItems": 1, "maxItems": 5},
        ("GameState", "start_seat"): nat,
        ("GameState", "phase"): {"enum": list(PHASES)},
        ("GameState", "seat"): seat_or_none,
        ("GameState", "turn_seat"): nat,
        ("GameState", "placements"): nat,
        ("GameState", "houses"): {"items": {"minimum": -3}},
        ("GameState", "towers"): {"items": {"minimum": -1}},
        ("GameState", "walls"): {"items": {"minimum": -1}},
        ("GameState", "market"): nat_items,
        ("GameState", "placed"): {"minimum": -1},
        ("GameState", "pending_hexes"): nat_items,
        ("GameState", "current_hex"): {"minimum": -1},
        ("GameState", "queue"): nat_items,
        ("GameState", "passes"): nat,
        ("GameState", "end_seats"): nat_items,
        ("PlayerState", "resources"): nat_items,
        ("PlayerState", "commodities"): nat_items,
        ("PlayerState", "houses_left"): nat,
        ("PlayerState", "powerhouses_left"): nat,
        ("PlayerState", "towers_left"): nat,
        ("PlayerState", "vp"): nat_items,
        ("PlayerState", "bonus_vp"): nat_items,
        ("PlayerState", "fish_traded"): nat,
        ("SoloState", "bot_seats"): nat_items,
        ("SoloState", "round"): nat,
        ("ChanceState", "ship_hidden"): nat,
        ("ChanceState", "bonus_hidden"): nat,
        ("ChanceNode", "kind"): {"enum": list(CHANCE_KINDS)},
        ("ChanceNode", "outcomes"): {"minItems": 1},
        ("ChanceNode", "counts"): {"items": {"minimum": 1}, "minItems": 1},
        ("ChanceNode", "seat"): seat_or_none,
        # actions
        ("Place", "trades"): {"items": {"enum": list(RESOURCES)}},
        ("Trade", "resource"): {"enum": list(RESOURCES)},
        ("BuyShip", "slot"): nat,
        ("SellCommodity", "commodity"): {"enum": list(COMMODITIES)},
        # events
        ("VPScored", "source"): {"enum": list(VP_SOURCES)},
        # views
        ("PlayerView", "viewer"): nat,
        ("PlayerView", "edition"): edition,
        ("PlayerView", "phase"): {"enum": list(PHASES)},
        ("PlayerView", "seat"): seat_or_none,
        ("PlayerView", "houses"): {"items": {"minimum": -3}},
        ("PlayerView", "towers"): {"items": {"minimum": -1}},
        ("PlayerView", "walls"): {"items": {"minimum": -1}},
        ("PlayerView", "chance"): {"enum": [*CHANCE_KINDS, None]},
        # counts of hidden cards are bounded by the cards the game has (no view can count more)
        ("PlayerView", "ship_deck_size"): {"minimum": 0, "maximum": len(COMPONENTS.ships)},
        ("PlayerView", "bonus_deck_size"): bonus_count,
        ("PlayerView", "rector_hand_size"): bonus_count,
        ("SeatView", "bonus_card_count"): bonus_count,
        ("SeatView", "dealt_count"): bonus_count,
        ("SoloView", "bot_card_counts"): {"items": {"minimum": 0, "maximum": len(COMPONENTS.patrician_cards)}},
        ("SoloView", "bot_pair_counts"): {"items": bonus_count},
        # records
        ("GameRecord", "version"): {"const": 1},
        ("GameRecord", "players"): {"minimum": 1, "maximum": 5},
        ("GameRecord", "edition"): edition,
    }


_TITLES: dict[str, tuple[str, str]] = {
    "components": (
        "Ragusa component data",
        "The board, market track, ships, bonus cards and solo material (ragusa/core/data/standard.json).",
    ),
    "state": (
        "Ragusa game state",
        "A complete game position, as state_to_json writes it. Hexes, spots and wall segments are "
        "indexed in component-file order; resources are fish, wood, stone, silver_ore, grapes, olives; "
        "commodities silver, wine, oil.",
    ),
    "action": ("Ragusa action", 'One decision of the deciding seat, tagged with "type".'),
    "event": ("Ragusa event", 'What an action made happen (ragusa.step), tagged with "type".'),
    "view": (
        "Ragusa player view",
        "What one seat may know of a game position: no other seat's bonus cards, no deck order, no "
        "generator state. The deciding seat's view carries its legal actions.",
    ),
    "record": (
        "Ragusa game record",
        "The setup of a game (players, seed, edition, options) and the actions taken, in order.",
    ),
}


def _root(name: str) -> Any:
    """The attrs class of a document, or the name of its tagged union."""
    if name == "components":
        return ComponentData
    if name == "state":
        return GameState
    if name == "action":
        return "Action"
    if name == "event":
        return "Event"
    if name == "view":
        return PlayerView
    if name == "record":
        return GameRecord
    raise KeyError(f"no schema named {name!r}; the schemas are {', '.join(NAMES)}")


def _unions() -> dict[str, tuple[type, ...]]:
    return {"Action": actions.ACTION_TYPES, "Event": typing.get_args(events.Event)}


def generate(name: str) -> JSONSchema:
    """Generate the schema `name` (one of `NAMES`) from the attrs types."""
    root = _root(name)
    title, description = _TITLES[name]
    gen = _Generator(_unions(), _vocabulary())
    if isinstance(root, str):
        gen.define_union(root)
        body = gen.ref(root)
    else:
        gen.define_class(root)
        body = gen.ref(root.__name__)
    doc: JSONSchema = {"$schema": DIALECT, "title": title, "description": description}
    doc.update(body)
    doc["$defs"] = dict(sorted(gen.defs.items()))
    return doc


_CACHE: dict[str, JSONSchema] = {}


def schema(name: str) -> JSONSchema:
    """The schema `name`, generated at first use and cached (do not modify the result)."""
    doc = _CACHE.get(name)
    if doc is None:
        doc = _CACHE[name] = generate(name)
    return doc


def schema_text(name: str) -> str:
    """The schema as the published file holds it."""
    return json.dumps(schema(name), indent=2, ensure_ascii=False) + "\n"
