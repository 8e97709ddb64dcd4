"""Whether a check of `ragusa.validate` could refuse a reachable position: every state (and every
seat's view) of random, greedy and expert games of every mode and variant, seeded and with explicit
chance, must validate. tests/test_boundary_soundness.py runs a few games of each; the
figure of docs/boundary.md comes from more:

    python -m tests.boundary_soundness [GAMES_PER_MODE_AND_PLAYER]
"""

from __future__ import annotations

import random
import sys
from collections import Counter
from collections.abc import Iterator

from ragusa import GameState, Options, apply, is_terminal, legal_actions, new_game, validate, view
from ragusa.bots import Bot, ExpertBot, GreedyBot
from ragusa.contract.validation.views import validate_view
from ragusa.core.errors import Violation
from ragusa.rules.chance import is_chance

#: every mode: (players, edition, options); every player count, both editions, strict, the
#: two-player powerhouse option, every solo variant and their combinations
MODES: tuple[tuple[int, str, Options], ...] = (
    *((n, e, Options()) for n in (2, 3, 4, 5) for e in ("1st", "2nd")),
    *((n, "2nd", Options(strict=True)) for n in (2, 4)),
    (2, "1st", Options(powerhouse_any_hex=True)),
    (2, "2nd", Options(strict=True, powerhouse_any_hex=True)),
    *((1, e, Options()) for e in ("1st", "2nd")),
    *((1, e, Options(**{v: True})) for e in ("1st", "2nd") for v in ("solo_human_first", "solo_easier_rector")),
    *((1, e, Options(solo_harder=True)) for e in ("1st", "2nd")),
    (1, "2nd", Options(solo_harder=True, solo_easier_rector=True, solo_human_first=True)),
)

#: who moves: a bot for every seat, or None for uniformly random legal actions
PLAYERS: tuple[tuple[str, type[GreedyBot] | type[ExpertBot] | None], ...] = (
    ("random", None),
    ("greedy", GreedyBot),
    ("expert", ExpertBot),
)


def states(
    players: int, edition: str, options: Options, seed: int, bot: Bot | None, chance: bool
) -> Iterator[GameState]:
    """Every state of one game; chance outcomes (explicit chance) are drawn uniformly."""
    rng = random.Random(seed)
    state = new_game(players, seed=None if chance else seed, edition=edition, options=options, chance=chance)
    yield state
    while not is_terminal(state):
        acts = legal_actions(state)
        use_bot = bot is not None and not is_chance(state)
        state = apply(state, bot.choose(state, acts, rng) if use_bot and bot else rng.choice(acts))
        yield state


def sweep(
    games: int, views_every: int = 5, only: str | None = None
) -> tuple[Counter[str], list[tuple[str, int, list[Violation]]]]:
    """Validate every state of `games` games per mode, player (all of `PLAYERS`, or `only` that one)
    and chance setting: the counts and the refusals (there must be none)."""
    counts: Counter[str] = Counter()
    refused: list[tuple[str, int, list[Violation]]] = []
    for players, edition, options in MODES:
        for who, cls in PLAYERS:
            if only is not None and who != only:
                continue
            for chance in (False, True):
                for seed in range(games):
                    label = f"{players}p {edition} {options} {who} chance={chance} seed={seed}"
                    for i, state in enumerate(states(players, edition, options, seed, cls() if cls else None, chance)):
                        counts["states"] += 1
                        counts["chance states" if chance else "seeded states"] += 1
                        found = validate(state)
                        if i % views_every == 0 and not is_chance(state):
                            for seat in range(state.n_players):
                                counts["views"] += 1
                                found += validate_view(view(state, seat))
                        if found:
                            refused.append((label, i, found))
                    counts["games"] += 1
    return counts, refused


def main(argv: list[str]) -> int:
    games = int(argv[0]) if argv else 3
    counts, refused = sweep(games)
    print(", ".join(f"{k}: {v:,}" for k, v in sorted(counts.items())))
    for label, i, found in refused[:20]:
        print(f"REFUSED {label} state {i}: {found[:3]}")
    print(f"{len(refused)} refused")
    return 1 if refused else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
