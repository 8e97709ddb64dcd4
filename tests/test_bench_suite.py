"""The benchmark suite: what it prints and how it computes the ratio (never a timing
assertion: the targets are checked by reading the benchmark's output, not by tests)."""

from __future__ import annotations

import random
import re

from ragusa.bench.suite import MODES, ModeResult, chess_game, memory_per_state, ragusa_game, suite_lines
from ragusa.rules.game import new_game
from ragusa.rules.legal import legal_actions
from ragusa.rules.queries import is_terminal
from ragusa.rules.resolution import apply


def test_the_ratio_is_decisions_per_second_over_plies_per_second() -> None:
    # 300 decisions in 0.1 s (3000/s) against 400 plies in 0.2 s (2000/s): 1.5x
    r = ModeResult("4p", games=3, decisions=300, seconds=0.1, plies=400, chess_seconds=0.2)
    assert r.decisions_per_second == 3000
    assert r.plies_per_second == 2000
    assert r.ratio == 1.5


def test_a_playout_counts_every_decision_of_the_seeded_game() -> None:
    rng = random.Random(1)
    state = new_game(4, seed=1)
    decisions = 0
    while not is_terminal(state):
        actions = legal_actions(state)
        state = apply(state, actions[rng.randrange(len(actions))])
        decisions += 1
    assert ragusa_game(4, 1) == decisions
    # every placement and each seat's bonus choice (SETUP-6) is a decision of its own
    assert decisions >= state.placements + 4


def test_a_chess_game_ends_in_a_game_over_position() -> None:
    import chess

    rng = random.Random(1)
    plies = chess_game(random.Random(1))
    board = chess.Board()
    for _ in range(plies):
        moves = list(board.legal_moves)
        board.push(moves[rng.randrange(len(moves))])
    assert board.is_game_over()


def test_memory_per_state_is_measured_over_every_kept_state() -> None:
    per_state, kept = memory_per_state(2, seed=1)
    assert kept > 20
    assert 100 < per_state < 100_000


def test_the_suite_prints_every_mode_and_the_figures() -> None:
    text = "\n".join(suite_lines(1, seed=0))
    for label, _ in MODES:
        assert re.search(
            rf"^\s+{label}: +[\d,]+ decisions/s \(\d+ games\)  python-chess +[\d,]+ plies/s  ratio", text, re.M
        )
    assert re.search(r"legal_actions median [\d.]+ us .* apply of a placement median [\d.]+ us", text)
    assert re.search(r"by game phase, 4 players: early [\d,]+, middle [\d,]+, end [\d,]+", text)
    assert re.search(r"memory per retained state, 4 players: [\d,]+ bytes", text)
