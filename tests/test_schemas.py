"""The published JSON Schemas: generated from the attrs types, never out of date, and every
document the library writes validates against its schema.

Tooling tests (schema generation, drift) check no rule and carry no clause marker; the tests
that read rule vocabularies or rule-made documents name their clauses.
"""

from __future__ import annotations

import json
import random
from importlib import resources
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from ragusa import Options, is_terminal, legal_actions, new_game, state_from_json, step
from ragusa.contract.records import GameRecord, record_from_json, record_to_data, verify
from ragusa.contract.schema import NAMES, check_document, differences, generate, main, schema, schema_text, write
from ragusa.contract.serialization import ACTION_TAGS, action_to_data, event_to_data, state_to_data
from ragusa.contract.views import view, view_to_data
from ragusa.core.actions import ACTION_TYPES, Action
from ragusa.core.components import COMMODITIES, RESOURCES
from ragusa.core.events import Event
from ragusa.core.state import PHASES

ROOT = Path(__file__).resolve().parents[1]
SCHEMAS = ROOT / "schemas"


def test_published_schemas_match_the_generated_ones() -> None:
    # Regenerate every schema from the attrs types and compare with the committed files byte for byte.
    assert differences(SCHEMAS) == [], "run: python -m ragusa.contract.schema write"
    for name in NAMES:
        assert (SCHEMAS / f"{name}.schema.json").read_text(encoding="utf-8") == schema_text(name)


def test_write_and_check_round_trip(tmp_path: Path) -> None:
    out: list[str] = []
    assert main(["check", str(tmp_path)], out=out.append) == 1  # nothing written yet: all six missing
    assert len(out) == len(NAMES)
    write(tmp_path)
    assert main(["check", str(tmp_path)], out=out.append) == 0
    (tmp_path / "state.schema.json").write_text("{}", encoding="utf-8")
    assert differences(tmp_path) == [str(tmp_path / "state.schema.json")]
    assert main(["print", "nope"], out=out.append) == 2


@pytest.mark.parametrize("name", NAMES)
def test_each_schema_is_a_valid_draft_2020_12_schema(name: str) -> None:
    doc = schema(name)
    Draft202012Validator.check_schema(doc)
    assert doc["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert generate(name) == doc  # generation is deterministic


def test_union_tags_are_the_serializer_tags() -> None:
    tags = schema("action")["$defs"]["Action"]["properties"]["type"]["enum"]
    assert sorted(tags) == sorted(ACTION_TAGS)
    assert len(tags) == len(ACTION_TYPES)


def test_descriptions_come_from_the_docstrings_and_field_comments() -> None:
    player = schema("state")["$defs"]["PlayerState"]
    assert player["description"] == "One seat's holdings."
    assert "silver, wine, oil" in player["properties"]["commodities"]["description"]
    place = schema("action")["$defs"]["Place"]
    assert place["description"].startswith("TURN-1: place a house")


@pytest.mark.clause("RES-1", "RES-2", "FISH-1")
def test_vocabularies_are_closed() -> None:
    # The schema lists the six resources and three commodities, so a typo is caught at the door.
    defs = schema("action")["$defs"]
    assert defs["Trade"]["properties"]["resource"]["enum"] == list(RESOURCES)
    assert defs["SellCommodity"]["properties"]["commodity"]["enum"] == list(COMMODITIES)
    assert schema("state")["$defs"]["GameState"]["properties"]["phase"]["enum"] == list(PHASES)
    # Fixed-length tuples: exactly 6 resources, each >= 0 (resources never go negative, RES-1).
    res = schema("state")["$defs"]["PlayerState"]["properties"]["resources"]
    assert res["minItems"] == res["maxItems"] == 6 and res["items"] is False
    assert all(item == {"type": "integer", "minimum": 0} for item in res["prefixItems"])


def test_the_packaged_component_file_validates() -> None:
    raw = json.loads(resources.files("ragusa.core").joinpath("data/standard.json").read_text(encoding="utf-8"))
    check_document("components", raw)


def _json(data: Any) -> Any:
    """What a JSON reader would see (tuples become lists)."""
    return json.loads(json.dumps(data))


GAMES = [
    (1, 5, "2nd", Options(solo_easier_rector=True)),
    (2, 3, "1st", Options()),
    (3, 7, "2nd", Options(strict=True)),
    (4, 1, "2nd", Options()),
    (5, 2, "1st", Options()),
]


@pytest.mark.clause("SETUP-1", "TURN-3")
@pytest.mark.parametrize(("players", "seed", "edition", "options"), GAMES)
def test_every_document_of_random_games_validates(players: int, seed: int, edition: str, options: Options) -> None:
    # A random game of each player count: every state, the deciding seat's view at every step and
    # every seat's view at the end, every distinct legal action and event validate against their schemas.
    rng = random.Random(seed)
    state = new_game(players, seed=seed, edition=edition, options=options)
    seen_actions: set[Action] = set()
    seen_events: set[str] = set()
    steps = 0
    while not is_terminal(state):
        check_document("state", _json(state_to_data(state)))
        assert state.seat is not None
        check_document("view", _json(view_to_data(view(state, state.seat))))
        actions = legal_actions(state)
        for a in actions:
            if a not in seen_actions:
                seen_actions.add(a)
                check_document("action", _json(action_to_data(a)))
        state, events = step(state, rng.choice(actions))
        steps += 1
        for e in events:
            data = _json(event_to_data(e))
            key = json.dumps(data, sort_keys=True)
            if key not in seen_events:
                seen_events.add(key)
                check_document("event", data)
    check_document("state", _json(state_to_data(state)))
    for seat in range(state.n_players):
        check_document("view", _json(view_to_data(view(state, seat))))
    assert steps > 0 and seen_events


def test_records_validate() -> None:
    record = GameRecord(players=3, seed=1, actions=tuple(legal_actions(new_game(3, seed=1))[:1]))
    check_document("record", _json(record_to_data(record)))


def test_every_event_type_has_a_schema_branch() -> None:
    import typing

    event_types = typing.get_args(Event)
    tags = schema("event")["$defs"]["Event"]["properties"]["type"]["enum"]
    assert len(tags) == len(event_types)
    for cls in event_types:
        assert cls.__name__ in schema("event")["$defs"]


def test_the_json_contract_page_examples_validate() -> None:
    # Every example on docs/json-contract.md marked <!-- schema: NAME --> is a valid NAME document,
    # and the page names every schema.
    import re

    page = (ROOT / "docs" / "json-contract.md").read_text(encoding="utf-8")
    blocks = re.findall(r"<!-- schema: (\w+) -->\n```json\n(.*?)\n```", page, re.S)
    kinds = {name for name, _ in blocks}
    assert kinds == {"state", "action", "event", "view", "record"}
    for name, body in blocks:
        check_document(name, json.loads(body))
        if name == "state":
            state_from_json(body)  # a real position: it passes the rules checks too
        if name == "record":
            assert verify(record_from_json(body)).index == 3  # the sample whose action 3 is illegal
    for name in NAMES:
        assert f"`{name}`" in page
