"""Regenerate the golden records: ``python -m tests.golden.make_golden`` (from the repository root).

Each game is played from a fixed seed; the actions are chosen by a built-in bot or at random
(seeded), and the transcript is written next to this file. Regenerate only when a change is
meant to change the game; say so in CHANGELOG.md and commit the new files on their own.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

from ragusa import Action, Options, apply, is_terminal, legal_actions, new_game
from ragusa.bots import make_bot
from tests.golden.transcript import header, options_of, transcript

HERE = Path(__file__).resolve().parent

#: name -> (players, seed, edition, options, chooser)
GAMES: dict[str, tuple[int, int, str, Options, str]] = {
    # two players: the powerhouse rules (TWO), both editions, both choosers
    "2p-2nd-random-s1": (2, 1, "2nd", Options(), "random"),
    "2p-2nd-greedy-s2": (2, 2, "2nd", Options(), "greedy"),
    "2p-1st-random-s3": (2, 3, "1st", Options(), "random"),
    "2p-1st-greedy-s4": (2, 4, "1st", Options(), "greedy"),
    "2p-2nd-strict-greedy-s5": (2, 5, "2nd", Options(strict=True), "greedy"),
    "3p-2nd-random-s6": (3, 6, "2nd", Options(), "random"),
    "3p-2nd-greedy-s7": (3, 7, "2nd", Options(), "greedy"),
    "3p-1st-greedy-s8": (3, 8, "1st", Options(), "greedy"),
    "4p-2nd-random-s9": (4, 9, "2nd", Options(), "random"),
    "4p-2nd-greedy-s10": (4, 10, "2nd", Options(), "greedy"),
    "4p-1st-random-s11": (4, 11, "1st", Options(), "random"),
    "4p-1st-strict-greedy-s12": (4, 12, "1st", Options(strict=True), "greedy"),
    "5p-2nd-random-s13": (5, 13, "2nd", Options(), "random"),
    "5p-2nd-greedy-s14": (5, 14, "2nd", Options(), "greedy"),
    "5p-1st-greedy-s15": (5, 15, "1st", Options(), "greedy"),
    # solo: each variant, both editions
    "solo-2nd-greedy-s16": (1, 16, "2nd", Options(), "greedy"),
    "solo-2nd-random-s17": (1, 17, "2nd", Options(), "random"),
    "solo-1st-greedy-s18": (1, 18, "1st", Options(), "greedy"),
    "solo-2nd-humanfirst-s19": (1, 19, "2nd", Options(solo_human_first=True), "greedy"),
    "solo-1st-humanfirst-s20": (1, 20, "1st", Options(solo_human_first=True), "random"),
    "solo-2nd-easier-rector-s21": (1, 21, "2nd", Options(solo_easier_rector=True), "greedy"),
    "solo-1st-easier-rector-s22": (1, 22, "1st", Options(solo_easier_rector=True), "random"),
    "solo-2nd-harder-s23": (1, 23, "2nd", Options(solo_harder=True), "greedy"),
    "solo-1st-harder-s24": (1, 24, "1st", Options(solo_harder=True), "random"),
    "solo-2nd-all-variants-s25": (
        1,
        25,
        "2nd",
        Options(solo_human_first=True, solo_easier_rector=True, solo_harder=True),
        "greedy",
    ),
}


def play(players: int, seed: int, edition: str, options: Options, chooser: str) -> list[Action]:
    state = new_game(players, seed=seed, edition=edition, options=options)
    bot = make_bot(chooser)
    rng = random.Random(seed)
    actions: list[Action] = []
    while not is_terminal(state):
        action = bot.choose(state, legal_actions(state), rng)
        actions.append(action)
        state = apply(state, action)
    return actions


def main() -> int:
    for name, (players, seed, edition, options, chooser) in GAMES.items():
        head = header(players, seed, edition, options)
        assert options_of(head) == options
        text = transcript(head, play(players, seed, edition, options, chooser))
        (HERE / f"{name}.txt").write_text(text, encoding="utf-8")
        print(f"wrote {name}.txt ({len(text.splitlines())} lines)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
