"""Setting up a game (SETUP-1 to SETUP-7, TWO-1)."""

from __future__ import annotations

from functools import lru_cache
from typing import Final

from ragusa.core import rng
from ragusa.core.board import BOARD
from ragusa.core.clauses import implements
from ragusa.core.components import COMMODITIES, COMPONENTS
from ragusa.core.errors import IllegalActionError
from ragusa.core.events import BonusChosen
from ragusa.core.scratch import Scratch
from ragusa.core.state import EDITIONS, EMPTY, ChanceState, GameState, Options, Phase, PlayerState
from ragusa.core.state_tuples import game_state_of, game_state_values
from ragusa.rules.buildings.market import draw_ship
from ragusa.rules.chance import draw_cards, draw_seat, new_deck
from ragusa.rules.requirements import board_facts

#: SETUP-6: bonus cards dealt to each player
BONUS_DEALT: Final = 3
#: the ship and bonus card ids in the component data's order, the decks before a shuffle (SETUP-5, SETUP-6; the
#: solo setup deals from the same bonus deck, SOLO-2)
_SHIP_IDS: Final = tuple(s.id for s in COMPONENTS.ships)
BONUS_IDS: Final = tuple(c.id for c in COMPONENTS.bonus_cards)
#: the options of a game given none
DEFAULT_OPTIONS: Final = Options()


@lru_cache(maxsize=8)
def _empty_table(players: int) -> GameState:
    """The table of `players` seats before the setup's draws: no piece on the board, each seat's
    houses, powerhouses (2p, TWO-1) and towers (SETUP-2), no resources or commodities (SETUP-3), the
    beads on the track's start space (SETUP-4), no ship or bonus card yet. The board facts of the
    empty board, every seat's needs worked out, come with it (`ragusa.core.state.Derived`): the
    first placements of every game read them. The same for every game: made once per player
    count, and a game's setup starts from a scratch copy of it (`blank_table`)."""
    pieces = COMPONENTS.pieces
    houses = pieces.houses[str(players)]
    power = pieces.powerhouses_2p if players == 2 else 0
    player = PlayerState(houses_left=houses, powerhouses_left=power, towers_left=pieces.towers_per_player)
    start = COMPONENTS.market.start
    table = GameState(
        edition=EDITIONS[-1],  # each game sets its own edition, options and generator (`blank_table`)
        options=DEFAULT_OPTIONS,
        rng=0,
        players=(player,) * players,
        start_seat=0,
        phase=Phase.SETUP_BONUS,
        seat=0,
        turn_seat=0,
        placements=0,
        houses=(EMPTY,) * len(BOARD.spot_ids),
        towers=(EMPTY,) * len(BOARD.spot_ids),
        walls=(EMPTY,) * len(BOARD.wall_ids),
        market=(start,) * len(COMMODITIES),  # type: ignore[arg-type]
        slots=(None,) * len(COMPONENTS.market.slots),
        ship_deck=(),
        bonus_deck=(),
    )
    facts = board_facts(table.houses, players, None)
    for seat in range(players):
        facts = facts.needs(seat)[0]
    return game_state_of(game_state_values(table), facts)


def first_generator(seed: int, chance: ChanceState | None) -> int:
    """The generator state a game's setup starts with: `seed`'s; with `chance` (explicit chance) the
    count of outcomes used, from 0."""
    return rng.seed_state(seed) if chance is None else 0


def game_table(table: GameState, edition: str, options: Options, r: int, chance: ChanceState | None) -> Scratch:
    """A scratch copy of `table` (a table shared by every game, e.g. `blank_table`'s) for one game:
    its edition, options, generator state `r` and explicit chance (or None)."""
    w = Scratch(table)
    w.edition = edition
    w.options = options
    w.rng = r
    w.chance = chance
    return w


def blank_table(players: int, edition: str, options: Options, seed: int, chance: ChanceState | None = None) -> Scratch:
    """A scratch copy of the table of `players` seats before the setup's draws, with the generator of
    `seed` (`first_generator`)."""
    return game_table(_empty_table(players), edition, options, first_generator(seed, chance), chance)


def check_game_args(edition: str, seed: int, options: Options | None) -> Options:
    """Validate `new_game`'s edition, seed and options; the options to use (default `Options()`)."""
    if edition not in EDITIONS:
        raise ValueError(f"edition must be one of {EDITIONS}; got {edition!r}")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"seed must be an integer; got {seed!r}")
    options = options if options is not None else DEFAULT_OPTIONS
    if not isinstance(options, Options):
        raise ValueError(f"options must be a ragusa.Options; got {type(options).__name__}")
    return options


@implements("SETUP-5")
def deal_ships(w: Scratch) -> None:
    """Shuffle the ships into the deck and deal one into each market slot, left to right; each
    dealt ship raises its arrival commodity (SETUP-5). Also used by the solo setup (SOLO-2)."""
    new_deck(w, "ship", _SHIP_IDS)
    w.slots = tuple([draw_ship(w) for _ in w.slots])  # left to right


@implements("SETUP-6")
def choose_bonus(w: Scratch, seat: int, card: str) -> bool:
    """`seat` keeps `card` of its three and returns the others to the deck.

    Seats choose in turn order from the start seat. When the last has chosen, the returned
    cards are shuffled back into the deck and True is returned (play begins).
    """
    hand = w.dealt[seat]
    if card not in hand:
        raise IllegalActionError("SETUP-6", f"{card!r} is not one of seat {seat}'s dealt cards {list(hand)}")
    rest = list(hand)
    rest.remove(card)
    p = w.p(seat)
    p.bonus_cards = p.bonus_cards + (card,)
    w.bonus_deck = w.bonus_deck + tuple(rest)
    w.dealt = tuple(() if i == seat else d for i, d in enumerate(w.dealt))
    w.emit(BonusChosen, seat, card)
    for k in range(1, w.n + 1):
        nxt = (seat + k) % w.n
        if w.dealt[nxt]:
            w.seat = nxt
            return False
    new_deck(w, "bonus", w.bonus_deck)
    w.dealt = ()
    return True


@implements("SETUP-2", "SETUP-3", "SETUP-4", "SETUP-5", "SETUP-6", "SETUP-7", "TWO-1")
def new_multiplayer_game(
    players: int, seed: int, edition: str, options: Options, chance: ChanceState | None = None
) -> GameState:
    """A new game for 2 to 5 players (arguments already checked by `ragusa.rules.game.new_game`);
    with `chance`, its outcomes are drawn as `ragusa.rules.chance` says (explicit chance)."""
    w = blank_table(players, edition, options, seed, chance)
    deal_ships(w)
    new_deck(w, "bonus", BONUS_IDS)
    w.dealt = tuple(draw_cards(w, "bonus", BONUS_DEALT) for _ in range(players))
    w.start_seat = draw_seat(w, players)
    w.seat = w.turn_seat = w.start_seat
    return w.freeze()
