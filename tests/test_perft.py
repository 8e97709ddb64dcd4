"""Perft: the number of distinct legal action sequences from fixed positions of every
mode, committed in tests/perft/ragusa.perft, must not change. With the golden records this proves
that a speed change changed nothing; the deeper counts are checked by ``ragusa perft``.

Counts up to :data:`CI_MAX_COUNT` sequences are checked here (a few seconds in all)."""

from __future__ import annotations

from pathlib import Path

import pytest

from ragusa.bench.perft import PerftCase, divide, load, parse, perft, start_state, write
from ragusa.cli import main
from ragusa.core.actions import ChooseBonus
from ragusa.core.state import Options, Phase
from ragusa.rules.game import new_game
from ragusa.rules.legal import legal_actions

FILE = Path(__file__).resolve().parent / "perft" / "ragusa.perft"
CASES = load(FILE)
#: the largest committed count checked in CI; larger ones run in ``ragusa perft``
CI_MAX_COUNT = 40_000


def test_the_file_covers_every_mode_both_editions_and_mid_game_positions() -> None:
    assert {c.players for c in CASES} == {1, 2, 3, 4, 5}
    assert {c.edition for c in CASES} == {"1st", "2nd"}
    assert sum(1 for c in CASES if len(c.prefix) >= 8) >= 6
    assert any(c.options.strict for c in CASES)
    assert all(any(n <= CI_MAX_COUNT for _, n in c.counts) for c in CASES)


@pytest.mark.clause("SETUP-6", "TURN-1", "BUILD-8", "SOLO-4")
@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_perft_counts_match_the_committed_file(case: PerftCase) -> None:
    state = start_state(case)
    checked = [(d, n) for d, n in case.counts if n <= CI_MAX_COUNT]
    assert [(d, perft(state, d)) for d, _ in checked] == checked


@pytest.mark.clause("SETUP-6")
def test_perft_of_a_new_game_counts_the_bonus_choices_by_hand() -> None:
    # SETUP-6: each seat keeps 1 of its 3 dealt cards; 3 seats choose in turn before anyone places
    state = new_game(3, seed=1)
    assert state.phase == Phase.SETUP_BONUS
    assert perft(state, 0) == 1
    assert perft(state, 1) == 3
    assert perft(state, 2) == 9
    assert perft(state, 3) == 27


def test_divide_adds_up_to_perft_and_names_each_first_action() -> None:
    state = new_game(2, seed=1)
    parts = divide(state, 3)
    assert [a for a, _ in parts] == list(legal_actions(state))
    assert all(isinstance(a, ChooseBonus) for a, _ in parts)
    assert sum(n for _, n in parts) == perft(state, 3)


def test_the_file_format_round_trips() -> None:
    case = CASES[1]
    assert parse(write(case)) == [case]
    other = PerftCase("x", 4, 3, "1st", Options(strict=True, solo_harder=True), (), ((1, 3),))
    assert parse("# comment\n\n" + write(other)) == [other]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("id a\nstart players=2 seed=1 options=fast\nperft 1 3\n", "unknown option 'fast'"),
        ("id a\nstart players=2 seed=1\nperft one 3\n", "line 3: 'perft DEPTH COUNT' expected"),
        ("id a\nperft 1 3\n", "needs an id and a start line"),
        ("id a\nstart players=2 seed=1\nnodes 4\n", "line 3: unexpected 'nodes'"),
    ],
)
def test_a_bad_perft_file_is_refused_with_the_line(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        parse(text)


def test_ragusa_perft_prints_counts_and_on_a_mismatch_the_subtotals(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = tmp_path / "good.perft"
    good.write_text("id two\nstart players=2 seed=1 edition=2nd options=-\nperft 1 3\nperft 2 9\n", encoding="utf-8")
    assert main(["perft", str(good)]) == 0
    out = capsys.readouterr().out
    assert "two" in out and "depth 2:            9 sequences" in out and "nodes/s  ok" in out
    bad = tmp_path / "bad.perft"
    bad.write_text("id two\nstart players=2 seed=1\nperft 2 10\n", encoding="utf-8")
    assert main(["perft", str(bad)]) == 1
    out = capsys.readouterr().out
    assert "MISMATCH (expected 10)" in out
    assert out.count('"type":"choose_bonus"') == 3  # each first action with its 3 replies
    assert main(["perft", str(tmp_path / "missing.perft")]) == 2
    assert "ragusa perft:" in capsys.readouterr().err
