"""`ragusa bundle-engine`: one executable (PyInstaller, the bundle extra) that speaks the protocol with
no Python installed: a Node.js client drives it through the seeded games and gets the native
engine's transcript, every seat kind it lists plays, and it stays within 30 MB."""

from __future__ import annotations

import json
import os
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from ragusa.cli import main as cli_main
from ragusa.service.session import SEAT_KINDS
from tests.embed_support import native_transcript, play

#: the largest bundle accepted
MAX_BYTES = 30_000_000


@pytest.fixture(scope="module")
def bundle(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    pytest.importorskip("PyInstaller", reason="the bundle tests need the bundle extra (PyInstaller)")
    out = tmp_path_factory.mktemp("bundle") / "ragusa-engine"
    assert cli_main(["bundle-engine", str(out)]) == 0
    yield out


def _answers(bundle: Path, *requests: object) -> list[dict[str, Any]]:
    lines = "".join(json.dumps(r) + "\n" for r in requests)
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    done = subprocess.run(
        [str(bundle), "--seed", "1"], input=lines, capture_output=True, text=True, timeout=300, env=env
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return [json.loads(line) for line in done.stdout.splitlines()]


def test_the_bundle_is_one_file_within_30_mb(bundle: Path) -> None:
    assert bundle.is_file() and os.access(bundle, os.X_OK)
    assert bundle.stat().st_size <= MAX_BYTES


def test_a_node_client_drives_the_bundle_through_the_native_transcript(bundle: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    assert play("engine", str(bundle), "--seed", "1", env=env) == native_transcript()


@pytest.mark.parametrize("kind", SEAT_KINDS)
def test_every_seat_kind_plays_in_the_bundle(bundle: Path, kind: str) -> None:
    """The seat moves first (seed 3: seat 0 keeps a bonus card first), so a bot seat decides at once."""
    info, started = _answers(
        bundle, {"op": "info"}, {"op": "new_game", "players": 2, "seats": [kind, "human"], "seed": 3}
    )
    assert kind in info["seat_kinds"]
    assert started["ok"], started
    status = started["status"]
    assert status["seats"] == [kind, "human"]
    assert status["actions"] == (0 if kind == "human" else 1)


def test_the_bundle_speaks_french_and_polish(bundle: Path) -> None:
    """The catalogues and Babel (with the locale data of the table's languages) are in the bundle."""
    french, polish = _answers(bundle, {"op": "info", "lang": "fr"}, {"op": "info", "lang": "pl"})
    assert french["strings"]["keep one of the drawn bonus cards"] == "garder une des cartes Bonus piochées"
    assert (french["strings"]["Language"], polish["strings"]["Language"]) == ("Langue", "Język")


def test_the_seat_kinds_tested_are_those_the_engine_lists(bundle: Path) -> None:
    (info,) = _answers(bundle, {"op": "info"})
    assert info["seat_kinds"] == list(SEAT_KINDS)
    assert {"human", "random", "greedy", "expert", "ismcts"} <= set(SEAT_KINDS)
    # each level is a seat kind too
    assert {lv["name"] for lv in info["levels"]} == {"easy", "medium", "hard"} <= set(SEAT_KINDS)
