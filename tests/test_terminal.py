"""Terminal play (ragusa play --human): driven through stdin, checked on what it prints."""

from __future__ import annotations

import io
import subprocess
import sys
from collections.abc import Sequence

import pytest

from ragusa.cli import main
from ragusa.service.terminal import play


def _run(
    players: int, humans: list[int], lines: list[str], seed: int = 2, bot: str | Sequence[str] = "random"
) -> tuple[int, str]:
    out = io.StringIO()
    code = play(players, humans, seed=seed, bot=bot, inp=io.StringIO("".join(line + "\n" for line in lines)), out=out)
    return code, out.getvalue()


def test_a_whole_solo_game_by_numbers() -> None:
    code, text = _run(1, [0], ["1"] * 600)
    assert code == 0
    assert text.count("===== seat 1 to decide =====") >= 9  # at least one placement per round
    assert "Final scores" in text and "Solo result (SOLO-7)" in text
    assert "Solo round 1 of 9" in text


def test_numbers_notation_mistakes_undo_help_and_quit() -> None:
    lines = ["2", "place s99", "fly", "99", "help", "log", "place s5", "undo", "place s1", "quit"]
    code, text = _run(3, [0], lines, seed=2, bot="greedy")
    assert code == 0
    assert "Your dealt bonus cards: silk, commodity-sets, towers" in text
    assert "  2. bonus commodity-sets" in text
    assert "seat 1 keeps 1 of its 3 dealt bonus cards" in text
    assert "unknown spot 's99'" in text
    assert "unknown word 'fly'" in text and "expected place <spot>" in text
    assert "No action 99: choose 1 to 20." in text
    assert "Type the number of an action or its notation" in text
    assert "Setup: 3 players" in text.split("seat 1> ")[6]  # the log command prints the log so far
    assert "Turn 1: seat 1 places a house on s5" in text
    assert "Undone: 3 action(s)." in text  # the human's placement and the two bots' after it
    assert "Turn 1: seat 1 places a house on s1" in text
    assert text.rstrip().endswith("Game abandoned.")


def test_two_humans_at_one_terminal_see_their_own_hands_only() -> None:
    code, text = _run(2, [0, 1], ["1", "1"], seed=5)
    assert code == 1 and "Input closed" in text  # stdin ran out
    turns = text.split("===== seat ")
    assert turns[1].startswith("1 to decide") and turns[2].startswith("2 to decide")
    assert "seat 2: 0 VP" in turns[1] and "seat 1 (you)" in turns[1]
    assert "Cannot undo" not in text


def test_illegal_move_is_explained_with_its_clause() -> None:
    code, text = _run(2, [0, 1], ["1", "1", "place s38", "quit"], seed=5)
    assert code == 0
    assert "Not possible [" in text


def test_cli_flag() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "ragusa", "play", "--players", "2", "--seed", "3", "--human", "2", "--bot", "random"],
        input="quit\n",
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert proc.returncode == 0 and "===== seat 2 to decide =====" in proc.stdout
    bad = subprocess.run(
        [sys.executable, "-m", "ragusa", "play", "--players", "2", "--seed", "3", "--human", "5"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert bad.returncode == 2 and "--human takes seat numbers 1 to 2" in bad.stderr


def test_bots_by_spec_play_the_other_seats_in_seat_order() -> None:
    code, text = _run(3, [1], ["quit"], seed=4, bot=["ismcts:3", "random"])
    assert code == 0 and "human seat(s) 2, others: ismcts:3, random." in text
    code, text = _run(3, [1], ["quit"], bot=["greedy", "random", "random"])
    assert code == 2 and "3 bot(s) given for 2 bot seat(s); give 1 or 2" in text
    code, text = _run(2, [0], ["quit"], bot="ismcts:x")
    assert code == 2 and "ismcts takes a budget" in text


def test_cli_human_seat_with_bots(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("quit\n"))
    assert main(["play", "--players", "3", "--seed", "4", "--human", "1", "--bots", "ismcts:3,greedy"]) == 0
    assert "human seat(s) 1, others: ismcts:3, greedy." in capsys.readouterr().out


def test_the_board_the_prompt_and_the_log_number_seats_alike() -> None:
    """The first seat (index 0) is seat 1 everywhere the terminal writes: the log's "seat 1 keeps"
    follows that seat's own choice at its prompt, under a board that calls it seat 1 (you)."""
    code, text = _run(2, [0], ["1", "quit"], seed=5)
    assert code == 0
    first_turn, after = text.split("seat 1> ", 1)
    assert "===== seat 1 to decide =====" in first_turn and "  seat 1 (you): 0 VP" in first_turn
    assert "Seat 1 to keep one of the three dealt bonus cards." in first_turn
    assert after.lstrip().startswith("seat 1 keeps 1 of its 3 dealt bonus cards")
