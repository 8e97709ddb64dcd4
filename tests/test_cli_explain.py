"""`ragusa explain POSITION [ACTION]`: whose decision and every legal action; legal (exit 0) or
illegal with the clause, the rule's words and the numbers (exit 1); bad input exit 2."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from ragusa import (
    GameState,
    apply,
    is_chance,
    legal_actions,
    new_game,
    position_to_text,
    state_to_json,
)
from ragusa.cli import main
from tests import boundary_positions


def trade_window() -> GameState:
    """Seat 3 (`@2` in the text, which counts from 0), with no fish, may trade before the Silversmith
    activates its house on s48; seat 4 placed on s41, next to it; seat 2's house on s40 and seat 1's
    on s33 activate after it. People count seats from 1; the position text and JSON from 0."""
    state = new_game(4, seed=1)
    for _ in range(40):
        moves = legal_actions(state)
        state = apply(state, moves[len(moves) // 2])
    return state


TEXT = position_to_text(trade_window())


def explain(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["explain", *args])
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return code, out, err


@pytest.mark.clause("FISH-2")
def test_without_an_action_it_says_whose_decision_and_every_legal_action(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = explain(capsys, TEXT)
    assert code == 0
    lines = out.splitlines()
    assert lines[0].startswith("Seat 3 decides (trade_window, FISH-2).")
    assert "which activates your house on s48, you may trade fish" in lines[0]
    assert lines[1] == "Its legal actions (1):"  # no fish: only Pass
    assert lines[2].split() == ["pass", "no", "trade:", "the", "house", "activates"]


def test_every_legal_action_is_listed_with_its_effect(capsys: pytest.CaptureFixture[str]) -> None:
    state = boundary_positions.middle(3)
    code, out, _ = explain(capsys, position_to_text(state))
    assert code == 0
    assert f"Its legal actions ({len(legal_actions(state))}):" in out
    assert out.count("\n  ") == len(legal_actions(state))


@pytest.mark.clause("FISH-2")
def test_a_legal_action_gives_its_events_and_what_changes(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = explain(capsys, TEXT, "pass")
    assert code == 0
    assert out.startswith("legal: pass\nWhat it does: no trade: the house activates\n")
    # the Silversmith activates each house on it, clockwise from the new one: s48 (seat 3, @2 in
    # the text), s40 (seat 2, @1), s33 (seat 1, @0); the silver each makes is its houses' silver
    # ore access (3, 2, 2 in r=0.3.2.3.3.2, r=0.3.2.2.2.3, r=0.1.2.2.3.3: silver ore is the 4th
    # number); people count seats from 1
    assert "  seat 1: silver 6 -> 9\n" in out
    assert "  seat 2: silver 2 -> 4\n" in out
    assert "  seat 3: silver 4 -> 6\n" in out


@pytest.mark.clause("FISH-1")
def test_an_illegal_action_gives_the_clause_the_rule_and_the_numbers(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = explain(capsys, TEXT, "trade wood")
    assert code == 1
    lines = out.splitlines()
    assert lines[0] == "illegal: trade 2 fish>wood"
    assert lines[1] == "[FISH-1] 1 wood costs 2 fish; seat 2 has 0"  # the rules' message: seats from 0
    assert (
        lines[2].startswith("The rule, FISH-1: Exchange rates: Fish can be exchanged")
        and "2 fish for 1 wood" in lines[2]
    )


def test_an_action_may_be_given_as_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = explain(capsys, TEXT, '{"type": "pass"}')
    assert code == 0 and out.startswith("legal: pass")


def test_the_position_may_be_a_file_of_text_or_of_json_or_standard_input(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    text, doc = tmp_path / "table.txt", tmp_path / "state.json"
    text.write_text(TEXT + "\n", encoding="utf-8")
    doc.write_text(state_to_json(trade_window()), encoding="utf-8")
    first = explain(capsys, TEXT)
    assert explain(capsys, str(text)) == first
    assert explain(capsys, str(doc)) == first
    monkeypatch.setattr("sys.stdin", io.StringIO(TEXT))
    assert explain(capsys, "-") == first


def test_a_chance_node_lists_its_outcomes_and_the_end_its_scores(capsys: pytest.CaptureFixture[str]) -> None:
    node = new_game(2, chance=True)
    assert is_chance(node)
    code, out, _ = explain(capsys, position_to_text(node))
    assert code == 0 and out.startswith("Chance decides: a ")
    code, out, _ = explain(capsys, position_to_text(boundary_positions.last(2)))
    assert code == 0 and out.startswith("The game is over: nobody decides.")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("2nd place@0 @0 h=76",), "POSITION: column 18: '76': expected a spot (1 to 75)"),
        (
            ("no-such-file.txt",),
            "POSITION: 'no-such-file.txt' is no position text (it starts with 1st or 2nd) and no file",
        ),
        (('{"edition": "2nd"}',), "POSITION: $: "),
        ((TEXT, "flub"), "ACTION: unknown word 'flub'"),
        ((TEXT, '{"type": "fly"}'), "ACTION: "),
    ],
)
def test_bad_input_is_a_clear_message_and_exit_2(
    capsys: pytest.CaptureFixture[str], args: tuple[str, ...], message: str
) -> None:
    code, out, err = explain(capsys, *args)
    assert code == 2 and out == ""
    assert err.startswith(f"ragusa explain: {message}"), err


@pytest.mark.clause("SETUP-2")
def test_an_impossible_position_is_refused_with_its_clause_and_numbers(capsys: pytest.CaptureFixture[str]) -> None:
    # one more house for @2 (seat 3) on s18: 6 on the board and 5 left make 11 of its 10 houses
    text = TEXT.replace("@2 h=17", "@2 h=17.18")
    code, _, err = explain(capsys, text)
    column = text.index(" left=", text.index(" @2 ")) + 7
    assert code == 2
    assert err.startswith(f"ragusa explain: POSITION: column {column}: 6 houses on the board + 5 houses left")
    assert "= 11; should be 10 (SETUP-2)" in err


def test_the_answer_speaks_french_and_polish(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = explain(capsys, TEXT, "pass", "--lang", "fr")
    assert code == 0 and out.startswith("légal : pass\nCe qu'elle fait : ")
    assert "  joueur 1: Argent 6 -> 9\n" in out  # @0 in the text: the first seat
    code, out, _ = explain(capsys, TEXT, "--lang", "pl")
    assert code == 0 and out.splitlines()[0].startswith("Decyduje gracz 3 (trade_window, FISH-2).")  # @2
    assert out.splitlines()[1] == "Dozwolone akcje (1):"
