"""Golden records: replay every committed game and compare its transcript
byte for byte. A change meant to change nothing keeps all of them identical; a change meant to
change the game regenerates them (``python -m tests.golden.make_golden``) in a commit of its own.

Clauses: every game runs the whole rule set; the files cover 2 to 5 players (TWO with its
powerhouses), both editions (ED), the strict reading of R-3 and each solo variant (SOLO-3, SOLO-5,
SOLO-8)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.golden.make_golden import GAMES
from tests.golden.transcript import actions_of, transcript

GOLDEN = Path(__file__).resolve().parent / "golden"
FILES = sorted(GOLDEN.glob("*.txt"))


def test_every_listed_game_has_a_golden_file_and_no_file_is_stray() -> None:
    assert {f.stem for f in FILES} == set(GAMES)
    assert len(FILES) >= 24


def test_the_goldens_cover_every_mode() -> None:
    modes = {(players, edition) for players, _, edition, _, _ in GAMES.values()}
    assert modes == {(p, e) for p in range(1, 6) for e in ("1st", "2nd")}
    solo = [opts for players, _, _, opts, _ in GAMES.values() if players == 1]
    assert any(o.solo_human_first for o in solo)
    assert any(o.solo_easier_rector for o in solo)
    assert any(o.solo_harder for o in solo)


@pytest.mark.clause("TURN-1", "TURN-3", "END-1", "TWO-1", "SOLO-3", "ED-1")
@pytest.mark.parametrize("path", FILES, ids=[f.stem for f in FILES])
def test_golden_record_replays_byte_for_byte(path: Path) -> None:
    recorded = path.read_text(encoding="utf-8")
    head, actions = actions_of(recorded)
    assert "terminal True" in recorded
    assert transcript(head, actions) == recorded
