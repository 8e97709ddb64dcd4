"""The adapter overhead benchmark runs and replays its games faithfully: tooling, no clause marker.

The figures themselves are checked by running the benchmark, never by a timed test.
"""

from __future__ import annotations

import pytest

from ragusa import apply
from ragusa.adapters import overhead


def test_every_case_replays_the_recorded_games(capsys: pytest.CaptureFixture[str]) -> None:
    # each adapter's timed replay and the raw replay must end in the recorded final state,
    # or the benchmark raises; one 2-player game per case
    assert overhead.main(["--games", "1", "--players", "2", "--repeats", "1"]) == 0
    out = capsys.readouterr().out
    for name in overhead.CASES:
        line = next(line for line in out.splitlines() if line.strip().startswith(name))
        assert ("ok" in line or "ABOVE TARGET" in line) != (name in overhead.INFORMATIVE)
    assert "target at most 2x" in out and "observation, ObservationEncoder" in out


def test_a_recorded_game_is_the_adapters_game() -> None:
    game = overhead._record(overhead.CASES["pettingzoo raw_env: last + step"], 2, 7)
    # every recorded step is one decision of the game, and each leads to the next
    for (state, action), (following, _) in zip(game.applied, game.applied[1:]):
        assert apply(state, action) == following
    assert len(game.ids) == len(game.applied) and game.final.phase == "over"


@pytest.mark.parametrize("argv", [["--players", "1"], ["--games", "0"], ["--repeats", "0"]])
def test_bad_arguments_are_refused(argv: list[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        overhead.main(argv)
    assert exc.value.code == 2
