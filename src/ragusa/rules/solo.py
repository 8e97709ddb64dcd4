"""The solo game: the human against the Patrician's two bots (SOLO-1 to SOLO-8, ED-2, ED-3, R-12,
R-15 to R-22).

Seats: the human is seat 0 (:data:`HUMAN`), bot A seat 1 and bot B seat 2 (:data:`BOT_A`,
:data:`BOT_B`); ``GameState.solo`` (:class:`~ragusa.core.state.SoloState`) holds the bots' hidden
Patrician cards.

This module *decides* for the bots; the engine *executes*. Each ``choose_*`` function is a pure
function of a :class:`~ragusa.core.state.GameState` that returns a :class:`BotMove`: the action the bot
takes, the decision and the reason as text (the rule and the tie-break that decided, with the
numbers, so that a player can check it by hand), and the generator / solo state after a random
draw. :func:`ragusa.rules.engine` runs every bot decision through the same rule code as the human's
actions (placement without the requirement checks, SOLO-4) and reports it as a
:class:`~ragusa.core.events.BotDecision` event. Bots never appear as the deciding seat of a state the
library returns.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence

import attrs

from ragusa.core import rng
from ragusa.rules import scoring
from ragusa.core.actions import Action, ActivateHex, BuildTower, BuildWall, BuyShip, DrawBonus, Pass, Place, SellCommodity
from ragusa.core.board import BOARD, BUILDING_INDEX, KIND_CITY, RES_INDEX
from ragusa.rules.buildings import architect, market, mason
from ragusa.core.clauses import implements
from ragusa.core.components import COMMODITIES, COMPONENTS, RESOURCES, ComponentData
from ragusa.core.errors import ComponentDataError
from ragusa.core.events import Event
from ragusa.rules.fish import TRADE_COST
from ragusa.core.state import EMPTY, RESERVED, GameState, Options, Phase, PlayerState, SoloState

#: the human's seat
HUMAN = 0
#: bot A's and bot B's seats; bot A plays first (SOLO-3, ED-3, R-12)
BOT_A, BOT_B = 1, 2
BOT_SEATS: tuple[int, int] = (BOT_A, BOT_B)
#: SOLO-3: rounds in a solo game
ROUNDS = 9
#: SOLO-1: houses of each colour standing on the board before play
OPENING_HOUSES = 3
#: SOLO-2: Patrician cards drawn, and dealt to each bot
PATRICIAN_DRAWN = 6
PATRICIAN_PER_BOT = 3
#: SOLO-1: what each colour's opening houses give, as the rulebooks state it (checked against the data)
OPENING_RESOURCES: dict[str, dict[str, int]] = {
    "bot_a": {"wood": 3, "stone": 3, "silver_ore": 1, "grapes": 1, "olives": 1},
    "bot_b": {"wood": 3, "stone": 3, "silver_ore": 1, "grapes": 1, "olives": 1},
    "player": {"wood": 2, "stone": 3, "silver_ore": 2, "grapes": 1, "olives": 1},
}
#: colour key in ``solo_setup`` -> seat
COLOUR_SEAT: dict[str, int] = {"player": HUMAN, "bot_a": BOT_A, "bot_b": BOT_B}

#: Patrician card id -> its three spots (indices), lowest number first as the card lists them (R-19)
PATRICIAN: dict[str, tuple[int, ...]] = {
    c.id: tuple(BOARD.spot_index[s] for s in c.spots) for c in COMPONENTS.patrician_cards
}
#: R-15: after the country and sea hexes, a bot's new house activates its city hexes in this order
BOT_CITY_ORDER: tuple[str, ...] = (
    "winery",
    "oil-press",
    "silversmith",
    "fishmonger",
    "architect",
    "mason",
    "market",
    "wharf",
    "rectors-palace",
    "cathedral",
)
_CITY_RANK: dict[int, int] = {BUILDING_INDEX[b]: i for i, b in enumerate(BOT_CITY_ORDER)}
_RING_POS: dict[int, int] = {s: j for j, s in enumerate(BOARD.ring_spots)}
_TRACK = COMPONENTS.market.track
_START = BOARD.spot_ids[BOARD.ring_spots[0]]


@attrs.frozen
class BotMove:
    """A bot's decision: the action it takes, as text, why, and the generator and solo state after it."""

    seat: int
    action: Action
    decision: str
    reason: str
    rng: int
    solo: SoloState


@attrs.frozen
class EndTrades:
    """SOLO-7: the fish trades a bot makes just before the end scoring, and why."""

    seat: int
    trades: tuple[str, ...]
    decision: str
    reason: str


# --------------------------------------------------------------------------- setup


def _solo(state: GameState) -> SoloState:
    if state.solo is None:
        raise ValueError("not a solo game")
    return state.solo


def is_bot(state: GameState, seat: int | None) -> bool:
    """Whether ``seat`` is one of the Patrician's bots (never in multiplayer games)."""
    return state.solo is not None and seat is not None and seat in state.solo.bot_seats


@implements("SOLO-1")
def opening_resources(data: ComponentData, spots: Sequence[str]) -> tuple[int, int, int, int, int, int]:
    """What houses on ``spots`` give: 1 of each country and sea hex's resource around them."""
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
    """Raise :class:`ComponentDataError` unless the solo material fits the rulebooks.

    SOLO-1: each colour has 3 opening spots, all distinct, whose houses give exactly the resources the
    rulebooks state. SOLO-2/SOLO-4: at least 6 Patrician cards of 3 distinct spots each, no spot on two
    cards or on an opening spot, and 12 solo houses = 3 opening + 9 rounds (each bot plays its 3 cards'
    9 spots).
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


@implements("SOLO-3", "ED-3", "R-12", "R-22")
def first_seat(options: Options) -> int:
    """The seat that opens every round: bot A (then bot B, then the human) in both editions
    (2nd edition text; R-12 for the 1st); the human in the easier variant (SOLO-3), where the
    bots still place after the human's last house, so the game lasts 9 full rounds (R-22)."""
    return HUMAN if options.solo_human_first else BOT_A


@implements("SOLO-1", "SOLO-2", "SOLO-3", "SETUP-2", "SETUP-3", "SETUP-4", "SETUP-5", "ED-3", "R-12")
def new_solo_game(
    seed: int, edition: str = "2nd", options: Options | None = None, events: list[Event] | None = None
) -> GameState:
    """A new solo game from ``seed``, with the bots' turns before the human's first decision played.

    SOLO-1: every colour's 3 opening houses stand on their ``solo_setup`` spots and give their
    resources (nothing activates); each colour has 12 houses, so 9 are left, and 15 towers.
    SOLO-2: 6 of the 10 Patrician cards are drawn, their 18 spots reserved (black houses), then the 6
    are shuffled and 3 dealt to each bot; the bonus deck is shuffled and 1 card dealt to the human,
    then 1 to bot A and 1 to bot B; the ships are dealt as in SETUP-5. SOLO-3: bot A, bot B, then the
    human, 9 rounds (the human first in the easier variant). All randomness comes from the state's
    generator. If ``events`` is given, the events of the bots' turns before the human's first
    decision are appended to it (the setup itself reports nothing, as in :func:`ragusa.new_game`).
    """
    from ragusa.rules import engine  # the engine imports this module for the bots' decisions
    from ragusa.rules.setup import _blank, check_game_args, deal_ships
    from ragusa.core.work import Work

    options = check_game_args(edition, seed, options)
    check_solo_components(COMPONENTS)
    pieces = COMPONENTS.pieces
    base = _blank(len(COLOUR_SEAT), edition, options, seed)
    r = base.rng
    houses = list(base.houses)
    # SOLO-2: the Patrician's reserved spots and the bots' hidden cards
    drawn, r = rng.shuffled(r, [c.id for c in COMPONENTS.patrician_cards])
    chosen = drawn[:PATRICIAN_DRAWN]
    for card in chosen:
        for s in PATRICIAN[card]:
            houses[s] = RESERVED
    dealt, r = rng.shuffled(r, chosen)
    bot_cards = (dealt[:PATRICIAN_PER_BOT], dealt[PATRICIAN_PER_BOT : 2 * PATRICIAN_PER_BOT])
    # SOLO-1: the opening houses and what they give (they activate nothing)
    players: list[PlayerState] = [base.players[0]] * len(COLOUR_SEAT)
    for colour, seat in COLOUR_SEAT.items():
        spots = tuple(getattr(COMPONENTS.solo_setup, colour))
        for spot_id in spots:
            houses[BOARD.spot_index[spot_id]] = seat
        players[seat] = PlayerState(
            resources=opening_resources(COMPONENTS, spots),
            houses_left=pieces.houses["solo"] - len(spots),
            towers_left=pieces.towers_per_player,
        )
    # SOLO-2: one bonus card each: the human's face up, the bots' face down
    deck, r = rng.shuffled(r, [c.id for c in COMPONENTS.bonus_cards])
    for i, seat in enumerate((HUMAN, BOT_A, BOT_B)):
        players[seat] = attrs.evolve(players[seat], bonus_cards=(deck[i],))
    start = first_seat(options)
    state = attrs.evolve(
        base,
        rng=r,
        players=tuple(players),
        houses=tuple(houses),
        bonus_deck=deck[len(COLOUR_SEAT) :],
        start_seat=start,
        phase=Phase.PLACE,
        seat=start,
        turn_seat=start,
        solo=SoloState(bot_cards=bot_cards, bot_seats=BOT_SEATS, bot_pairs=((), ()), round=0),
    )
    w = Work(state)
    deal_ships(w)  # SETUP-5
    w.ev = events  # report the bots' opening turns, not the setup
    engine.start_play(w)
    return w.freeze()


# --------------------------------------------------------------------------- SOLO-4: placement


def _ids(spots: Sequence[int]) -> str:
    return ", ".join(BOARD.spot_ids[s] for s in spots)


@implements("SOLO-4", "R-19")
def choose_placement(state: GameState, seat: int) -> BotMove:
    """SOLO-4: draw one of the bot's cards at random; place on its lowest-numbered spot still free
    (a black house there is replaced); a card whose three spots are all taken is discarded and
    another drawn. No requirement is checked. With no card left (impossible with the standard
    cards, since only the bot itself can take its reserved spots) the bot passes (R-19, R-14)."""
    solo = _solo(state)
    k = solo.bot_seats.index(seat)
    cards = list(solo.bot_cards[k])
    r = state.rng
    notes: list[str] = []
    while cards:
        n = len(cards)
        i, r = rng.below(r, n)
        card = cards[i]
        spots = PATRICIAN[card]
        free = [s for s in spots if state.houses[s] in (EMPTY, RESERVED)]
        if not free:
            notes.append(f"drew {card} ({_ids(spots)}): all three spots taken, discarded")
            del cards[i]
            continue
        s = free[0]
        taken = [x for x in spots if x not in free]
        reason = (
            f"SOLO-4: drew {card} at random from its {n} card{'s' if n > 1 else ''}; of its spots {_ids(spots)}"
            + (f" ({_ids(taken)} taken)" if taken else "")
            + f", {BOARD.spot_ids[s]} is the lowest-numbered still free"
            + ("; it replaces the black house" if state.houses[s] == RESERVED else "")
        )
        if notes:
            reason = "; ".join(notes) + "; then " + reason
        return BotMove(
            seat,
            Place(BOARD.spot_ids[s]),
            f"place {BOARD.spot_ids[s]}",
            reason,
            r,
            _with_cards(solo, k, tuple(cards)),
        )
    reason = "; ".join(notes + ["SOLO-4: no Patrician card with a free spot is left, so the bot passes (R-19, R-14)"])
    return BotMove(seat, Pass(), "pass", reason, r, _with_cards(solo, k, ()))


def _with_cards(solo: SoloState, k: int, cards: tuple[str, ...]) -> SoloState:
    all_cards = tuple(cards if j == k else c for j, c in enumerate(solo.bot_cards))
    return attrs.evolve(solo, bot_cards=all_cards)


# --------------------------------------------------------------------------- order, trade windows


def _hex_rank(h: int) -> int:
    if BOARD.hex_kind[h] != KIND_CITY:
        return -1
    return _CITY_RANK[BOARD.hex_building[h]]


@implements("R-15", "ACT-5")
def choose_hex(state: GameState, seat: int) -> BotMove:
    """R-15: a bot activates its new house's country and sea hexes first, then its city hexes in
    the order of :data:`BOT_CITY_ORDER` (producers before what reads commodities, the Architect's
    tower before the Mason's wall, buying before selling)."""
    pending = state.pending_hexes
    h = min(pending, key=lambda x: (_hex_rank(x), pending.index(x)))
    hid = BOARD.hex_ids[h]
    order = ", ".join(b for b in BOT_CITY_ORDER)
    reason = (
        f"R-15: a bot activates country and sea hexes first, then city hexes in the order {order}; "
        f"of {', '.join(BOARD.hex_ids[x] for x in pending)}, {hid} comes first"
    )
    return BotMove(seat, ActivateHex(hid), f"activate {hid}", reason, state.rng, _solo(state))


@implements("R-16", "FISH-2")
def choose_window(state: GameState, seat: int) -> BotMove:
    """R-16: a bot never trades fish during play (only at the end, SOLO-7), so it passes a trade window."""
    reason = "R-16: a bot trades fish only at the end of the game (SOLO-7), never during play"
    return BotMove(seat, Pass(), "no trade", reason, state.rng, _solo(state))


# --------------------------------------------------------------------------- SOLO-5: Rector


@implements("SOLO-5", "R-4")
def choose_rector(state: GameState, seat: int) -> BotMove:
    """SOLO-5: a bot takes both cards face down and scores both (easier variant: kept as a pair,
    only the better card of the pair scores). With one card left in the deck it takes that (R-4)."""
    n = min(2, len(state.bonus_deck))
    if state.options.solo_easier_rector:
        why = "easier variant: it keeps them as a pair and only the better of the two scores at the end"
    else:
        why = "it scores both at the end"
    reason = f"SOLO-5 Rector's Palace: a bot takes the top {n} card{'s' if n > 1 else ''} face down; {why}"
    return BotMove(seat, DrawBonus(), f"take {n} bonus card{'s' if n > 1 else ''}", reason, state.rng, _solo(state))


# --------------------------------------------------------------------------- SOLO-5: Wharf and Market


def _com_text(com: Sequence[int]) -> str:
    return ", ".join(f"{com[c]} {COMMODITIES[c]}" for c in range(len(COMMODITIES)))


@implements("SOLO-5", "R-17")
def choose_sale(state: GameState, seat: int) -> BotMove:
    """SOLO-5 Wharf: sell the commodity with the highest market value; tie: the one held most of;
    still tied: silver, wine, oil in that order (R-17). Cathedral exception: with houses on the
    Cathedral and complete sets, only a commodity whose sale keeps every set the Cathedral would score
    now; when every sale would break one, the bot does not sell (R-17)."""
    p = state.players[seat]
    com = p.commodities
    held = [c for c in range(len(COMMODITIES)) if com[c] > 0]
    sets = scoring.cathedral_sets(state.houses, seat, com)
    notes = ""
    if sets:
        allowed = [c for c in held if com[c] > sets]
        kept = [COMMODITIES[c] for c in held if c not in allowed]
        notes = (
            f"Cathedral exception: it holds {_com_text(com)} and its Cathedral houses score {sets} set"
            f"{'s' if sets > 1 else ''}, so selling {' or '.join(kept)} would break one; "
            if kept
            else ""
        )
        held = allowed
    if not held:
        reason = f"SOLO-5 Wharf: {notes}no sale leaves its sets whole, so it does not sell (R-17)"
        return BotMove(seat, Pass(), "no sale", reason, state.rng, _solo(state))
    value = {c: _TRACK[state.market[c]] for c in held}
    top = max(value.values())
    tied = [c for c in held if value[c] == top]
    if len(tied) == 1:
        c = tied[0]
        why = f"{COMMODITIES[c]} has the highest market value, {top}"
    else:
        most = max(com[c] for c in tied)
        tied2 = [c for c in tied if com[c] == most]
        names = " and ".join(COMMODITIES[x] for x in tied)
        c = tied2[0]
        if len(tied2) == 1:
            why = f"{names} tie at market value {top}; it holds most {COMMODITIES[c]} ({most})"
        else:
            why = (
                f"{names} tie at market value {top}; {' and '.join(COMMODITIES[x] for x in tied2)} tie at "
                f"{most} held; {COMMODITIES[c]} comes first in the order silver, wine, oil (R-17)"
            )
    reason = f"SOLO-5 Wharf: {notes}{why}"
    return BotMove(seat, SellCommodity(COMMODITIES[c]), f"sell {COMMODITIES[c]}", reason, state.rng, _solo(state))


@implements("SOLO-5", "R-17")
def choose_ship(state: GameState, seat: int) -> BotMove:
    """SOLO-5 Market: buy the ship with the most stars it can pay for; tie: the one whose cost uses
    the commodity it holds most of (the largest holding among the commodities its cost names, R-17);
    tie: the leftmost. Cathedral exception as for the Wharf: no purchase that lowers the sets the
    Cathedral would score now; if every affordable ship would, the bot does not buy (R-17)."""
    com = state.players[seat].commodities
    slots = market.affordable_slots(state.slots, com)
    sets = scoring.cathedral_sets(state.houses, seat, com)
    notes = ""
    if sets:
        allowed = []
        for i in slots:
            ship = state.slots[i]
            assert ship is not None
            cost = market.COSTS[i, ship]
            after = [com[c] - cost[c] for c in range(len(COMMODITIES))]
            if scoring.cathedral_sets(state.houses, seat, after) >= sets:
                allowed.append(i)
        broken = [i for i in slots if i not in allowed]
        if broken:
            notes = (
                f"Cathedral exception: it holds {_com_text(com)} and its Cathedral houses score {sets} set"
                f"{'s' if sets > 1 else ''}; buying slot {', '.join(str(i) for i in broken)} would break one; "
            )
        slots = allowed
    if not slots:
        reason = f"SOLO-5 Market: {notes}no purchase leaves its sets whole, so it does not buy (R-17)"
        return BotMove(seat, Pass(), "no purchase", reason, state.rng, _solo(state))
    stars = {}
    for i in slots:
        ship = state.slots[i]
        assert ship is not None
        stars[i] = market.SHIPS[ship].stars
    top = max(stars.values())
    tied = [i for i in slots if stars[i] == top]

    def uses(i: int) -> int:
        ship = state.slots[i]
        assert ship is not None
        cost = market.COSTS[i, ship]
        return max(com[c] for c in range(len(COMMODITIES)) if cost[c])

    if len(tied) == 1:
        i = tied[0]
        why = f"slot {i} has the most stars it can pay for ({top})"
    else:
        most = max(uses(x) for x in tied)
        tied2 = [x for x in tied if uses(x) == most]
        i = tied2[0]
        listed = ", ".join(str(x) for x in tied)
        if len(tied2) == 1:
            why = f"slots {listed} tie at {top} stars; slot {i}'s cost uses the commodity it holds most of ({most})"
        else:
            why = (
                f"slots {listed} tie at {top} stars and slots {', '.join(str(x) for x in tied2)} on the commodity "
                f"held most ({most}); slot {i} is the leftmost"
            )
    ship = state.slots[i]
    reason = f"SOLO-5 Market: {notes}{why}"
    return BotMove(seat, BuyShip(i), f"buy slot {i} ({ship})", reason, state.rng, _solo(state))


# --------------------------------------------------------------------------- SOLO-5: Mason and Architect


def _longest_with_wall(state: GameState, seat: int, segment: int) -> tuple[int, int]:
    walls = list(state.walls)
    walls[segment] = seat
    return scoring.longest_stretch(attrs.evolve(state, walls=tuple(walls)), seat)


def _longest_with_tower(state: GameState, seat: int, spot: int) -> tuple[int, int]:
    towers = list(state.towers)
    towers[spot] = seat
    return scoring.longest_stretch(attrs.evolve(state, towers=tuple(towers)), seat)


@implements("SOLO-5", "R-18")
def choose_wall(state: GameState, seat: int) -> BotMove:
    """SOLO-5 Mason: the free segment that scores most for the bot now (MASON-1); tie: the one after
    which its longest wall stretch (END-WALL-1) has the most segments (R-18); tie: the first clockwise
    from the Silversmith's top corner (``wall_ring.start``)."""
    free = mason.free_segments(state.walls)
    vp = {i: mason.mason_vp(state.houses, state.towers, seat, i) for i in free}
    top = max(vp.values())
    tied = [i for i in free if vp[i] == top]
    if len(tied) == 1:
        i = tied[0]
        why = f"{BOARD.wall_ids[i]} scores most now, {top} VP (1 + {top - 1} own houses/towers at its ends)"
    else:
        length = {x: _longest_with_wall(state, seat, x)[0] for x in tied}
        best = max(length.values())
        tied2 = [x for x in tied if length[x] == best]
        i = tied2[0]
        names = ", ".join(BOARD.wall_ids[x] for x in tied)
        if len(tied2) == 1:
            why = (
                f"{names} tie at {top} VP; {BOARD.wall_ids[i]} makes its longest wall {best} segments "
                f"(the others at most {max(length[x] for x in tied if x != i)})"
            )
        else:
            why = (
                f"{names} tie at {top} VP; {', '.join(BOARD.wall_ids[x] for x in tied2)} each make its longest "
                f"wall {best} segment{'s' if best != 1 else ''}; {BOARD.wall_ids[i]} is the first clockwise "
                f"from {_START} (the Silversmith's top corner)"
            )
    reason = f"SOLO-5 Mason: {why}"
    return BotMove(seat, BuildWall(BOARD.wall_ids[i]), f"build wall {BOARD.wall_ids[i]}", reason, state.rng, _solo(state))


@attrs.frozen
class Stretch:
    """A potential wall stretch of a seat, supposing every segment is built (SOLO-5 Architect):
    its segments, the spots inside it, and the blocked spots at its ends."""

    segments: int
    inner: tuple[int, ...]
    ends: tuple[int, ...]


@implements("SOLO-5", "R-18")
def potential_stretches(state: GameState, seat: int) -> list[Stretch]:
    """The seat's potential stretches, longest first (ring order on ties), supposing every segment is
    built: runs of spots passable for it (empty, or its house or tower, END-WALL-1) between two
    blocked spots (another colour's or a black house, another colour's tower). With no blocked spot
    the whole ring is one stretch with no ends; with one, a stretch of every segment begins and ends there."""
    ring = BOARD.ring_spots
    n = len(ring)
    blocked = [j for j in range(n) if not scoring.passable(state, seat, ring[j])]
    if not blocked:
        return [Stretch(n, ring, ())]
    out: list[Stretch] = []
    m = len(blocked)
    for k in range(m):
        a = blocked[k]
        b = blocked[(k + 1) % m]
        gap = (b - a) % n or n
        inner = tuple(ring[(a + d) % n] for d in range(1, gap))
        ends = (ring[a],) if a == b else (ring[a], ring[b])
        out.append(Stretch(gap, inner, ends))
    out.sort(key=lambda st: -st.segments)
    return out


def _spot_text(state: GameState, s: int) -> str:
    h = state.houses[s]
    if h == RESERVED:
        what = "a black house"
    elif h == EMPTY:
        what = "no house"
    else:
        what = f"seat {h}'s house"
    if state.towers[s] != EMPTY:
        what += f", seat {state.towers[s]}'s tower"
    return f"{BOARD.spot_ids[s]} ({what})"


def _stretch_text(st: Stretch) -> str:
    if not st.ends:
        return f"the whole ring ({st.segments} segments)"
    a, b = st.ends[0], st.ends[-1]
    return f"{st.segments} segment{'s' if st.segments != 1 else ''} from {BOARD.spot_ids[a]} to {BOARD.spot_ids[b]}"


def _tower_tiebreak(state: GameState, seat: int, cands: Sequence[int]) -> tuple[int, str]:
    """Ties as for the Mason (R-18): the most wall VP now with the tower (END-WALL-2 of its longest
    stretch), then the longest stretch, then the first clockwise from ``wall_ring.start``."""
    if len(cands) == 1:
        return cands[0], ""
    after = {s: _longest_with_tower(state, seat, s) for s in cands}
    top_vp = max(v[1] for v in after.values())
    tied = [s for s in cands if after[s][1] == top_vp]
    names = ", ".join(BOARD.spot_ids[s] for s in cands)
    if len(tied) == 1:
        return tied[0], f"; tie among {names}: {BOARD.spot_ids[tied[0]]} gives its longest wall most VP now ({top_vp})"
    top_len = max(after[s][0] for s in tied)
    tied2 = [s for s in tied if after[s][0] == top_len]
    if len(tied2) == 1:
        return tied2[0], (
            f"; tie among {names} at {top_vp} wall VP now: {BOARD.spot_ids[tied2[0]]} makes its longest wall "
            f"longest ({top_len} segments)"
        )
    first = min(tied2, key=lambda s: _RING_POS.get(s, len(_RING_POS) + s))
    return first, (
        f"; tie among {names} ({top_vp} wall VP now, longest wall {top_len} segments): {BOARD.spot_ids[first]} "
        f"is the first clockwise from {_START}"
    )


@implements("SOLO-5", "ED-2", "R-18")
def choose_tower(state: GameState, seat: int) -> BotMove:
    """SOLO-5 Architect, supposing every segment will be built (:func:`potential_stretches`).

    2nd edition: a tower on an end spot of the longest potential stretch extends it (the end spot
    holds another colour's or a black house: ED-2's "a spot with a house"); if both ends already have
    a tower, the next longest stretch, and so on. 1st edition (ED-2 "where possible, a spot with no
    house", R-18): first a spot with no house inside the longest stretch, else one of its ends, else
    the next stretch. Failing all stretches: an empty tower spot (no house), else any free tower spot.
    Ties as for the Mason (:func:`_tower_tiebreak`).
    """
    free = set(architect.free_tower_spots(state.towers))
    houses = state.houses
    first_ed = state.edition == "1st"
    label = "1st ed." if first_ed else "2nd ed."
    stretches = potential_stretches(state, seat)
    skipped: list[str] = []
    for length, group_iter in itertools.groupby(stretches, key=lambda st: st.segments):
        group = list(group_iter)
        ends = list(dict.fromkeys(e for st in group for e in st.ends if e in free))
        inner = [x for st in group for x in st.inner if x in free and houses[x] == EMPTY]
        desc = "; ".join(_stretch_text(st) for st in group)
        if first_ed and inner:
            s, tie = _tower_tiebreak(state, seat, inner)
            why = (
                f"its longest potential stretch ({desc}) has a free spot with no house inside, preferred in the "
                f"1st edition (ED-2): {BOARD.spot_ids[s]}{tie}"
            )
        elif ends:
            s, tie = _tower_tiebreak(state, seat, ends)
            pref = " (a spot with a house, preferred in the 2nd edition, ED-2)" if not first_ed else ""
            why = f"a tower on {_spot_text(state, s)} extends its potential stretch ({desc}){pref}{tie}"
        else:
            ends_all = list(dict.fromkeys(e for st in group for e in st.ends))
            skipped.append(
                f"{desc}: " + (f"ends {', '.join(BOARD.spot_ids[e] for e in ends_all)} already have towers" if ends_all else "no ends")
            )
            continue
        if skipped:
            why = f"longer stretches cannot be extended ({'; '.join(skipped)}); " + why
        reason = f"SOLO-5 Architect ({label}, all segments supposed built): {why}"
        return BotMove(seat, BuildTower(BOARD.spot_ids[s]), f"build tower {BOARD.spot_ids[s]}", reason, state.rng, _solo(state))
    empty = sorted(x for x in free if houses[x] == EMPTY)
    pool = empty or sorted(free)
    s, tie = _tower_tiebreak(state, seat, pool)
    kind = "an empty tower spot" if empty else "a free tower spot (none is empty)"
    reason = (
        f"SOLO-5 Architect ({label}): no stretch can be extended ({'; '.join(skipped)}); {kind}, "
        f"{BOARD.spot_ids[s]}{tie}"
    )
    return BotMove(seat, BuildTower(BOARD.spot_ids[s]), f"build tower {BOARD.spot_ids[s]}", reason, state.rng, _solo(state))


# --------------------------------------------------------------------------- dispatch


@implements("SOLO-4", "SOLO-5", "R-15", "R-16")
def decide(state: GameState) -> BotMove:
    """The decision of the bot that is the deciding seat of ``state``."""
    seat = state.seat
    if seat is None or not is_bot(state, seat):
        raise ValueError("the deciding seat is not a bot")
    choose = _DECIDERS.get(state.phase)
    if choose is None:
        raise ValueError(f"a bot has no decision in phase {state.phase!r}")
    return choose(state, seat)


#: how a bot decides, per phase
_DECIDERS: dict[str, Callable[[GameState, int], BotMove]] = {
    Phase.PLACE: choose_placement,
    Phase.ORDER: choose_hex,
    Phase.TRADE_WINDOW: choose_window,
    Phase.MASON: choose_wall,
    Phase.ARCHITECT: choose_tower,
    Phase.MARKET: choose_ship,
    Phase.WHARF: choose_sale,
    Phase.RECTOR_DRAW: choose_rector,
}


# --------------------------------------------------------------------------- SOLO-7: the end


_CARDS = {c.id: c for c in COMPONENTS.bonus_cards}
_FISH = RES_INDEX["fish"]


def _pair_losers(state: GameState, seat: int, values: Sequence[int]) -> dict[int, int]:
    """Easier variant (SOLO-5): card index -> index of its pair's better card, for cards that do not score."""
    solo = state.solo
    if solo is None or not state.options.solo_easier_rector or seat not in solo.bot_seats:
        return {}
    cards = state.players[seat].bonus_cards
    out: dict[int, int] = {}
    for pair in solo.bot_pairs[solo.bot_seats.index(seat)]:
        idx = [cards.index(c) for c in pair if c in cards]
        if not idx:
            continue
        best = max(idx, key=lambda i: (values[i], -i))
        for i in idx:
            if i != best:
                out[i] = best
    return out


@implements("SOLO-5", "SOLO-7", "END-BONUS-1")
def bonus_scores(state: GameState, seat: int) -> tuple[tuple[int, str], ...]:
    """(VP, reason) for each of ``seat``'s bonus cards at the end (END-BONUS-1, all cards: SOLO-7).
    Easier variant: of each pair a bot took at the Rector's Palace only the better card scores
    (the first drawn on a tie); the other scores 0 (SOLO-5)."""
    cards = state.players[seat].bonus_cards
    values = [scoring.bonus_card_score(state, seat, c) for c in cards]
    losers = _pair_losers(state, seat, values)
    out = []
    for i, c in enumerate(cards):
        if i in losers:
            b = losers[i]
            out.append(
                (0, f"bonus card {c}: easier variant (SOLO-5), its Rector pair's better card {cards[b]} scores {values[b]}")
            )
        else:
            out.append((values[i], f"bonus card {c}"))
    return tuple(out)


def _bonus_total_after(state: GameState, seat: int, trades: dict[int, int]) -> int:
    """What ``seat``'s bonus cards score (:func:`bonus_scores`) after buying ``trades`` (resource
    index -> units) with fish at the FISH-1 rates."""
    p = state.players[seat]
    res = list(p.resources)
    for r, n in trades.items():
        res[r] += n
        res[_FISH] -= n * TRADE_COST[RESOURCES[r]]
    after = attrs.evolve(p, resources=(res[0], res[1], res[2], res[3], res[4], res[5]))
    players = tuple(after if i == seat else q for i, q in enumerate(state.players))
    return sum(vp for vp, _ in bonus_scores(attrs.evolve(state, players=players), seat))


@implements("SOLO-7", "R-16")
def choose_end_trades(state: GameState, seat: int) -> EndTrades:
    """SOLO-7: just before the scoring, a bot without the fish card but with resource bonus cards
    trades its fish (FISH-1) in the way that scores most for its bonus cards (as END-BONUS-1 scores
    them; in the easier variant only the better card of each pair counts). Ties: fewest fish spent,
    then more of the earlier resource in the order wood, stone, silver ore, grapes, olives (R-16)."""
    p = state.players[seat]
    fish = p.resources[_FISH]
    cards = [_CARDS[c] for c in p.bonus_cards]
    fish_card = next((c.id for c in cards if c.kind == "per_resource" and c.resource == "fish"), None)
    if fish_card is not None:
        return EndTrades(seat, (), "no trade", f"SOLO-7: it holds the fish card ({fish_card}), so it keeps its {fish} fish")
    res_cards = [c for c in cards if c.kind == "per_resource"]
    if not res_cards:
        return EndTrades(seat, (), "no trade", "SOLO-7: it holds no resource bonus card, so it keeps its fish")
    wanted = sorted({RES_INDEX[c.resource] for c in res_cards if c.resource is not None})
    ranges = [range(fish // TRADE_COST[RESOURCES[r]] + 1) for r in wanted]
    base = _bonus_total_after(state, seat, {})
    best_key: tuple[int, int, tuple[int, ...]] | None = None
    best_counts: tuple[int, ...] = tuple(0 for _ in wanted)
    for counts in itertools.product(*ranges):
        spent = sum(n * TRADE_COST[RESOURCES[r]] for r, n in zip(wanted, counts))
        if spent > fish:
            continue
        key = (_bonus_total_after(state, seat, dict(zip(wanted, counts))), -spent, counts)
        if best_key is None or key > best_key:
            best_key = key
            best_counts = counts
    assert best_key is not None
    card_text = ", ".join(f"{c.id} ({scoring.card_vp(c.id, state.edition)} VP each)" for c in res_cards)
    if best_key[0] <= base:
        return EndTrades(
            seat,
            (),
            "no trade",
            f"SOLO-7: no trade of its {fish} fish raises what its resource cards {card_text} score ({base} VP)",
        )
    trades: list[str] = []
    parts: list[str] = []
    for r, n in zip(wanted, best_counts):
        if n:
            trades.extend([RESOURCES[r]] * n)
            parts.append(f"{n} {RESOURCES[r].replace('_', ' ')} ({n * TRADE_COST[RESOURCES[r]]} fish)")
    reason = (
        f"SOLO-7: no fish card; with {fish} fish and resource cards {card_text}, trading for "
        f"{' + '.join(parts)} scores most: bonus cards {base} -> {best_key[0]} VP (+{best_key[0] - base})"
    )
    decision = "trade fish for " + ", ".join(trades)
    return EndTrades(seat, tuple(trades), decision, reason)


@implements("SOLO-7", "WIN-1", "R-7", "R-20")
def solo_result(state: GameState) -> str:
    """A line saying how the human fares against each bot (SOLO-7: strictly more VP than each)."""
    solo = _solo(state)
    totals = [p.total_vp for p in state.players]
    human = totals[HUMAN]
    parts = []
    for k, b in enumerate(solo.bot_seats):
        rel = "beats" if human > totals[b] else ("ties" if human == totals[b] else "loses to")
        parts.append(f"{rel} bot {'AB'[k]} (seat {b}, {totals[b]} VP)")
    verdict = "the human wins" if all(human > totals[b] for b in solo.bot_seats) else "the Patrician wins"
    return f"human (seat {HUMAN}, {human} VP) " + " and ".join(parts) + f": {verdict}"


__all__ = [
    "BOT_A",
    "BOT_B",
    "BOT_SEATS",
    "HUMAN",
    "BotMove",
    "EndTrades",
    "Stretch",
    "bonus_scores",
    "check_solo_components",
    "choose_end_trades",
    "choose_hex",
    "choose_placement",
    "choose_rector",
    "choose_sale",
    "choose_ship",
    "choose_tower",
    "choose_wall",
    "choose_window",
    "decide",
    "first_seat",
    "is_bot",
    "new_solo_game",
    "opening_resources",
    "potential_stretches",
    "solo_result",
]
