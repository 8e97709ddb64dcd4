"""The kinds of mutation of tests/boundary_mutations.py, family by family: each `why` is the rule
that no game breaks, with the numbers counted in that module."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import attrs

from ragusa import GameState, Place, legal_actions
from ragusa.core.board import BOARD, BUILDING_INDEX, KIND_CITY, KIND_COUNTRY
from ragusa.core.components import COMPONENTS, RESOURCES
from ragusa.core.state import (
    EMPTY,
    POWERHOUSE,
    RESERVED,
    VP_BONUS,
    VP_CATHEDRAL,
    VP_FISHMONGER,
    VP_MASON,
    VP_SHIPS,
    VP_WALLS,
    VP_WHARF,
    Phase,
)
from ragusa.rules.activation import order_matters
from tests.boundary_mutations import (
    FISH,
    GAINS,
    HEX,
    OPENING,
    PATRICIAN,
    PRODUCERS,
    STARS,
    STONE,
    WOOD,
    Kind,
    Make,
    cannot_reach,
    count_on,
    gained,
    mason_most,
    most_activations,
    moved,
    on_hex,
    persons,
    res_with,
    seat_with,
    vp_with,
)

R = random.Random
TRACK = COMPONENTS.market.track
START = COMPONENTS.market.start
SHIP_ARRIVAL = {s.id: (s.arrival.commodity, s.arrival.steps) for s in COMPONENTS.ships}
COMMODITIES = ("silver", "wine", "oil")
CARD_SPOTS = frozenset(x for spots in PATRICIAN.values() for x in spots)
#: the building on each city hex, by hex
BUILDING_OF = {BOARD.building_hex[i]: name for name, i in BUILDING_INDEX.items()}


def any_seat(s: GameState, rng: R, ok: Callable[[int], bool], seats: list[int] | None = None) -> int | None:
    found = [x for x in (range(s.n_players) if seats is None else seats) if ok(x)]
    return rng.choice(found) if found else None


def most(s: GameState, seat: int, r: int) -> int:
    """The seat's resource now, plus all the house being resolved can still give it (at most 3)."""
    return s.players[seat].resources[r] + (3 if s.placed >= 0 and seat == s.turn_seat else 0)


def bump(s: GameState, seat: int | None, index: int, rng: R, low: int, high: int) -> GameState | None:
    return None if seat is None else vp_with(s, seat, index, s.players[seat].vp[index] + rng.randint(low, high))


# --------------------------------------------------------------------------- VP by source


def mason_without_wall(s: GameState, rng: R) -> GameState | None:
    return bump(s, any_seat(s, rng, lambda x: x not in s.walls), VP_MASON, rng, 1, 6)


def mason_above_five(s: GameState, rng: R) -> GameState | None:
    seat = any_seat(s, rng, lambda x: x in s.walls)
    return None if seat is None else vp_with(s, seat, VP_MASON, 5 * s.walls.count(seat) + rng.randint(1, 3))


def mason_above_ends(s: GameState, rng: R) -> GameState | None:
    seat = any_seat(s, rng, lambda x: x in s.walls)
    return None if seat is None else vp_with(s, seat, VP_MASON, mason_most(s, seat) + rng.randint(1, 2))


def fishmonger_without_house(s: GameState, rng: R) -> GameState | None:
    return bump(s, any_seat(s, rng, lambda x: cannot_reach(s, x, "fishmonger")), VP_FISHMONGER, rng, 1, 4)


def fishmonger_few_fish(s: GameState, rng: R) -> GameState | None:
    return bump(s, any_seat(s, rng, lambda x: gained(s, x)[FISH] < 2), VP_FISHMONGER, rng, 1, 3)


def wharf_without_house(s: GameState, rng: R) -> GameState | None:
    return bump(s, any_seat(s, rng, lambda x: cannot_reach(s, x, "wharf")), VP_WHARF, rng, 1, max(TRACK))


def wharf_beyond_sales(s: GameState, rng: R) -> GameState | None:
    seat = rng.randrange(s.n_players)
    return vp_with(s, seat, VP_WHARF, max(TRACK) * most_activations(s, "wharf") + rng.randint(1, 5))


def ship_vp_not_stars(s: GameState, rng: R) -> GameState | None:
    seat = rng.randrange(s.n_players)
    vp = s.players[seat].vp[VP_SHIPS]
    return vp_with(s, seat, VP_SHIPS, vp + rng.choice([d for d in (-3, -2, -1, 1, 2, 3) if vp + d >= 0]))


def end_vp_in_play(s: GameState, rng: R) -> GameState | None:
    if s.phase == Phase.OVER:
        return None
    return bump(s, rng.randrange(s.n_players), rng.choice((VP_WALLS, VP_CATHEDRAL, VP_BONUS)), rng, 1, 5)


# --------------------------------------------------------------------------- orphans


def tower_without_architect(s: GameState, rng: R) -> GameState | None:
    free = [x for x in BOARD.tower_spots if s.towers[x] == EMPTY]
    seat = any_seat(s, rng, lambda x: cannot_reach(s, x, "architect") and s.players[x].towers_left > 0)
    if seat is None or not free:
        return None
    towers = list(s.towers)
    towers[rng.choice(free)] = seat
    return seat_with(attrs.evolve(s, towers=tuple(towers)), seat, towers_left=s.players[seat].towers_left - 1)


def towers_beyond_activations(s: GameState, rng: R) -> GameState | None:
    seat = any_seat(s, rng, lambda x: x in on_hex(s, "architect"))
    if seat is None:
        return None
    add = most_activations(s, "architect") + 1 - s.towers.count(seat)
    free = [x for x in BOARD.tower_spots if s.towers[x] == EMPTY]
    if add > min(len(free), s.players[seat].towers_left):
        return None
    towers = list(s.towers)
    for x in rng.sample(free, add):
        towers[x] = seat
    return seat_with(attrs.evolve(s, towers=tuple(towers)), seat, towers_left=s.players[seat].towers_left - add)


def wall_without_mason(s: GameState, rng: R) -> GameState | None:
    free = [w for w, owner in enumerate(s.walls) if owner == EMPTY]
    seat = any_seat(s, rng, lambda x: cannot_reach(s, x, "mason"))
    if seat is None or not free:
        return None
    walls = list(s.walls)
    walls[rng.choice(free)] = seat
    mutant = attrs.evolve(s, walls=tuple(walls))
    return vp_with(
        mutant, seat, VP_MASON, s.players[seat].vp[VP_MASON] + mason_most(mutant, seat) - mason_most(s, seat)
    )


def _give_ships(s: GameState, seat: int, count: int) -> GameState | None:
    if count > len(s.ship_deck) or count < 1:
        return None
    given, p = s.ship_deck[:count], s.players[seat]
    mutant = attrs.evolve(s, ship_deck=s.ship_deck[count:])
    mutant = seat_with(mutant, seat, ships=p.ships + given)
    return vp_with(mutant, seat, VP_SHIPS, p.vp[VP_SHIPS] + sum(STARS[x] for x in given))


def ship_without_market(s: GameState, rng: R) -> GameState | None:
    seat = any_seat(s, rng, lambda x: cannot_reach(s, x, "market"))
    return None if seat is None else _give_ships(s, seat, 1)


def ships_beyond_activations(s: GameState, rng: R) -> GameState | None:
    seat = any_seat(s, rng, lambda x: x in on_hex(s, "market"))
    if seat is None:
        return None
    return _give_ships(s, seat, most_activations(s, "market") + 1 - len(s.players[seat].ships))


def card_without_rector(s: GameState, rng: R) -> GameState | None:
    seat = any_seat(s, rng, lambda x: cannot_reach(s, x, "rectors-palace"))
    if seat is None or not s.bonus_deck or s.phase == Phase.SETUP_BONUS:
        return None
    mutant = attrs.evolve(s, bonus_deck=s.bonus_deck[1:])
    return seat_with(mutant, seat, bonus_cards=s.players[seat].bonus_cards + s.bonus_deck[:1])


def commodity_without_producer(s: GameState, rng: R) -> GameState | None:
    options = [(x, c) for x in range(s.n_players) for b, _, c in PRODUCERS if cannot_reach(s, x, b)]
    options = [(x, c) for x, c in options if s.players[x].commodities[c] < 12]
    if not options:
        return None
    seat, c = rng.choice(options)
    com = list(s.players[seat].commodities)
    com[c] += rng.randint(1, 12 - com[c])
    return seat_with(s, seat, commodities=tuple(com))


# --------------------------------------------------------------------------- requirements


def _country_over(seat: int, kind: int, r: int) -> Callable[[GameState, int], bool]:
    def fits(m: GameState, spot: int) -> bool:
        hexes = [h for h in BOARD.spot_hexes[spot] if BOARD.hex_kind[h] == kind]
        return any(count_on(m.houses, seat, h) > most(m, seat, r) for h in hexes)

    return fits


def house_beyond_wood(s: GameState, rng: R) -> GameState | None:
    seat = any_seat(s, rng, lambda x: True, persons(s))
    return None if seat is None else moved(s, seat, rng, _country_over(seat, KIND_COUNTRY, WOOD))


def house_beyond_stone(s: GameState, rng: R) -> GameState | None:
    seat = any_seat(s, rng, lambda x: True, persons(s))
    return None if seat is None else moved(s, seat, rng, _country_over(seat, KIND_CITY, STONE))


def house_at_producer_without_resource(s: GameState, rng: R) -> GameState | None:
    seat = any_seat(s, rng, lambda x: True, persons(s))
    if seat is None:
        return None

    def fits(m: GameState, spot: int) -> bool:
        return any(HEX[b] in BOARD.spot_hexes[spot] and most(m, seat, r) < 1 for b, r, _ in PRODUCERS)

    return moved(s, seat, rng, fits)


def house_at_fishmonger_without_fish(s: GameState, rng: R) -> GameState | None:
    seat = any_seat(s, rng, lambda x: True, persons(s))
    if seat is None:
        return None

    def fits(m: GameState, spot: int) -> bool:
        return HEX["fishmonger"] in BOARD.spot_hexes[spot] and gained(m, seat)[FISH] < 2

    return moved(s, seat, rng, fits)


def house_at_market_without_producer(s: GameState, rng: R) -> GameState | None:
    producers = {HEX[b] for b, _, _ in PRODUCERS}
    if any(s.houses[x] == POWERHOUSE for h in producers for x in BOARD.hex_spots[h]):
        return None
    seat = any_seat(s, rng, lambda x: True, persons(s))
    if seat is None:
        return None
    selling = {HEX["market"], HEX["wharf"]}

    def fits(m: GameState, spot: int) -> bool:
        return bool(selling & set(BOARD.spot_hexes[spot])) and not any(count_on(m.houses, seat, h) for h in producers)

    return moved(s, seat, rng, fits)


def _undo_trade(s: GameState, rng: R, r: int, kind: int, cost: int) -> GameState | None:
    if s.placed >= 0:
        return None

    def needed(x: int) -> bool:
        res = s.players[x].resources[r]
        top = max(count_on(s.houses, x, h) for h in range(len(BOARD.hex_ids)) if BOARD.hex_kind[h] == kind)
        return res > gained(s, x)[r] and top == res

    seat = any_seat(s, rng, needed, persons(s))
    return None if seat is None else res_with(s, seat, **{RESOURCES[r]: -1, "fish": cost, "fish_traded": -cost})


def undo_needed_wood_trade(s: GameState, rng: R) -> GameState | None:
    return _undo_trade(s, rng, WOOD, KIND_COUNTRY, 2)


def undo_needed_stone_trade(s: GameState, rng: R) -> GameState | None:
    return _undo_trade(s, rng, STONE, KIND_CITY, 3)


# --------------------------------------------------------------------------- resources


def fish_from_nowhere(s: GameState, rng: R) -> GameState | None:
    return res_with(s, rng.randrange(s.n_players), fish=rng.randint(1, 3))


def resource_from_nowhere(s: GameState, rng: R) -> GameState | None:
    return res_with(s, rng.randrange(s.n_players), **{rng.choice(RESOURCES[1:]): rng.randint(1, 2)})


def fish_traded_for_nothing(s: GameState, rng: R) -> GameState | None:
    seat = any_seat(s, rng, lambda x: s.players[x].resources[FISH] >= 2)
    return None if seat is None else res_with(s, seat, fish=-2, fish_traded=2)


def commodity_beyond_production(s: GameState, rng: R) -> GameState | None:
    options = []
    for x in range(s.n_players):
        for b, r, c in PRODUCERS:
            bound = s.players[x].resources[r] * most_activations(s, b)
            if bound < 12:
                options.append((x, c, bound))
    if not options:
        return None
    seat, c, bound = rng.choice(options)
    com = list(s.players[seat].commodities)
    com[c] = rng.randint(bound + 1, 12)
    return seat_with(s, seat, commodities=tuple(com))


def commodity_over_cap(s: GameState, rng: R) -> GameState | None:
    seat = rng.randrange(s.n_players)
    com = list(s.players[seat].commodities)
    com[rng.randrange(3)] = rng.randint(13, 15)
    return seat_with(s, seat, commodities=tuple(com))


def bead_above_arrivals(s: GameState, rng: R) -> GameState | None:
    rise = dict.fromkeys(COMMODITIES, 0)
    for ship in set(STARS) - set(s.ship_deck):
        commodity, steps = SHIP_ARRIVAL[ship]
        rise[commodity] += steps
    options = [c for c, name in enumerate(COMMODITIES) if START + rise[name] + 1 < len(TRACK)]
    if not options:
        return None
    c = rng.choice(options)
    market = list(s.market)
    market[c] = rng.randint(START + rise[COMMODITIES[c]] + 1, len(TRACK) - 1)
    return attrs.evolve(s, market=(market[0], market[1], market[2]))


def bead_down_without_purchase(s: GameState, rng: R) -> GameState | None:
    if any(p.ships for p in s.players) or START == 0:
        return None
    market = list(s.market)
    market[rng.randrange(3)] = rng.randint(0, START - 1)
    return attrs.evolve(s, market=(market[0], market[1], market[2]))


# --------------------------------------------------------------------------- phase


def window_flag_flipped(s: GameState, rng: R) -> GameState | None:
    return attrs.evolve(s, window_done=not s.window_done)


def passes_while_resolving(s: GameState, rng: R) -> GameState | None:
    return attrs.evolve(s, passes=rng.randint(1, 2)) if s.placed >= 0 else None


def _able(s: GameState) -> list[int]:
    return [x for x, p in enumerate(s.players) if p.houses_left + p.powerhouses_left]


def everyone_passed(s: GameState, rng: R) -> GameState | None:
    if s.phase != Phase.PLACE:
        return None
    return attrs.evolve(s, passes=rng.randint(len(_able(s)), s.n_players))


def pass_with_a_placement(s: GameState, rng: R) -> GameState | None:
    able = _able(s)
    if s.phase != Phase.PLACE or s.passes or s.solo is not None or s.turn_seat not in able or len(able) < 2:
        return None
    before = able[able.index(s.turn_seat) - 1]
    asked = attrs.evolve(s, seat=before, turn_seat=before)
    if not any(isinstance(a, Place) for a in legal_actions(asked)):
        return None
    return attrs.evolve(s, passes=1)


def first_turn_moved(s: GameState, rng: R) -> GameState | None:
    if s.phase != Phase.PLACE or s.placements or s.passes or s.solo is not None:
        return None
    seat = (s.turn_seat + rng.randint(1, s.n_players - 1)) % s.n_players
    return attrs.evolve(s, seat=seat, turn_seat=seat)


def setup_turn_moved(s: GameState, rng: R) -> GameState | None:
    if s.phase != Phase.SETUP_BONUS:
        return None
    return attrs.evolve(s, turn_seat=(s.turn_seat + rng.randint(1, s.n_players - 1)) % s.n_players)


def placements_miscounted(s: GameState, rng: R) -> GameState | None:
    return attrs.evolve(s, placements=max(0, s.placements + rng.choice((-1, 1, 2))))


def solo_round_moved(s: GameState, rng: R) -> GameState | None:
    if s.solo is None:
        return None
    r = s.solo.round + rng.choice([d for d in (-1, 1) if 1 <= s.solo.round + d <= 9] or [0])
    return attrs.evolve(s, solo=attrs.evolve(s.solo, round=r))


def hexes_ordered_needlessly(s: GameState, rng: R) -> GameState | None:
    """ACT-5: asked to order the new house's hexes when no order can change the outcome."""
    if s.phase != Phase.PLACE or s.chance is not None:
        return None
    seat = s.turn_seat
    fish = s.players[seat].resources[FISH]
    spots = [BOARD.spot_index[a.spot] for a in legal_actions(s) if isinstance(a, Place) and not a.trades]
    spots = [x for x in spots if not a_place_is_power(s, x)]
    rng.shuffle(spots)
    for spot in spots:
        hexes = BOARD.spot_hexes[spot]
        if not any(order_matters(hexes, f, len(s.bonus_deck)) for f in range(fish, fish + 12)):
            houses = list(s.houses)
            houses[spot] = seat
            mutant = seat_with(s, seat, houses_left=s.players[seat].houses_left - 1)
            return attrs.evolve(mutant, houses=tuple(houses), placed=spot, pending_hexes=hexes, phase=Phase.ORDER)
    return None


def a_place_is_power(s: GameState, spot: int) -> bool:
    return s.players[s.turn_seat].houses_left < 1


# --------------------------------------------------------------------------- solo


def _solo(s: GameState, **change: Any) -> GameState | None:
    return None if s.solo is None else attrs.evolve(s, solo=attrs.evolve(s.solo, **change))


def bots_elsewhere(s: GameState, rng: R) -> GameState | None:
    return _solo(s, bot_seats=rng.choice(((2, 1), (0, 2), (0, 1))))


def another_opens_the_rounds(s: GameState, rng: R) -> GameState | None:
    return None if s.solo is None else attrs.evolve(s, start_seat=(s.start_seat + rng.randint(1, 2)) % 3)


def opening_house_moved(s: GameState, rng: R) -> GameState | None:
    if s.solo is None:
        return None
    spot = rng.choice(sorted(OPENING))
    targets = [x for x, h in enumerate(s.houses) if h == EMPTY and GAINS[x] == GAINS[spot]]
    if not targets:
        return None
    houses = list(s.houses)
    houses[rng.choice(targets)], houses[spot] = houses[spot], EMPTY
    return attrs.evolve(s, houses=tuple(houses))


def _built(s: GameState, seat: int, card: str) -> bool:
    return any(s.houses[x] == seat for x in PATRICIAN[card])


def bot_cards_swapped(s: GameState, rng: R) -> GameState | None:
    if s.solo is None:
        return None
    a, (ca, cb) = s.solo.bot_seats[0], s.solo.bot_cards
    mine = [c for c in ca if _built(s, a, c)]
    if not mine or not cb:
        return None
    x, y = rng.choice(mine), rng.choice(cb)
    swapped = (tuple(y if c == x else c for c in ca), tuple(x if c == y else c for c in cb))
    return _solo(s, bot_cards=swapped)


def bot_holds_an_undealt_card(s: GameState, rng: R) -> GameState | None:
    if s.solo is None:
        return None
    held = {c for cards in s.solo.bot_cards for c in cards}
    undealt = [
        c for c, spots in PATRICIAN.items() if c not in held and all(s.houses[x] not in (RESERVED, 1, 2) for x in spots)
    ]
    k = rng.randrange(2)
    if not undealt or not s.solo.bot_cards[k]:
        return None
    cards = list(s.solo.bot_cards)
    cards[k] = (*cards[k][1:], rng.choice(undealt))
    return _solo(s, bot_cards=tuple(cards))


def reserved_spot_added(s: GameState, rng: R) -> GameState | None:
    if s.solo is None:
        return None
    held = {x for cards in s.solo.bot_cards for c in cards for x in PATRICIAN[c]}
    free = [x for x, h in enumerate(s.houses) if h == EMPTY and x not in held]
    if not free:
        return None
    houses = list(s.houses)
    houses[rng.choice(free)] = RESERVED
    return attrs.evolve(s, houses=tuple(houses))


def reserved_spot_freed(s: GameState, rng: R) -> GameState | None:
    reserved = [x for x, h in enumerate(s.houses) if h == RESERVED]
    if not reserved:
        return None
    houses = list(s.houses)
    houses[rng.choice(reserved)] = EMPTY
    return attrs.evolve(s, houses=tuple(houses))


def bot_house_off_its_cards(s: GameState, rng: R) -> GameState | None:
    if s.solo is None:
        return None
    seat = rng.choice(s.solo.bot_seats)
    return moved(s, seat, rng, lambda m, spot: spot not in CARD_SPOTS)


def bot_card_dropped_open(s: GameState, rng: R) -> GameState | None:
    if s.solo is None:
        return None
    k = rng.randrange(2)
    cards = s.solo.bot_cards[k]
    open_cards = [c for c in cards if any(s.houses[x] == RESERVED for x in PATRICIAN[c])]
    if not open_cards:
        return None
    dropped = rng.choice(open_cards)
    bot_cards = list(s.solo.bot_cards)
    bot_cards[k] = tuple(c for c in cards if c != dropped)
    return _solo(s, bot_cards=tuple(bot_cards))


def bot_trades_in_play(s: GameState, rng: R) -> GameState | None:
    if s.solo is None or s.phase == Phase.OVER:
        return None
    seat = any_seat(s, rng, lambda x: s.players[x].resources[FISH] >= 2, list(s.solo.bot_seats))
    return None if seat is None else res_with(s, seat, fish=-2, wood=1, fish_traded=2)


def rector_pair_lost(s: GameState, rng: R) -> GameState | None:
    if s.solo is None or not any(s.solo.bot_pairs):
        return None
    k = rng.choice([i for i, pairs in enumerate(s.solo.bot_pairs) if pairs])
    pairs = list(s.solo.bot_pairs)
    pairs[k] = pairs[k][:-1]
    return _solo(s, bot_pairs=tuple(pairs))


# --------------------------------------------------------------------------- game over


def _over(s: GameState) -> bool:
    return s.phase == Phase.OVER


def walls_scored_otherwise(s: GameState, rng: R) -> GameState | None:
    if not _over(s):
        return None
    seat = rng.randrange(s.n_players)
    vp = s.players[seat].vp[VP_WALLS]
    return vp_with(s, seat, VP_WALLS, vp + rng.choice([d for d in (-1, 1, 2) if vp + d >= 0]))


def cathedral_scored_otherwise(s: GameState, rng: R) -> GameState | None:
    if not _over(s):
        return None
    seat = rng.randrange(s.n_players)
    return vp_with(s, seat, VP_CATHEDRAL, s.players[seat].vp[VP_CATHEDRAL] + rng.randint(1, 3))


def bonus_scored_otherwise(s: GameState, rng: R) -> GameState | None:
    seat = rng.randrange(s.n_players)
    p = s.players[seat]
    if not _over(s) or not p.bonus_vp:
        return None
    i = rng.randrange(len(p.bonus_vp))
    scored = tuple(v + 1 if j == i else v for j, v in enumerate(p.bonus_vp))
    return vp_with(seat_with(s, seat, bonus_vp=scored), seat, VP_BONUS, p.vp[VP_BONUS] + 1)


def bot_end_trades_changed(s: GameState, rng: R) -> GameState | None:
    if s.solo is None or not _over(s):
        return None
    seat = rng.choice(s.solo.bot_seats)
    p = s.players[seat]
    bought = [r for r in range(1, 6) if p.resources[r] > gained(s, seat)[r]]
    if bought:
        r = rng.choice(bought)
        cost = {"wood": 2, "stone": 3, "silver_ore": 4, "grapes": 2, "olives": 2}[RESOURCES[r]]
        return res_with(s, seat, **{RESOURCES[r]: -1, "fish": cost, "fish_traded": -cost})
    if p.resources[FISH] >= 2:
        return res_with(s, seat, fish=-2, wood=1, fish_traded=2)
    return None


def passes_after_the_last_house(s: GameState, rng: R) -> GameState | None:
    if s.phase not in (Phase.OVER, Phase.END_TRADE) or _able(s):
        return None
    return attrs.evolve(s, passes=rng.randint(1, 2))


def end_trade_skips_a_seat(s: GameState, rng: R) -> GameState | None:
    if s.phase != Phase.END_TRADE or len(s.end_seats) < 2:
        return None
    return attrs.evolve(s, end_seats=s.end_seats[:1] + s.end_seats[2:])


# --------------------------------------------------------------------------- bookkeeping
# Each count stays as it was (pieces, resources, cards, VP): one piece of the activation's or the
# end's bookkeeping moves.

#: the decision a new house's activation of a city hex opens first, by building: its own, or the
#: trade window before a building that reads a resource (FISH-2)
DECISION_PHASE = {
    "mason": Phase.MASON,
    "architect": Phase.ARCHITECT,
    "rectors-palace": Phase.RECTOR_DRAW,
    **dict.fromkeys(("winery", "oil-press", "silversmith", "fishmonger"), Phase.TRADE_WINDOW),
}


def clockwise(s: GameState, h: int) -> tuple[int, ...]:
    """The houses (and powerhouses) on city hex `h`, clockwise from the new house (ACT-3)."""
    ring = BOARD.hex_spots[h]
    i = ring.index(s.placed)
    return tuple(x for x in ring[i:] + ring[:i] if s.houses[x] >= 0 or s.houses[x] == POWERHOUSE)


def _activating(s: GameState) -> bool:
    """A house on the current city hex is activating (a queue is only kept while one does)."""
    return s.placed >= 0 and s.current_hex >= 0 and bool(s.queue)


def queue_reordered(s: GameState, rng: R) -> GameState | None:
    if not _activating(s) or len(s.queue) < 2:
        return None
    order = list(s.queue)
    while order == list(s.queue):
        rng.shuffle(order)
    return attrs.evolve(s, queue=tuple(order))


def queue_skips_a_house(s: GameState, rng: R) -> GameState | None:
    if not _activating(s) or len(s.queue) < 3:
        return None
    i = rng.randrange(1, len(s.queue) - 1)
    return attrs.evolve(s, queue=s.queue[:i] + s.queue[i + 1 :])


def decision_to_another_house(s: GameState, rng: R) -> GameState | None:
    """The decision handed to the owner of a house still queued on the hex, that house put at the
    queue's head (a house already activated is not: its turn may have left no trace)."""
    if not _activating(s) or s.placed_power:
        return None
    here = [x for x in s.queue[1:] if s.houses[x] >= 0 and s.houses[x] != s.seat]
    if not here:
        return None
    x = rng.choice(here)
    return attrs.evolve(s, queue=(x, *(q for q in s.queue if q != x)), seat=s.houses[x])


def rector_queues_another_house(s: GameState, rng: R) -> GameState | None:
    if not _activating(s) or s.current_hex not in (HEX["rectors-palace"], HEX["cathedral"]):
        return None
    others = [x for x in BOARD.hex_spots[s.current_hex] if s.houses[x] == s.turn_seat and x != s.placed]
    return attrs.evolve(s, queue=(rng.choice(others),)) if others else None


def hexes_to_come_reordered(s: GameState, rng: R) -> GameState | None:
    if s.placed < 0 or len(s.pending_hexes) < 2:
        return None
    return attrs.evolve(s, pending_hexes=tuple(reversed(s.pending_hexes)))


def hex_started_out_of_order(s: GameState, rng: R) -> GameState | None:
    """A later city hex of the spot started first (its first decision open: a Mason or an Architect
    with a choice, the Rector's draw, a trade window for a seat with fish), while the current one
    waits, when no order of the hexes left could change the outcome."""
    if not _activating(s) or s.queue != clockwise(s, s.current_hex) or s.placed_power:
        return None
    hexes = BOARD.spot_hexes[s.placed]
    left = tuple(h for h in hexes if h == s.current_hex or h in s.pending_hexes)
    fish = s.players[s.turn_seat].resources[FISH]
    if any(order_matters(left, f, len(s.bonus_deck) + len(s.rector_hand)) for f in range(fish, fish + 12)):
        return None
    p = s.players[s.turn_seat]
    can = {
        "mason": EMPTY in s.walls,
        "architect": p.towers_left > 0 and any(s.towers[x] == EMPTY for x in BOARD.tower_spots),
        "rectors-palace": bool(s.bonus_deck or s.rector_hand),
        **dict.fromkeys(("winery", "oil-press", "silversmith", "fishmonger"), fish >= 2),
    }
    later = [h for h in s.pending_hexes if hexes.index(h) > hexes.index(s.current_hex)]
    later = [h for h in later if BOARD.hex_kind[h] == KIND_CITY and can.get(BUILDING_OF.get(h, ""), False)]
    if not later:
        return None
    h = rng.choice(later)
    pending = tuple(x for x in hexes if x != h and (x == s.current_hex or x in s.pending_hexes))
    moved_on = attrs.evolve(s, current_hex=h, pending_hexes=pending, rector_hand=())
    deck = s.rector_hand + s.bonus_deck if s.rector_hand else s.bonus_deck
    return attrs.evolve(
        moved_on,
        queue=clockwise(moved_on, h),
        phase=DECISION_PHASE[BUILDING_OF[h]],
        seat=s.turn_seat,
        window_done=True,
        bonus_deck=tuple(sorted(deck)) if s.chance is not None else deck,
    )


def nothing_started_yet_some_done(s: GameState, rng: R) -> GameState | None:
    if s.phase != Phase.ORDER or s.current_hex < 0:
        return None
    return attrs.evolve(s, current_hex=-1)


def ended_by_passes_with_a_placement(s: GameState, rng: R) -> GameState | None:
    """A game in play declared ended by passes (its last trades offered), while a seat with pieces
    has a legal placement."""
    if s.phase != Phase.PLACE or s.solo is not None or s.placements == 0:
        return None
    able = _able(s)
    if not any(isinstance(a, Place) for a in legal_actions(s)):
        return None
    order = [(s.start_seat + k) % s.n_players for k in range(s.n_players)]
    offered = tuple(x for x in order if s.players[x].resources[FISH] >= 2)
    if not offered:
        return None
    return attrs.evolve(s, phase=Phase.END_TRADE, seat=offered[0], end_seats=offered, passes=len(able))


def last_trade_turn_moved(s: GameState, rng: R) -> GameState | None:
    if s.phase != Phase.END_TRADE or len(s.end_seats) < 2:
        return None
    return attrs.evolve(s, seat=s.end_seats[1])


def last_trades_reordered(s: GameState, rng: R) -> GameState | None:
    if s.phase != Phase.END_TRADE or len(s.end_seats) < 2:
        return None
    return attrs.evolve(s, end_seats=tuple(reversed(s.end_seats)), seat=s.end_seats[-1])


def solo_ends_on_a_bot_turn(s: GameState, rng: R) -> GameState | None:
    if s.solo is None or s.phase not in (Phase.END_TRADE, Phase.OVER):
        return None
    return attrs.evolve(s, turn_seat=rng.choice(s.solo.bot_seats))


def _kind(family: str, make: Make, why: str) -> Kind:
    return Kind(family, make.__name__.replace("_", " "), why, make)


KINDS: tuple[Kind, ...] = (
    _kind("VP by source", mason_without_wall, "MASON-1: Mason VP come only with a wall"),
    _kind("VP by source", mason_above_five, "MASON-1: a wall scores at most 1 + 2 houses + 2 towers"),
    _kind("VP by source", mason_above_ends, "MASON-1: pieces at a wall's ends never leave"),
    _kind("VP by source", fishmonger_without_house, "FISHMONGER-1: no Fishmonger activation for the seat"),
    _kind("VP by source", fishmonger_few_fish, "FISHMONGER-1: 1 VP per 2 fish; the seat never had 2"),
    _kind("VP by source", wharf_without_house, "WHARF-1: no Wharf activation for the seat"),
    _kind("VP by source", wharf_beyond_sales, "WHARF-1: more VP than every activation selling at the top"),
    _kind("VP by source", ship_vp_not_stars, "MARKET-1: ship VP are the ships' stars"),
    _kind("VP by source", end_vp_in_play, "END-1: walls, Cathedral and bonus cards score at the end"),
    _kind("orphans", tower_without_architect, "ARCHITECT-1: no Architect activation for the seat"),
    _kind("orphans", towers_beyond_activations, "ARCHITECT-1: more towers than Architect activations"),
    _kind("orphans", wall_without_mason, "MASON-1: no Mason activation for the seat"),
    _kind("orphans", ship_without_market, "MARKET-1: no Market activation for the seat"),
    _kind("orphans", ships_beyond_activations, "MARKET-1: more ships than Market activations"),
    _kind("orphans", card_without_rector, "RECTOR-1: one bonus card from the setup, more only from the Rector"),
    _kind(
        "orphans",
        commodity_without_producer,
        "WINERY-1, OILPRESS-1, SILVERSMITH-1: no activation of the producer for the seat",
    ),
    _kind("requirements", house_beyond_wood, "BUILD-2: the last house on the hex needed this much wood"),
    _kind("requirements", house_beyond_stone, "BUILD-3: the last house on the hex needed this much stone"),
    _kind("requirements", house_at_producer_without_resource, "BUILD-7: 1 of the producer's resource"),
    _kind("requirements", house_at_fishmonger_without_fish, "BUILD-7: 2 fish at the Fishmonger"),
    _kind("requirements", house_at_market_without_producer, "BUILD-7, R-3: a commodity, or a producer here"),
    _kind("requirements", undo_needed_wood_trade, "BUILD-2: a house needed the wood that trade bought"),
    _kind("requirements", undo_needed_stone_trade, "BUILD-3: a house needed the stone that trade bought"),
    _kind("resources", fish_from_nowhere, "ACT-2, FISH-1: fish come from sea hexes, leave by trades"),
    _kind("resources", resource_from_nowhere, "RES-1, FISH-1: resources from houses or fish trades"),
    _kind("resources", fish_traded_for_nothing, "FISH-1: every trade buys a resource"),
    _kind(
        "resources",
        commodity_beyond_production,
        "WINERY-1, OILPRESS-1, SILVERSMITH-1: each activation makes the resource held",
    ),
    _kind("resources", commodity_over_cap, "RES-2: at most 12 of a commodity"),
    _kind("resources", bead_above_arrivals, "RES-3: a bead rises only by arriving ships"),
    _kind("resources", bead_down_without_purchase, "RES-3, MARKET-1: a bead falls only by a purchase"),
    _kind("phase", window_flag_flipped, "FISH-2: the window is offered as a city house activates"),
    _kind("phase", passes_while_resolving, "R-14: a placement resets the passes"),
    _kind("phase", everyone_passed, "R-14: the game ends when every seat with pieces passed"),
    _kind("phase", pass_with_a_placement, "R-14: a seat passes only without a legal placement"),
    _kind("phase", first_turn_moved, "SETUP-7: the start seat places first"),
    _kind("phase", setup_turn_moved, "SETUP-7: the first turn, the start seat's, follows the setup"),
    _kind("phase", placements_miscounted, "TURN-1: every placement is counted"),
    _kind("phase", solo_round_moved, "SOLO-3: each round, each colour one turn"),
    _kind("phase", hexes_ordered_needlessly, "ACT-5: the order is asked only when it can matter"),
    _kind("solo", bots_elsewhere, "SOLO-1: the bots are seats 1 and 2"),
    _kind("solo", another_opens_the_rounds, "SOLO-3: bot A opens each round (the human, going first)"),
    _kind("solo", opening_house_moved, "SOLO-1: the opening houses stand on their spots"),
    _kind("solo", bot_cards_swapped, "SOLO-4: a bot builds only on its own cards"),
    _kind("solo", bot_holds_an_undealt_card, "SOLO-2: a dealt card's spots are reserved"),
    _kind("solo", reserved_spot_added, "SOLO-2: only the dealt cards' spots are reserved"),
    _kind("solo", reserved_spot_freed, "SOLO-4: only the bot itself takes its reserved spot"),
    _kind("solo", bot_house_off_its_cards, "SOLO-4: a bot places only on its cards' spots"),
    _kind("solo", bot_card_dropped_open, "SOLO-2, SOLO-4: a card is discarded once all its spots are taken"),
    _kind("solo", bot_trades_in_play, "R-16: a bot never trades during play"),
    _kind("solo", rector_pair_lost, "SOLO-5: every card a bot drew is in a Rector pair"),
    _kind("game over", walls_scored_otherwise, "END-WALL-2: the walls score their longest stretch"),
    _kind("game over", cathedral_scored_otherwise, "END-CATH-1: the Cathedral scores its sets"),
    _kind("game over", bonus_scored_otherwise, "END-BONUS-1: each card scores what it counts"),
    _kind("game over", bot_end_trades_changed, "SOLO-7, R-16: a bot's end trades follow its rule"),
    _kind("game over", passes_after_the_last_house, "R-14: the last turn was a placement"),
    _kind("game over", end_trade_skips_a_seat, "END-2: every seat with fish is offered the last trade"),
    _kind("bookkeeping", queue_reordered, "ACT-3: a city hex activates its houses clockwise from the new one"),
    _kind("bookkeeping", queue_skips_a_house, "ACT-3: every house on the hex activates, in turn"),
    _kind("bookkeeping", decision_to_another_house, "ACT-3: the new house activates first, then clockwise"),
    _kind("bookkeeping", rector_queues_another_house, "ACT-4: only the new house activates the Rector's Palace"),
    _kind("bookkeeping", hexes_to_come_reordered, "ACT-5: the hexes to come keep the spot's order"),
    _kind("bookkeeping", hex_started_out_of_order, "ACT-5: the spot's order unless the order could matter"),
    _kind("bookkeeping", nothing_started_yet_some_done, "TURN-2, ACT-5: a hex is done only once one started"),
    _kind("bookkeeping", ended_by_passes_with_a_placement, "R-14: the game ends by passes only when none could place"),
    _kind("bookkeeping", last_trade_turn_moved, "END-2: the first seat of end_seats trades now"),
    _kind("bookkeeping", last_trades_reordered, "END-2: the last trades go in turn order from the start seat"),
    _kind("bookkeeping", solo_ends_on_a_bot_turn, "SOLO-7, SOLO-3: the solo game ends after the human's turn"),
)
