"""Regenerate the sample game records in this folder: ``python tests/records/make_records.py``.

Each complete sample is a game played by a built-in bot from a fixed seed, written with its
final scores, so that ``ragusa verify`` confirms it. ``3p-illegal-build2.json`` is the start of a
real game followed by a placement the rules refuse (see tests/test_records.py for the numbers).
Regenerate only when a deliberate rule change alters these games; the tests say which.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

from ragusa import Options, Place, apply, legal_actions, new_game
from ragusa.bots import make_bot, play
from ragusa.contract.records import GameRecord, record_of, record_to_json
from ragusa.core.actions import Action

HERE = Path(__file__).resolve().parent

#: file name -> (players, seed, edition, options, bot)
COMPLETE: dict[str, tuple[int, int, str, Options, str]] = {
    "2p-greedy-2nd.json": (2, 3, "2nd", Options(), "greedy"),
    "4p-random-1st-strict.json": (4, 11, "1st", Options(strict=True), "random"),
    "5p-greedy-2nd.json": (5, 8, "2nd", Options(), "greedy"),
    "solo-greedy-2nd.json": (1, 5, "2nd", Options(), "greedy"),
}


def complete_record(players: int, seed: int, edition: str, options: Options, bot: str) -> GameRecord:
    start = new_game(players, seed=seed, edition=edition, options=options)
    actions: list[Action] = []

    def keep(before: object, action: Action, after: object, events: object) -> None:
        actions.append(action)

    final = play(start, [make_bot(bot)] * start.n_players, random.Random(seed), on_step=keep)
    return record_of(start, seed, actions, final=final)


def illegal_record() -> GameRecord:
    """3 players, seed 4: the three setup choices (first dealt card), then the start seat places
    its first house on s2 (quarry, two silver mines: no forest, so no wood: BUILD-2), then one more."""
    state = new_game(3, seed=4)
    actions: list[Action] = []
    for _ in range(3):
        action = legal_actions(state)[0]
        actions.append(action)
        state = apply(state, action)
    actions.append(Place("s2"))
    actions.append(Place("s7"))
    return GameRecord(players=3, seed=4, actions=tuple(actions))


def main() -> int:
    for name, args in COMPLETE.items():
        (HERE / name).write_text(record_to_json(complete_record(*args)), encoding="utf-8")
        print(f"wrote {name}")
    (HERE / "3p-illegal-build2.json").write_text(record_to_json(illegal_record()), encoding="utf-8")
    print("wrote 3p-illegal-build2.json")
    return 0


if __name__ == "__main__":
    sys.exit(main())
