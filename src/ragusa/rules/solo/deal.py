"""The solo setup's table (SOLO-1, SOLO-2, SOLO-3, ED-3, R-12): opening houses, the Patrician's
cards, the first seat, and `deal_solo`, everything `ragusa.rules.game.new_solo_game` does
before the bots' opening turns (kept apart from the engine, which re-runs it for explicit chance)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Final

from ragusa.core.board import BOARD, RES_INDEX
from ragusa.core.clauses import implements
from ragusa.core.components import COMPONENTS, RESOURCES, ComponentData
from ragusa.core.errors import ComponentDataError
from ragusa.core.scratch import Scratch
from ragusa.core.state import (
    EDITIONS,
    PHASE_PLACE,
    RESERVED,
    ChanceState,
    GameState,
    Options,
    SoloState,
)
from ragusa.rules.chance import bonus_deck_dealing, deal_patrician
from ragusa.rules.requirements import board_facts
from ragusa.rules.setup import (
    BONUS_IDS,
    DEFAULT_OPTIONS,
    blank_table,
    check_game_args,
    deal_ships,
    first_generator,
    game_table,
)
from ragusa.rules.solo.patrician import (
    BOT_A,
    BOT_B,
    BOT_SEATS,
    COLOUR_SEAT,
    HUMAN,
    OPENING_HOUSES,
    OPENING_RESOURCES,
    PATRICIAN,
    PATRICIAN_DRAWN,
    PATRICIAN_PER_BOT,
    ROUNDS,
)


@implements("SOLO-1")
def opening_resources(data: ComponentData, spots: Sequence[str]) -> tuple[int, int, int, int, int, int]:
    """What houses on `spots` give: 1 of each country and sea hex's resource around them."""
    hexes = {h.id: h for h in data.board.hexes}
    spot_hexes = {s.id: s.hexes for s in data.board.spots}
    out = [0] * len(RESOURCES)
    for s in spots:
        for h in spot_hexes[s]:
            hx = hexes[h]
            if hx.kind != "city" and hx.resource is not None:
                out[RES_INDEX[hx.resource]] += 1
    return out[0], out[1], out[2], out[3], out[4], out[5]


def _res_text(res: Sequence[int]) -> str:
    return ", ".join(f"{n} {RESOURCES[i].replace('_', ' ')}" for i, n in enumerate(res) if n) or "nothing"


@implements("SOLO-1", "SOLO-2", "SOLO-4")
def check_solo_components(data: ComponentData) -> None:
    """Raise `ComponentDataError` unless the solo material fits the rulebooks.

    SOLO-1: each colour has 3 opening spots, all distinct, whose houses give exactly the resources the
    rulebooks state. SOLO-2/SOLO-4: at least 6 Patrician cards of 3 distinct spots each, no spot on two
    cards or on an opening spot, and 12 solo houses = 3 opening + 9 rounds (each bot plays its 3 cards'
    9 spots). The library's own data (`COMPONENTS`, frozen) is checked once, when this module is imported.
    """
    setup = data.solo_setup
    seen: dict[str, str] = {}
    for colour, want in OPENING_RESOURCES.items():
        spots = tuple(getattr(setup, colour))
        if len(spots) != OPENING_HOUSES:
            raise ComponentDataError(
                f"component data solo_setup.{colour}: {len(spots)} spots; each colour has {OPENING_HOUSES} (SOLO-1)"
            )
        for s in spots:
            if s in seen:
                raise ComponentDataError(f"component data solo_setup: spot {s} is used by {seen[s]} and {colour}")
            seen[s] = colour
        got = opening_resources(data, spots)
        expected = tuple(want.get(r, 0) for r in RESOURCES)
        if got != expected:
            raise ComponentDataError(
                f"component data solo_setup.{colour}: the houses on {', '.join(spots)} give {_res_text(got)}; "
                f"the rulebooks say {_res_text(expected)} (SOLO-1)"
            )
    if len(data.patrician_cards) < PATRICIAN_DRAWN:
        raise ComponentDataError(
            f"component data patrician_cards: {len(data.patrician_cards)} cards; the solo game draws {PATRICIAN_DRAWN} (SOLO-2)"
        )
    for card in data.patrician_cards:
        if len(set(card.spots)) != len(card.spots):
            raise ComponentDataError(f"component data patrician_cards ({card.id}): a card names 3 different spots")
        for s in card.spots:
            if s in seen:
                raise ComponentDataError(f"component data patrician_cards ({card.id}): spot {s} is also on {seen[s]}")
            seen[s] = card.id
    if data.pieces.houses.get("solo") != OPENING_HOUSES + ROUNDS or PATRICIAN_PER_BOT * 3 != ROUNDS:
        raise ComponentDataError(
            f"component data pieces.houses.solo: {data.pieces.houses.get('solo')}; the solo game needs "
            f"{OPENING_HOUSES} opening houses + {ROUNDS} rounds (SOLO-1, SOLO-3)"
        )


check_solo_components(COMPONENTS)  # the library's own data, checked once


#: colour -> the spots (indices) of its opening houses (SOLO-1)
_OPENING_SPOTS: Final[dict[str, tuple[int, ...]]] = {
    colour: tuple(BOARD.spot_index[s] for s in getattr(COMPONENTS.solo_setup, colour)) for colour in COLOUR_SEAT
}
#: colour -> what its opening houses give (SOLO-1)
_OPENING_GIVES: Final[dict[str, tuple[int, int, int, int, int, int]]] = {
    colour: opening_resources(COMPONENTS, getattr(COMPONENTS.solo_setup, colour)) for colour in COLOUR_SEAT
}


#: the Patrician card ids in the component data's order, the deck before a shuffle (SOLO-2)
_PATRICIAN_IDS: Final = tuple(c.id for c in COMPONENTS.patrician_cards)


@implements("SOLO-3", "ED-3", "R-12", "R-22")
def first_seat(options: Options) -> int:
    """The seat that opens every round: bot A (then bot B, then the human) in both editions
    (2nd edition text; R-12 for the 1st); the human in the easier variant (SOLO-3), where the
    game ends right after the human's 9th house, so the bots keep their 9th (SOLO-7, R-22)."""
    return HUMAN if options.solo_human_first else BOT_A


@lru_cache(maxsize=1)
def _opening_table() -> GameState:
    """The solo table before any draw (SOLO-1): every colour's opening houses on their spots and what
    they give (nothing activates), its houses and towers left. With the board's placement facts and
    the human's needs (`ragusa.core.state.Derived`): the bots' placements are not checked (SOLO-4).
    The same for every solo game: made once."""
    pieces = COMPONENTS.pieces
    w = blank_table(len(COLOUR_SEAT), EDITIONS[-1], DEFAULT_OPTIONS, 0)
    houses = list(w.houses)
    for colour, seat in COLOUR_SEAT.items():
        spots = _OPENING_SPOTS[colour]
        for spot in spots:
            houses[spot] = seat
        p = w.p(seat)
        p.res[:] = _OPENING_GIVES[colour]
        p.houses_left = pieces.houses["solo"] - len(spots)
        p.towers_left = pieces.towers_per_player
    w.houses = tuple(houses)
    w.facts = board_facts(w.houses, w.n, None).needs(HUMAN)[0]
    return w.freeze()


@lru_cache(maxsize=256)  # one per set of 6 of the 10 cards: 210
def _reserved_table(cards: tuple[str, ...]) -> GameState:
    """The opening table with the spots of the Patrician `cards` (sorted) reserved, black houses
    (SOLO-2); its board's facts from the opening board's (the human's needs kept: a reserved spot is
    nobody's). Made once per set of cards (what is drawn, and the order, stay the generator's)."""
    w = Scratch(_opening_table())
    facts = board_facts(w.houses, w.n, w.facts)  # the opening board's own
    houses = list(w.houses)
    spots = [s for card in cards for s in PATRICIAN[card]]
    for s in spots:
        houses[s] = RESERVED
    w.houses = tuple(houses)
    for s in spots:  # brought up to date spot by spot (no comparison of the two boards)
        facts = facts.with_piece(w.houses, s)
    w.facts = facts
    return w.freeze()


@implements("SOLO-1", "SOLO-2", "SOLO-3", "SETUP-2", "SETUP-3", "SETUP-4", "SETUP-5", "ED-3", "R-12")
def deal_solo(seed: int, edition: str, options: Options | None, chance: ChanceState | None = None) -> Scratch:
    """The set-up solo table from `seed` (or, with `chance`, its fixed outcomes), before the bots'
    opening turns (`ragusa.rules.resolution.start_play` plays them on the returned scratch copy).

    SOLO-1: every colour's 3 opening houses stand on their `solo_setup` spots and give their
    resources (nothing activates); each colour has 12 houses, so 9 are left, and 15 towers.
    SOLO-2: 6 of the 10 Patrician cards are drawn, their 18 spots reserved (black houses), then the 6
    are shuffled and 3 dealt to each bot; the bonus deck is shuffled and 1 card dealt to the human,
    then 1 to bot A and 1 to bot B; the ships are dealt as in SETUP-5. SOLO-3: bot A, bot B, then the
    human, 9 rounds (the human first in the easier variant). All randomness comes from the state's
    generator, or with `chance` as `ragusa.rules.chance` says (explicit chance: Patrician cards dealt
    3 to bot A then 3 to bot B, one at a time). The table the draws do not change is made once
    (`_opening_table`, `_reserved_table`).
    """
    options = check_game_args(edition, seed, options)
    r = first_generator(seed, chance)
    # SOLO-2: the Patrician's reserved spots and the bots' hidden cards
    dealt, r = deal_patrician(chance, r, _PATRICIAN_IDS, PATRICIAN_DRAWN)
    bot_cards = (dealt[:PATRICIAN_PER_BOT], dealt[PATRICIAN_PER_BOT : 2 * PATRICIAN_PER_BOT])
    # SOLO-2: one bonus card each: the human's face up, the bots' face down
    deck, chance, r = bonus_deck_dealing(chance, r, BONUS_IDS, len(COLOUR_SEAT))
    w = game_table(_reserved_table(tuple(sorted(dealt))), edition, options, r, chance)
    for seat, card in zip((HUMAN, BOT_A, BOT_B), deck):
        w.p(seat).bonus_cards = (card,)
    start = first_seat(options)
    w.bonus_deck = deck[len(COLOUR_SEAT) :]
    w.start_seat = w.seat = w.turn_seat = start
    w.phase = PHASE_PLACE
    w.solo = SoloState(bot_cards=bot_cards, bot_seats=BOT_SEATS, bot_pairs=((), ()), round=0)
    deal_ships(w)  # SETUP-5
    return w
