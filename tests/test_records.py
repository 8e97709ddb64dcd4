"""Game records (replay, verify) and the JSON command line (schema, replay, verify, legal, apply, view).

The sample records in tests/records/ were written by tests/records/make_records.py: four complete
games played by the built-in bots (with their final scores) and one game that goes wrong at
action 3. The command-line tests run ``ragusa.cli.main`` in-process.
"""

from __future__ import annotations

import io
import json
import random
from pathlib import Path

import pytest

from ragusa import InvalidInputError, Place, apply, is_terminal, legal_actions, new_game, state_from_json, state_to_json
from ragusa.cli import main
from ragusa.contract.records import GameRecord, ReplayError, record_from_json, record_of, record_to_json, replay, verify
from ragusa.contract.schema import schema_text
from ragusa.contract.serialization import action_from_data, action_to_data, action_to_json, state_to_data
from ragusa.contract.views import view, view_to_data

RECORDS = Path(__file__).resolve().parent / "records"
COMPLETE = sorted(p for p in RECORDS.glob("*.json") if "illegal" not in p.name)
ILLEGAL = RECORDS / "3p-illegal-build2.json"


def test_there_are_samples_of_every_player_count_kind() -> None:
    players = sorted(record_from_json(p.read_text(encoding="utf-8")).players for p in COMPLETE)
    assert players == [1, 2, 4, 5]


@pytest.mark.parametrize("path", COMPLETE, ids=[p.name for p in COMPLETE])
def test_complete_samples_verify_and_replay_to_their_stated_scores(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    record = record_from_json(text)
    assert record_to_json(record) == text  # the file is exactly what the library writes
    assert record.scores is not None
    result = verify(record)
    assert result.ok and result.over and result.index is None
    assert result.applied == len(record.actions)
    assert result.scores == record.scores
    rep = replay(record)
    assert is_terminal(rep.final) and len(rep.events) == len(record.actions)
    assert tuple(p.total_vp for p in rep.final.players) == record.scores


@pytest.mark.clause("BUILD-2", "BUILD-6")
def test_verify_reports_the_first_illegal_action() -> None:
    # 3 players, seed 4: actions 0-2 are the setup choices; action 3 is the start seat's (seat 2)
    # first house on s2, whose hexes are quarry-1, silver-mine-1 and silver-mine-3: the house gains
    # 1 stone and 2 silver ore but no wood (BUILD-6), while the quarry asks for 1 wood (BUILD-2), and
    # seat 2 has no fish to trade for it. Action 4 is never reached.
    record = record_from_json(ILLEGAL.read_text(encoding="utf-8"))
    result = verify(record)
    assert not result.ok
    assert (result.index, result.applied, result.rule) == (3, 3, "BUILD-2")
    assert result.explanation is not None
    assert "the 1st house on quarry-1 needs 1 wood; seat 2 has 0" in result.explanation
    assert result.state is not None and result.state.seat == 2
    assert result.summary().startswith("action 3 is illegal: [BUILD-2]")
    with pytest.raises(ReplayError) as info:
        replay(record)
    assert info.value.index == 3 and info.value.rule == "BUILD-2"


def test_a_record_that_stops_early_is_legal_but_not_over() -> None:
    state = new_game(4, seed=6)
    actions = []
    for _ in range(10):
        a = legal_actions(state)[0]
        actions.append(a)
        state = apply(state, a)
    record = record_of(new_game(4, seed=6), 6, actions)
    assert record.scores is None
    result = verify(record)
    assert not result.ok and result.incomplete and not result.over and result.applied == 10
    assert result.summary().startswith("incomplete:") and "has not ended" in result.summary()
    assert result.winners == ()
    assert result.state == state


def test_wrong_stated_scores_are_reported() -> None:
    record = record_from_json(COMPLETE[0].read_text(encoding="utf-8"))
    assert record.scores is not None
    bad = GameRecord(
        players=record.players,
        seed=record.seed,
        edition=record.edition,
        options=record.options,
        actions=record.actions,
        scores=tuple(s + 1 for s in record.scores),
    )
    result = verify(bad)
    assert not result.ok and result.scores_mismatch and result.scores == record.scores


def test_an_unplayable_setup_is_invalid_input() -> None:
    with pytest.raises(InvalidInputError) as info:
        record_from_json(json.dumps({"players": 0, "seed": 1}))
    assert info.value.path == "$.players"


# --------------------------------------------------------------------------- the command line


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_cli_schema_prints_the_published_file(capsys: pytest.CaptureFixture[str]) -> None:
    for name in ("state", "record"):
        code, out, _ = run(capsys, "schema", name)
        assert code == 0 and out == schema_text(name)


def test_cli_verify(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "verify", str(ILLEGAL))
    assert code == 1 and out.startswith("action 3 is illegal: [BUILD-2]")
    code, out, _ = run(capsys, "verify", "--json", str(ILLEGAL))
    data = json.loads(out)
    assert code == 1 and (data["index"], data["rule"], data["ok"]) == (3, "BUILD-2", False)
    assert data["action"] == action_to_data(Place("s2"))
    record = record_from_json(COMPLETE[0].read_text(encoding="utf-8"))
    code, out, _ = run(capsys, "verify", "--json", str(COMPLETE[0]))
    data = json.loads(out)
    assert code == 0 and data["ok"] and data["over"] and tuple(data["scores"]) == record.scores


def test_cli_replay_prints_the_log_and_the_final_breakdown(capsys: pytest.CaptureFixture[str]) -> None:
    record = record_from_json(COMPLETE[0].read_text(encoding="utf-8"))
    assert record.scores is not None
    code, out, _ = run(capsys, "replay", str(COMPLETE[0]))
    assert code == 0
    assert "Final scores" in out
    for seat, total in enumerate(record.scores):
        assert f"  seat {seat + 1}: " in out and f"| total {total}\n" in out  # people count seats from 1
    code, out, _ = run(capsys, "replay", "--json", str(COMPLETE[0]))
    data = json.loads(out)
    assert code == 0 and data["over"] and tuple(data["scores"]) == record.scores
    assert len(data["steps"]) == len(record.actions)
    assert state_from_json(json.dumps(data["state"])) == replay(record).final
    code, _, err = run(capsys, "replay", str(ILLEGAL))
    assert code == 1 and "action 3" in err and "BUILD-2" in err


def test_cli_bad_records_exit_2(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"players": 3, "seed": "x"}', encoding="utf-8")
    code, _, err = run(capsys, "verify", str(bad))
    assert code == 2 and "$.seed" in err
    code, _, err = run(capsys, "verify", "--json", str(bad))
    assert code == 2 and json.loads(err)["path"] == "$.seed"
    code, _, err = run(capsys, "replay", str(tmp_path / "missing.json"))
    assert code == 2 and "cannot read" in err


def test_a_whole_game_through_legal_and_apply(capsys: pytest.CaptureFixture[str]) -> None:
    # A non-Python program's loop: ask `legal`, pick one, `apply` it, until no action is left.
    rng = random.Random(3)
    state = new_game(3, seed=3)
    text = state_to_json(state)
    steps = 0
    while True:
        code, out, _ = run(capsys, "legal", text)
        assert code == 0
        offered = [action_from_data(a) for a in json.loads(out)]
        assert offered == list(legal_actions(state))
        if not offered:
            break
        action = rng.choice(offered)
        code, out, _ = run(capsys, "apply", text, action_to_json(action))
        assert code == 0
        state = apply(state, action)
        assert state_from_json(out) == state
        text = out.strip()
        steps += 1
    assert is_terminal(state) and steps > 20


def test_cli_apply_and_view_details(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    state = new_game(2, seed=5)
    path = tmp_path / "state.json"
    path.write_text(state_to_json(state), encoding="utf-8")
    action = legal_actions(state)[0]
    # the state from a file, the action from standard input, with the events
    monkeypatch.setattr("sys.stdin", io.StringIO(action_to_json(action)))
    code, out, _ = run(capsys, "apply", "--events", str(path), "-")
    data = json.loads(out)
    assert code == 0 and data["state"] == json.loads(state_to_json(apply(state, action)))
    assert data["events"][0]["type"] == "bonus_chosen"
    # an illegal action: exit 1 and the clause, as JSON on standard error
    code, _, err = run(capsys, "apply", str(path), '{"type": "pass"}')
    assert code == 1 and json.loads(err)["rule"] == "SETUP-6"
    # malformed input: exit 2 and the JSON path
    code, _, err = run(capsys, "apply", str(path), '{"type": "place", "spot": 5}')
    assert code == 2 and json.loads(err)["path"] == "$.spot"
    bad = json.loads(state_to_json(state))
    bad["players"][1]["commodities"][0] = 13
    code, _, err = run(capsys, "legal", json.dumps(bad))
    assert code == 2 and json.loads(err)["path"] == "$.players[1].commodities[0]"
    code, _, err = run(capsys, "apply", "-", "-")
    assert code == 2
    # the view of a seat, with its legal actions when it decides
    assert state.seat is not None
    code, out, _ = run(capsys, "view", str(path), str(state.seat))
    assert code == 0 and json.loads(out) == json.loads(json.dumps(view_to_data(view(state, state.seat))))
    assert json.loads(out)["legal_actions"] == [action_to_data(a) for a in legal_actions(state)]
    code, _, err = run(capsys, "view", str(path), "7")
    assert code == 2 and "SEAT" in err


def test_lenient_reads_a_hand_built_position(capsys: pytest.CaptureFixture[str]) -> None:
    from tests.support import position

    s = position(3, turn=1, res={1: {"wood": 3, "stone": 2}})
    code, _, err = run(capsys, "legal", state_to_json(s))
    assert code == 2 and json.loads(err)["path"] == "$.players[1].fish_traded"
    code, out, _ = run(capsys, "legal", "--lenient", state_to_json(s))
    assert code == 0 and [action_from_data(a) for a in json.loads(out)] == list(legal_actions(s))
    assert state_to_data(s)["seat"] == 1
