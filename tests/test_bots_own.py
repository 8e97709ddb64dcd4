"""A bot of your own by spec (`module:factory`, `path/to/file.py:factory`): taken by the local tools
(`ragusa simulate`, its presets and ladder), never by a request to the protocol."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from ragusa import new_game
from ragusa.bots import ExpertBot, make_bot, make_bots
from ragusa.cli import main
from ragusa.ismcts import ISMCTSBot
from ragusa.service import MemoryStore, handle
from ragusa.sim.games import RunConfig, play_game
from ragusa.sim.store import read_rows

BOT = """
import pathlib

pathlib.Path("imported.txt").write_text("yes")


class FirstLegal:
    def __init__(self, k="0"):
        self.k = int(k)

    def choose(self, state, actions, rng):
        return actions[min(self.k, len(actions) - 1)]


def make():
    return FirstLegal()


ONE = FirstLegal()
NOT_A_BOT = 3


def nothing():
    return "text"
"""


@pytest.fixture
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A scratch current directory holding mybot.py; the module is forgotten afterwards."""
    (tmp_path / "mybot.py").write_text(BOT, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "path", list(sys.path))
    monkeypatch.delitem(sys.modules, "mybot", raising=False)
    return tmp_path


def test_a_bot_of_your_own_is_refused_without_imports(here: Path) -> None:
    with pytest.raises(ValueError, match="unknown bot 'mybot:make'.*taken by local tools only"):
        make_bot("mybot:make")
    with pytest.raises(ValueError, match="unknown bot 'mybot.py:make'"):
        make_bots("expert,mybot.py:make", 2)
    assert not (here / "imported.txt").exists()  # nothing was imported


@pytest.mark.parametrize("spec", ["mybot:make", "mybot.py:make", "mybot:FirstLegal", "mybot:ONE"])
def test_a_module_or_a_file_names_a_factory_a_class_or_a_bot(here: Path, spec: str) -> None:
    bot = make_bot(spec, imports=True)
    assert type(bot).__name__ == "FirstLegal" and callable(bot.choose)
    assert (here / "imported.txt").read_text() == "yes"


def test_an_argument_after_the_factory_is_passed_to_it(here: Path) -> None:
    state = new_game(2, seed=1)
    from ragusa import legal_actions

    actions = legal_actions(state)
    import random

    # FirstLegal("2") takes the third legal action
    assert make_bot("mybot:FirstLegal:2", imports=True).choose(state, actions, random.Random(0)) == actions[2]


def test_a_file_is_loaded_once(here: Path) -> None:
    a, b = make_bot("mybot.py:FirstLegal", imports=True), make_bot(str(here / "mybot.py") + ":FirstLegal", imports=True)
    assert type(a) is type(b)  # the same module: the same class


def test_built_in_names_keep_their_meaning_with_imports(here: Path) -> None:
    assert isinstance(make_bot("ismcts:20", imports=True), ISMCTSBot)
    assert isinstance(make_bot("medium", imports=True), ExpertBot)
    with pytest.raises(ValueError, match="takes no argument"):
        make_bot("expert:make", imports=True)


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("mybot:nope", "mybot has no 'nope'"),
        ("mybot:NOT_A_BOT", "neither a bot nor a callable"),
        ("mybot:nothing", "gave 'str', not a bot: a bot has a method choose"),
        ("missing.py:make", "no Python file missing.py"),
        ("no_such_module:make", "cannot import no_such_module"),
        ("my-bot:make", "a bot of your own is module:factory or path/to/file.py:factory"),
    ],
)
def test_a_bad_spec_is_named(here: Path, spec: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        make_bot(spec, imports=True)


def test_the_protocol_never_imports_a_spec_even_for_a_local_store(here: Path) -> None:
    for store in (MemoryStore(1), MemoryStore(1, bot_specs=True)):
        msg = {"op": "new_game", "players": 2, "seats": ["human", "mybot.py:make"]}
        answer = handle(store, msg)
        assert answer["ok"] is False and answer["error"]["code"] == "bad_request", answer
    assert not (here / "imported.txt").exists()


def test_simulate_plays_a_bot_of_your_own_in_rotation(here: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = here / "mine.parquet"
    assert main(["simulate", "--games", "4", "--players", "2", "--bots", "mybot.py:make,expert"] + [
        "--out", str(out), "--quiet", "--workers", "2"]) == 0  # fmt: skip
    rows = read_rows(out)
    assert [r["bot"] for r in rows] == ["mybot.py:make", "expert", "expert", "mybot.py:make"] * 2
    config = RunConfig(0, 2, "2nd", ("mybot.py:make", "expert"))
    expected = [row for g in range(4) for row in play_game(config, g)]
    assert [r["vp_total"] for r in rows] == [r["vp_total"] for r in expected]
    # the expert beats a bot that always takes the first legal action
    assert all(r["winner"] == (r["bot"] == "expert") for r in rows)


def test_simulate_names_a_bad_bot_of_your_own(here: Path, capsys: pytest.CaptureFixture[str]) -> None:
    args = ["simulate", "--games", "1", "--players", "2", "--bots", "mybot:nope", "--out", "x.parquet"]
    assert main(args) == 2
    assert capsys.readouterr().err == "ragusa simulate: --bots: bot 'mybot:nope': mybot has no 'nope'\n"


def test_simulate_imports_a_module_from_the_current_directory_in_its_workers(here: Path) -> None:
    args = ["simulate", "--games", "2", "--players", "2", "--bots", "mybot:make,expert", "--out", "m.parquet"]
    assert main([*args, "--quiet", "--workers", "2", "--batch", "1"]) == 0
    assert [r["bot"] for r in read_rows(here / "m.parquet")] == ["mybot:make", "expert", "expert", "mybot:make"]
