"""Starting a game of any mode: `new_game` (SETUP-1) hands 2 to 5 players to
`ragusa.rules.setup` and the solo game to `new_solo_game`, which plays the bots' opening turns on
the table `ragusa.rules.solo.deal` sets."""

from __future__ import annotations

from typing import Final

from ragusa.core import rng
from ragusa.core.clauses import implements
from ragusa.core.events import Event, Recorded, made
from ragusa.core.state import ChanceState, GameState, Options, SoloState
from ragusa.rules.resolution import resolve_chance, start_play
from ragusa.rules.setup import blank_table, check_game_args, new_multiplayer_game
from ragusa.rules.solo.deal import deal_solo
from ragusa.rules.solo.patrician import COLOUR_SEAT

#: the options of the solo variants (SOLO-3, SOLO-5, SOLO-8)
_SOLO_OPTIONS: Final = ("solo_human_first", "solo_easier_rector", "solo_harder")


@implements("SETUP-1")
def new_game(
    players: int,
    *,
    seed: int | None = None,
    edition: str = "2nd",
    options: Options | None = None,
    chance: bool = False,
) -> GameState:
    """A new game for `players` (2 to 5; 1 is the solo game) from `seed`.

    Without a seed, a 128-bit seed is drawn from the operating system (`ragusa.core.rng.fresh_seed`):
    nobody can replay the game, and the full state (its generator included) is the server's secret.
    To keep a record of such a game, draw the seed with `fresh_seed()` and pass it. Options that
    apply only to the solo game (`solo_*`) are refused in a game of 2 to 5 players (ValueError).

    Every player starts with no VP, resources or commodities (SETUP-3) and the houses,
    powerhouses (2p, TWO-1) and towers of SETUP-2. The commodity beads start on the track's
    start space (SETUP-4). The ships are shuffled and five dealt left to right, each raising
    its arrival commodity (SETUP-5). The bonus cards are shuffled and three dealt to each
    player, who keeps one (SETUP-6: the first decisions). The start seat is drawn (SETUP-7).

    `chance=True` (explicit chance, `ragusa.rules.chance`): no seed; the game starts at a chance
    node (the first ship of the setup) and every random event is an outcome the caller applies
    (`ChanceOutcome`), so a game can be started from explicit setup outcomes.
    """
    if isinstance(players, bool) or not isinstance(players, int) or not 1 <= players <= 5:
        raise ValueError(f"Ragusa is for 1 to 5 players (SETUP-1); got {players!r}")
    if chance is not True and chance is not False:
        raise ValueError(f"chance must be True or False; got {chance!r}")
    if chance and seed is not None:
        raise ValueError("a game with explicit chance takes no seed: its outcomes are applied (ChanceOutcome)")
    if seed is None:
        seed = 0 if chance else rng.fresh_seed()
    options = check_game_args(edition, seed, options)
    if players != 1:
        solo_only = [name for name in _SOLO_OPTIONS if getattr(options, name)]
        if solo_only:
            raise ValueError(
                f"option {solo_only[0]} applies only to the solo game (SOLO-3, SOLO-5, SOLO-8); this game has {players} players"
            )
    if chance:  # the empty table; its setup starts and stops at the first draw
        return resolve_chance(empty_table(players, edition, options), None, None)
    if players == 1:
        return new_solo_game(seed, edition, options)
    return new_multiplayer_game(players, seed, edition, options)


def empty_table(players: int, edition: str, options: Options) -> GameState:
    """The table of a game with explicit chance before the setup draws (1 player: the solo game)."""
    table = blank_table(len(COLOUR_SEAT) if players == 1 else players, edition, options, 0, ChanceState())
    if players == 1:
        table.solo = SoloState()
    return table.freeze()


@implements("SOLO-1", "SOLO-2", "SOLO-3", "SETUP-2", "SETUP-3", "SETUP-4", "SETUP-5", "ED-3", "R-12")
def new_solo_game(
    seed: int,
    edition: str = "2nd",
    options: Options | None = None,
    events: list[Event] | None = None,
    chance: ChanceState | None = None,
) -> GameState:
    """A new solo game from `seed`, with the bots' turns before the human's first decision played.

    The table is `ragusa.rules.solo.deal.deal_solo`'s (SOLO-1, SOLO-2: opening houses, Patrician
    cards, one bonus card each, the ships of SETUP-5); SOLO-3: bot A, bot B, then the human, 9
    rounds (the human first in the easier variant). All randomness comes from the state's
    generator, or with `chance` from its fixed outcomes (explicit chance). If `events` is given,
    the events of the bots' turns before the human's first decision are appended to it (the setup
    itself reports nothing, as in `ragusa.new_game`).
    """
    w = deal_solo(seed, edition, options, chance)
    recorded: list[Recorded] | None = [] if events is not None else None
    w.ev = recorded  # report the bots' opening turns, not the setup
    start_play(w)
    if events is not None and recorded is not None:
        events.extend(made(recorded))
    return w.freeze()
