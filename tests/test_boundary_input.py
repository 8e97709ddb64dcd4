"""The trust boundary for everything else: what ``apply`` is handed, files and arguments
on the command line, document sizes, threads, secrets, incomplete records and options."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest

from ragusa import (
    BuyShip,
    ChooseBonus,
    GameNotOverError,
    IllegalActionError,
    InvalidInputError,
    Options,
    Place,
    Trade,
    apply,
    events_for,
    legal_actions,
    new_game,
    state_from_json,
    state_to_json,
    step,
    winners,
)
from ragusa.cli import main
from ragusa.contract.records import record_from_json, record_of, record_to_json, verify
from ragusa.contract.schema import MAX_BYTES
from ragusa.contract.views import HIDDEN
from ragusa.core.components import COMPONENTS
from ragusa.core.events import BonusChosen, BotDecision
from tests.boundary_positions import game, middle

# --------------------------------------------------------------------------- apply


NOT_ACTIONS: list[tuple[object, str]] = [
    (None, "is not a ragusa action"),
    ({"type": "pass"}, "action_from_json"),
    ("pass", "is not a ragusa action"),
    (3, "is not a ragusa action"),
    (Place(spot=5), "Place.spot must be a str"),  # type: ignore[arg-type]
    (Place("s1", powerhouse=None), "Place.powerhouse must be a bool"),  # type: ignore[arg-type]
    (Place("s1", trades=(1,)), "Place.trades holds resource names"),  # type: ignore[arg-type]
    (BuyShip(slot=True), "BuyShip.slot must be a int"),
    (BuyShip(slot="0"), "BuyShip.slot must be a int"),  # type: ignore[arg-type]
    (ChooseBonus(card=["x"]), "ChooseBonus.card must be a str"),  # type: ignore[arg-type]
    (Trade(resource=None), "Trade.resource must be a str"),  # type: ignore[arg-type]
    ("x" * 1_000_000, "is not a ragusa action"),
]


@pytest.mark.parametrize(("thing", "words"), NOT_ACTIONS, ids=[repr(t)[:30] for t, _ in NOT_ACTIONS])
def test_apply_refuses_what_is_not_an_action(thing: object, words: str) -> None:
    for state in (new_game(3, seed=1), middle(3), middle(1)):
        with pytest.raises(IllegalActionError) as info:
            apply(state, thing)  # type: ignore[arg-type]
        assert words in info.value.explanation
        assert len(str(info.value)) < 500  # never the whole input


def test_illegal_action_error_is_a_value_error_with_a_short_message() -> None:
    state = middle(3)
    with pytest.raises(ValueError, match="there is no spot"):
        apply(state, Place("s" * 100_000))
    try:
        apply(state, Place("s" * 100_000))
    except IllegalActionError as exc:
        assert len(str(exc)) <= 420


# --------------------------------------------------------------------------- bounded input


def test_documents_over_the_size_limit_are_refused_before_parsing() -> None:
    text = " " * (MAX_BYTES + 1)
    with pytest.raises(InvalidInputError, match="too large"):
        state_from_json(text)
    with pytest.raises(InvalidInputError, match="too large"):
        record_from_json(text.encode())


def test_errors_quote_only_an_excerpt() -> None:
    doc = json.loads(state_to_json(middle(3)))
    doc["edition"] = "x" * 100_000
    with pytest.raises(InvalidInputError) as info:
        state_from_json(json.dumps(doc))
    assert len(str(info.value)) < 500
    doc = json.loads(state_to_json(middle(3)))
    doc["bonus_deck"][0] = "x" * 100_000  # an unknown card id: an invariant, not the schema
    with pytest.raises(InvalidInputError) as info:
        state_from_json(json.dumps(doc))
    assert info.value.path == "$.bonus_deck[0]" and len(str(info.value)) < 500


def _bad_files(tmp: Path) -> dict[str, str]:
    files = {
        "empty": b"",
        "binary": bytes(range(256)) * 4,
        "not json": b"hello there",
        "wrong type": b"[1, 2, 3]",
        "huge": b" " * (MAX_BYTES + 10),
        "deep": b"[" * 100_000,
    }
    out = {}
    for name, data in files.items():
        path = tmp / f"{name.replace(' ', '_')}.json"
        path.write_bytes(data)
        out[name] = str(path)
    out["missing"] = str(tmp / "missing.json")
    out["directory"] = str(tmp)
    out["/dev/zero"] = "/dev/zero"
    return out


COMMANDS = [("legal",), ("view", "0"), ("apply", "{}"), ("replay",), ("verify",), ("verify", "--json")]


@pytest.mark.parametrize("command", COMMANDS, ids=[" ".join(c) for c in COMMANDS])
def test_every_command_given_a_bad_file_prints_one_line_and_exits_2(
    command: tuple[str, ...], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for name, path in _bad_files(tmp_path).items():
        argv = [command[0], path, *command[1:]]
        code = main(argv)
        out, err = capsys.readouterr()
        assert code == 2, (name, err)
        assert len(err.strip().splitlines()) == 1 and "Traceback" not in err, (name, err)
        assert len(err) < 600, name


def test_a_non_json_action_argument_is_reported_as_such(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["apply", state_to_json(new_game(3, seed=1)), "pass"])
    _, err = capsys.readouterr()
    assert code == 2 and "not JSON text" in json.loads(err)["message"]


# --------------------------------------------------------------------------- threads


_THREADS = textwrap.dedent(
    """
    import json, random, sys, threading
    import ragusa
    from ragusa.contract.serialization import action_to_json

    def play(seed, out):
        rng = random.Random(seed)
        state = ragusa.new_game(4, seed=seed)
        lines = []
        while not ragusa.is_terminal(state):
            actions = ragusa.legal_actions(state)
            lines.append("|".join(action_to_json(a) for a in actions))
            state = ragusa.apply(state, actions[rng.randrange(len(actions))])
        out.append("\\n".join(lines))

    results = [[] for _ in range(8)]
    threads = [threading.Thread(target=play, args=(1, results[i])) for i in range(8)]
    for t in threads: t.start()
    for t in threads: t.join()
    alone = []
    play(1, alone)
    print(json.dumps([r[0] == alone[0] for r in results]))
    """
)


def test_legal_actions_from_eight_threads_on_cold_caches_match_one_thread() -> None:
    for _ in range(3):  # each run a fresh process: every cache cold
        done = subprocess.run([sys.executable, "-c", _THREADS], capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stderr
        assert json.loads(done.stdout) == [True] * 8


# --------------------------------------------------------------------------- secrets


def test_a_game_without_a_seed_draws_a_fresh_128_bit_seed() -> None:
    a, b = new_game(3), new_game(3)
    assert a.rng != b.rng and state_from_json(state_to_json(a)) == a
    big = 2**127 + 12345
    state = new_game(4, seed=big)
    record = record_of(state, big, [legal_actions(state)[0]])
    back = record_from_json(record_to_json(record))
    assert back.seed == big and verify(back).applied == 1


def test_solo_events_shown_to_the_human_do_not_name_a_bots_hidden_card() -> None:
    patrician = [c.id for c in COMPONENTS.patrician_cards]
    bonus = [c.id for c in COMPONENTS.bonus_cards]
    seen_bot_decisions = 0
    for options in (Options(), Options(solo_easier_rector=True)):
        state = new_game(1, seed=4, options=options)
        import random

        rng = random.Random(4)
        while state.seat is not None:
            state, events = step(state, rng.choice(legal_actions(state)))
            for e in events_for(0, events):
                if isinstance(e, BotDecision):
                    seen_bot_decisions += 1
                    assert not any(card in e.reason.split() or f"{card} (" in e.reason for card in patrician), e.reason
                if isinstance(e, BonusChosen) and e.seat != 0:
                    assert e.card == HIDDEN
                    assert e.card not in bonus
    assert seen_bot_decisions > 20


# --------------------------------------------------------------------------- incomplete records and options


def test_winners_before_the_end_raise() -> None:
    with pytest.raises(GameNotOverError):
        winners(middle(3))
    *_, end = game(3, "2nd", Options(), 1)
    assert winners(end)


def test_an_unfinished_record_is_reported_incomplete(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    state = new_game(3, seed=2)
    record = record_of(state, 2, [legal_actions(state)[0]])
    result = verify(record)
    assert result.incomplete and not result.ok
    path = tmp_path / "r.json"
    path.write_text(record_to_json(record), encoding="utf-8")
    code = main(["verify", str(path)])
    out, _ = capsys.readouterr()
    assert code == 1 and out.startswith("incomplete:")
    code = main(["verify", "--json", str(path)])
    data: dict[str, Any] = json.loads(capsys.readouterr().out)
    assert code == 1 and data["incomplete"] is True and data["ok"] is False


@pytest.mark.parametrize("option", ["solo_harder", "solo_easier_rector", "solo_human_first"])
def test_solo_options_outside_the_solo_game_are_errors(option: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(ValueError, match=option):
        new_game(3, seed=1, options=Options(**{option: True}))
    code = main(["play", "--players", "3", "--seed", "1", "--" + option.replace("_", "-")])
    assert code == 2 and option in capsys.readouterr().err
    bad = json.dumps({"players": 4, "seed": 1, "options": {option: True}, "actions": []})
    with pytest.raises(InvalidInputError) as info:
        record_from_json(bad)
    assert info.value.path == "$.options"
