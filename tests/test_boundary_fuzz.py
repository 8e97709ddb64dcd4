"""Fuzzing the entry points that read outside input, beyond the document readers (their own fuzzers
are in tests/test_validation.py and tests/test_boundary_states.py): the engine's request lines
(`ragusa engine`), records replayed and verified, and the command line's files (`ragusa legal`,
`apply`, `view`, `replay`, `verify`, `perft`). No input gets a traceback, an `internal` error or an
exception: the engine answers one valid protocol line, never `internal`; a command exits 0, 1 (an
illegal action, or scores that do not match) or 2 (bad input, said in one short line on standard
error)."""

from __future__ import annotations

import contextlib
import functools
import io
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ragusa import InvalidInputError, legal_actions, state_to_json
from ragusa.cli import main
from ragusa.contract.records import Verification, record_from_json, verify
from ragusa.contract.serialization import action_to_data, state_to_data
from ragusa.contract.views import view, view_to_data
from ragusa.service.engine import respond, run
from ragusa.service.store import MemoryStore
from tests.boundary_documents import VALUES, mutated_text
from tests.boundary_positions import by_phase, last, middle
from tests.protocol_support import check

RECORDS = Path(__file__).resolve().parent / "records"
RECORD_DOCS: list[Any] = [json.loads(p.read_text(encoding="utf-8")) for p in sorted(RECORDS.glob("*.json"))]
STATES = [middle(3), middle(1), last(2), *by_phase(4).values()]
STATE_DOCS: list[Any] = [state_to_data(s) for s in STATES]
ACTION_DOCS: list[Any] = [action_to_data(a) for s in STATES for a in legal_actions(s)[:3]]
VIEW_DOCS: list[Any] = [view_to_data(view(s, 0)) for s in STATES]

FUZZ = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# --------------------------------------------------------------------------- the engine's lines

#: the game every line is sent to: `MemoryStore(1)` names it g1 and gives seat 0 this token
GAME = {"op": "new_game", "players": 2, "seats": ["human", "greedy"], "seed": 1}


@functools.cache
def _token() -> str:
    answer = json.loads(respond(MemoryStore(1), json.dumps(GAME)))
    token: str = answer["tokens"][0]
    return token


def _requests() -> list[Any]:
    """A valid request of every op, on the game g1 as seat 0 (valid ones included, so a mutation of
    each reaches deep into its op)."""
    mine = {"game": "g1", "token": _token()}
    return [
        {"op": "info"},
        GAME,
        {"op": "new_game", "players": 1, "seats": ["human"], "seed": 2, "options": {"solo_harder": True}},
        {"op": "new_game", "players": 3, "seats": ["human", "random", "human"], "edition": "1st", "seed": 3},
        {"op": "legal", **mine},
        {"op": "view", **mine},
        {"op": "apply", **mine, "action": {"type": "choose_bonus", "card": "bonus-wood"}},
        {"op": "undo", **mine},
        {"op": "log", **mine},
        {"op": "record", **mine},
        {"op": "replay", "record": RECORD_DOCS[0]},
    ]


@st.composite
def engine_lines(draw: st.DrawFn) -> str:
    kind = draw(st.sampled_from(["request", "request", "request", "json", "text"]), label="kind")
    if kind == "request":
        return draw(mutated_text(_requests()), label="line")
    if kind == "json":
        value = draw(st.one_of(VALUES, st.dictionaries(st.text(max_size=8), VALUES, max_size=4)), label="value")
        return json.dumps(value)
    return draw(st.text(max_size=60), label="line")


def _answer(store: MemoryStore, line: str) -> dict[str, Any]:
    out = respond(store, line)
    assert "\n" not in out
    answer = json.loads(out)
    assert isinstance(answer, dict) and answer["ok"] in (True, False)
    check(answer)  # a response of the protocol's schema
    if not answer["ok"]:
        assert answer["error"]["code"] != "internal", (line[:300], answer)
    return answer


def test_the_requests_the_fuzzer_starts_from_are_answered() -> None:
    store = MemoryStore(1)
    _answer(store, json.dumps(GAME))
    answers = [_answer(store, json.dumps(r)) for r in _requests()]
    refused = [(r["op"], a["error"]["code"]) for r, a in zip(_requests(), answers) if not a["ok"]]
    assert refused == [("record", "forbidden")]  # a game's record only once it is over


@FUZZ
@given(lines=st.lists(engine_lines(), min_size=1, max_size=3))
def test_every_engine_line_gets_one_protocol_answer_never_internal(lines: list[str]) -> None:
    store = MemoryStore(1)
    _answer(store, json.dumps(GAME))
    for line in lines:
        _answer(store, line)


@settings(max_examples=40, deadline=None)
@given(lines=st.lists(st.one_of(engine_lines(), st.just(""), st.just("  ")), max_size=5))
def test_the_engine_answers_each_line_but_the_blank_ones(lines: list[str]) -> None:
    out = io.StringIO()
    assert run(io.StringIO("\n".join(line.replace("\n", " ") for line in lines) + "\n"), out, seed=1) == 0
    sent = [line for line in lines if line.replace("\n", " ").strip()]
    answers = out.getvalue().splitlines()
    assert len(answers) == len(sent)
    assert all(json.loads(a)["ok"] in (True, False) for a in answers)


# --------------------------------------------------------------------------- records


@FUZZ
@given(text=mutated_text(RECORD_DOCS))
def test_a_record_is_refused_or_verified(text: str) -> None:
    try:
        record = record_from_json(text)
    except InvalidInputError as exc:
        assert exc.path.startswith("$") and exc.explanation
        return
    result = verify(record)
    assert isinstance(result, Verification)
    assert result.ok == (result.index is None and result.over and not result.scores_mismatch)


# --------------------------------------------------------------------------- the command line


def _ragusa(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(list(argv))
        except SystemExit as exc:  # argparse: a usage error
            code = exc.code if isinstance(exc.code, int) else 2
    return code, out.getvalue(), err.getvalue()


def _well_behaved(code: int, err: str, illegal_possible: bool) -> None:
    assert code in ((0, 1, 2) if illegal_possible else (0, 2)), (code, err[-500:])
    assert "Traceback" not in err
    lines = err.strip().splitlines()
    if code == 2:  # bad input: one short line says what is wrong
        assert len(lines) == 1 and len(lines[0]) <= 1000, err[-500:]
    else:  # an illegal action (replay: on standard error; verify: its summary on standard output)
        assert len(lines) <= 1, err[-500:]


@pytest.fixture(scope="module")
def scratch(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("fuzz")


def _file(scratch: Path, name: str, text: str) -> str:
    path = scratch / name
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    return str(path)


@FUZZ
@given(data=st.data())
def test_the_state_commands_read_any_file(scratch: Path, data: st.DataObject) -> None:
    command = data.draw(st.sampled_from(["legal", "apply", "view"]), label="command")
    state = _file(scratch, "state.json", data.draw(mutated_text(STATE_DOCS), label="state"))
    lenient = ["--lenient"] if data.draw(st.booleans(), label="lenient") else []
    if command == "apply":
        action = _file(scratch, "action.json", data.draw(mutated_text(ACTION_DOCS), label="action"))
        code, _, err = _ragusa("apply", state, action, *lenient)
    elif command == "view":
        code, _, err = _ragusa("view", state, str(data.draw(st.integers(-1, 5), label="seat")), *lenient)
    else:
        code, _, err = _ragusa("legal", state, *lenient)
    _well_behaved(code, err, illegal_possible=command == "apply")


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_the_record_commands_read_any_file(scratch: Path, data: st.DataObject) -> None:
    command = data.draw(st.sampled_from(["replay", "verify"]), label="command")
    record = _file(scratch, "record.json", data.draw(mutated_text(RECORD_DOCS), label="record"))
    as_json = ["--json"] if data.draw(st.booleans(), label="json") else []
    code, out, err = _ragusa(command, record, *as_json)
    _well_behaved(code, err, illegal_possible=True)
    if as_json and code in (0, 1) and out.strip():
        json.loads(out)


#: the committed perft file's first positions (its comment header and the 2- and 3-player starts)
PERFT = "\n\n".join((Path(__file__).resolve().parent / "perft" / "ragusa.perft").read_text().split("\n\n")[:3])
#: lines put in place of one of its lines: starts no game has, bad prefixes, counts and keys
PERFT_LINES = [
    "start players=9 seed=1",
    "start seed=1",
    "start players=2 seed=x",
    "start players=2 seed=1 edition=3rd",
    "start players=2 seed=1 options=bogus",
    'prefix [{"type": "pass"}]',
    "prefix [1]",
    "prefix [",
    "perft x y",
    "perft 1 999",
    "id",
    "",
    "# a comment",
]


@st.composite
def perft_files(draw: st.DrawFn) -> str:
    lines = PERFT.splitlines()
    i = draw(st.integers(0, len(lines) - 1), label="line")
    how = draw(st.sampled_from(["replace", "delete", "cut"]), label="how")
    if how == "delete":
        del lines[i]
    elif how == "cut":
        lines[i] = lines[i][: draw(st.integers(0, len(lines[i])), label="at")]
    else:
        lines[i] = draw(st.one_of(st.sampled_from(PERFT_LINES), st.text(max_size=20)), label="new line")
    return "\n".join(lines) + "\n"


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=perft_files())
def test_perft_reads_any_file(scratch: Path, text: str) -> None:
    code, _, err = _ragusa("perft", _file(scratch, "cases.perft", text), "--max-depth", "1")
    _well_behaved(code, err, illegal_possible=True)  # 1: a count differs


def test_a_view_document_is_not_a_state(scratch: Path) -> None:
    # a seat's view given where a state is read: refused as invalid input, exit 2
    code, _, err = _ragusa("legal", _file(scratch, "view.json", json.dumps(VIEW_DOCS[0])))
    assert code == 2 and json.loads(err)["error"] == "invalid_input"
    code, _, err = _ragusa("legal", _file(scratch, "state.json", state_to_json(STATES[0])))
    assert code == 0 and err == ""
