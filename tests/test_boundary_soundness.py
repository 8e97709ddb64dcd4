"""No check of `ragusa.validate` refuses a reachable position: every state, and every fifth state's
views, of one random, one greedy and one expert game of every mode and variant, seeded and with
explicit chance (more games: `python -m tests.boundary_soundness N`)."""

from __future__ import annotations

import pytest

from tests.boundary_soundness import MODES, PLAYERS, sweep


def test_the_modes_cover_every_player_count_edition_and_variant() -> None:
    assert {n for n, _, _ in MODES} == {1, 2, 3, 4, 5}
    assert {e for _, e, _ in MODES} == {"1st", "2nd"}
    for flag in ("strict", "powerhouse_any_hex", "solo_human_first", "solo_easier_rector", "solo_harder"):
        assert any(getattr(o, flag) for _, _, o in MODES), flag


@pytest.mark.parametrize("who", [name for name, _ in PLAYERS])
def test_every_state_of_every_mode_validates(who: str) -> None:
    counts, refused = sweep(1, only=who)
    assert refused == []
    # every mode played to its end, seeded and with explicit chance: states and views
    assert counts["games"] == len(MODES) * 2
    assert counts["seeded states"] > 50 * len(MODES) and counts["views"] > 0
    assert counts["chance states"] > 50 * len(MODES)
