"""docs/clause-positions.json: each rule clause's example position, linked from its rule page to the
board editor. Each position reads, and there its clause decides: the decision's rule, the clause
refusing the move, or what the legal move does. A clause no single position can show has a stated
reason instead, from the tool's short list, and its rule page says so."""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import parse_qs, urlparse

import pytest

from ragusa import parse_action, position_from_text, step
from ragusa.core.errors import IllegalActionError
from ragusa.spec import default_registry
from tests.support import tool

ROOT = Path(__file__).resolve().parents[1]
POSITIONS: dict[str, dict[str, str]] = json.loads((ROOT / "docs" / "clause-positions.json").read_text(encoding="utf-8"))
finder = tool("clause_positions.py")


def test_the_examples_cover_the_clauses_a_game_meets() -> None:
    registry = default_registry()
    assert set(POSITIONS) <= set(registry.ids)
    assert {"ACT-5", "BUILD-8", "FISH-1", "MASON-1", "R-9", "TWO-2", "END-CATH-1", "WIN-1"} <= set(POSITIONS)
    # the solo bots' stated reasons, the 1st edition's rulings, the end of a solo game
    assert {"SOLO-4", "SOLO-5", "SOLO-6", "R-5", "R-16", "SOLO-7", "ACT-4", "TWO-4"} <= set(POSITIONS)
    # the seeded games, the game with explicit chance and the built positions
    assert {"TWO-8", "R-11", "SOLO-8", "R-23", "SETUP-5", "SETUP-7", "SOLO-2", "R-4", "R-6", "R-7"} <= set(POSITIONS)


def test_each_clause_has_an_example_or_a_stated_reason() -> None:
    ids = set(default_registry().ids)
    reasons: dict[str, str] = finder.NO_POSITION
    assert set(reasons) <= ids and not set(reasons) & set(POSITIONS)
    assert sorted(ids - set(POSITIONS) - set(reasons)) == []
    assert all(reason and not reason.endswith(".") for reason in reasons.values())


@pytest.mark.parametrize("clause", sorted(POSITIONS))
def test_each_example_position_reads_and_its_clause_decides_there(clause: str) -> None:
    example = POSITIONS[clause]
    state = position_from_text(example["position"])
    assert len(example["position"]) <= 1000
    if not example["move"]:
        assert clause in set(finder.decisions(state))
        return
    action = parse_action(state, example["move"])
    try:
        _, events = step(state, action)
    except IllegalActionError as exc:
        assert clause in set(finder.refusals(state, action, exc))
        return
    assert clause in set(finder.effects(action, events, state))


def test_the_rule_pages_link_each_example_to_the_editor() -> None:
    hook = tool("../docs/hooks/ragusa_docs.py")
    page = "\n".join(
        [
            "### FISH-1 · Exchange rates { #FISH-1 }",
            "",
            "Fish can be exchanged.",
            "",
            "- **Editions:** 1st, 2nd",
            "- **Source:** 1st ed. p. 9",
            "- **Implemented by:** none yet",
            "### SETUP-2 · Pieces per player { #SETUP-2 }",
            "- **Source:** 1st ed. p. 6",
            "### WIN-9 · Nothing { #WIN-9 }",
            "- **Source:** none",
        ]
    )
    lines = hook.with_examples(page).split("\n")
    link = lines[6]
    assert link.startswith("- **Example:** [a position where it decides](http://127.0.0.1:8765/editor?position=")
    url = urlparse(link[link.index("(") + 1 : link.index(")")])
    query = parse_qs(url.query)
    assert query["position"] == [POSITIONS["FISH-1"]["position"]] and query["move"] == [POSITIONS["FISH-1"]["move"]]
    assert lines[7] == "- **Implemented by:** none yet" and lines[-1] == "- **Source:** none"  # WIN-9: none
    assert lines[10] == f"- **Example:** no single position shows this clause: {finder.NO_POSITION['SETUP-2']}."


def test_the_file_is_what_the_tool_writes() -> None:
    assert finder.find() == POSITIONS  # else: python tools/clause_positions.py
