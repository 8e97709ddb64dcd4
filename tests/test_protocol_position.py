"""The protocol's `position` op (the board editor's engine): a position read and checked, whose
decision it is with each legal action, the ruling on one action; problems answered, not refused."""

from __future__ import annotations

from typing import Any

import pytest

from ragusa import legal_actions, position_from_text, position_to_text, state_to_data
from ragusa.service import MemoryStore, handle
from tests import boundary_positions
from tests.test_cli_explain import TEXT


def ask(**fields: Any) -> dict[str, Any]:
    out = handle(MemoryStore(), {"op": "position", **fields})
    assert out["ok"], out
    return out


def test_a_position_text_gives_the_decision_and_every_legal_action() -> None:
    out = ask(position=TEXT)
    assert out["position"] == TEXT and out["problems"] == []
    d = out["decision"]
    assert (d["seat"], d["phase"], d["rule"]) == (2, "trade_window", "FISH-2")  # data: from 0
    assert d["headline"].startswith("Seat 3 decides (trade_window, FISH-2).")  # people: from 1
    assert [c["notation"] for c in d["choices"]] == ["pass"]
    assert d["choices"][0]["action"] == {"type": "pass"}


@pytest.mark.clause("FISH-1")
def test_the_ruling_on_an_illegal_action_has_its_clause_and_numbers_and_speaks_french() -> None:
    r = ask(position=TEXT, action="trade wood")["ruling"]
    assert (r["legal"], r["rule"], r["message"]) == (False, "FISH-1", "1 wood costs 2 fish; seat 2 has 0")
    legal = ask(position=TEXT, action={"type": "pass"}, lang="fr")["ruling"]
    assert legal["legal"] and legal["next"].startswith("Ensuite")
    assert "joueur 1: Argent 6 -> 9" in legal["changes"]  # @0 in the text, the first seat


def test_an_impossible_state_being_edited_is_answered_with_its_problems_and_its_text() -> None:
    state = state_to_data(boundary_positions.middle(4))
    players = [dict(p) for p in state["players"]]
    players[0]["commodities"] = [13, 0, 0]
    out = ask(state={**state, "players": players}, unknown=True)
    assert out["decision"] is None and " ships=? bonus=? seed=? " in out["position"]
    assert {"clause": "RES-2", "path": "$.players[0].commodities[0]"}.items() <= out["problems"][0].items()
    assert "13; a seat holds at most 12 of a commodity" in out["problems"][0]["message"]


def test_a_malformed_text_is_a_problem_at_its_column() -> None:
    out = ask(position="2nd place@0 @0 h=76")
    assert out["problems"] == [{"clause": None, "path": "column 18", "message": "'76': expected a spot (1 to 75)"}]
    assert out["position"] == "2nd place@0 @0 h=76" and out["state"] is None


def test_a_new_table_and_its_text_without_what_a_table_cannot_know() -> None:
    out = ask(players=2, edition="1st", unknown=True)
    text = out["position"]
    assert text.startswith("1st setup_bonus@") and " ships=? bonus=? seed=? " in text
    state = position_from_text(text)
    assert len(out["decision"]["choices"]) == len(legal_actions(state)) == 3  # three dealt cards
    assert position_to_text(state, unknown=True) == text


def test_an_unknown_field_is_refused_as_every_op_refuses_it() -> None:
    out = handle(MemoryStore(), {"op": "position", "positon": TEXT})
    assert out["error"]["code"] == "bad_request" and "did you mean 'position'" in out["error"]["message"]


def test_a_game_starts_from_a_position_text() -> None:
    store = MemoryStore()
    seats = ["greedy", "greedy", "human", "greedy"]
    out = handle(store, {"op": "new_game", "position": TEXT, "seats": seats})
    assert out["ok"] and out["status"]["phase"] == "trade_window" and out["status"]["seat"] == 2
    legal = handle(store, {"op": "legal", "game": out["status"]["game"], "seat": 2})
    assert [a["text"] for a in legal["legal"]] == ["pass"]


@pytest.mark.clause("FISH-1")
def test_an_impossible_position_text_is_refused_with_its_column_and_clause() -> None:
    text = TEXT.replace(" @0 h=23.33.36.42.45 w=12.13.14 r=0.", " @0 h=23.33.36.42.45 w=12.13.14 r=9.")
    out = handle(MemoryStore(), {"op": "new_game", "position": text})
    err = out["error"]
    assert (err["code"], err["path"], err["rule"]) == ("bad_request", "$.position", "FISH-1")
    assert err["message"].startswith(f"column {text.index(' r=9.') + 4}: 9 fish + 0 traded away")
