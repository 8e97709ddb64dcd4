"""The server under load (`ragusa.web.latency`), loopback only: while three games of five `hard` bots
play, `info` answers within 0.5 s and a person's move beside two `medium` bots (its answer comes once
both bots have moved) within 1.5 s, on SQLite and on PostgreSQL. Bounded: 10 infos, 5 moves (about
15 s a database); the medians are held to the targets (measured about 0.01 s and 0.25 s on a busy
2-core machine), so the verdict does not depend on a slow moment."""

from __future__ import annotations

import statistics
from pathlib import Path
from typing import Any

import pytest

from ragusa.web.latency import measure
from tests.web_support import DATABASES, database, postgres_server


@pytest.fixture(scope="module")
def pg() -> Any:
    with postgres_server() as url:
        yield url


@pytest.mark.parametrize("kind", DATABASES)
def test_info_and_a_move_stay_quick_while_hard_bots_play(kind: str, tmp_path: Path, request: Any) -> None:
    server = request.getfixturevalue("pg") if kind == "postgres" else None
    with database(kind, tmp_path, server) as db:
        load = measure(db, infos=10, moves=5, hard_games=3)
    assert load.bot_moves > 0, "the hard bots did not play while the server was measured"
    assert len(load.infos) == 10 and len(load.moves) == 5
    assert statistics.median(load.infos) < 0.5, load.summary()
    assert statistics.median(load.moves) < 1.5, load.summary()
