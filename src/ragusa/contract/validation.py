"""Consistency checks of a game state read from JSON, beyond what the schema can say.

`check_state` runs two levels of checks and raises `InvalidInputError`
at the first failure, naming the JSON path (`$.players[2].commodities[1]`) and what is wrong:

* **structure** (always): array lengths match the board and the market, every index points at a
  real spot / hex / segment / seat, ids name real ships and bonus cards, the phase and the deciding
  seat agree, the activation bookkeeping is in range. A state that passes cannot make the engine
  fail with an `IndexError` or `KeyError`.
* **rules** (`rules=True`, the default): what the rules make true of every reachable position:
  each seat's houses, powerhouses and towers on the board plus those left equal the supply of
  SETUP-2 / TWO-1; resources are exactly the gains of the seat's houses (ACT-1, ACT-2) plus what
  the fish it traded bought (FISH-1); commodities within the cap (RES-2); every ship and bonus card
  is in exactly one place; VP that only the end scores are zero before it; powerhouses stand where
  TWO-2 / R-9 allow.

Hand-built positions (puzzles, tests) that ignore the history of a real game can be read with
`rules=False`. Validation runs only when JSON is read, never inside `ragusa.apply`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from ragusa.core.board import BOARD, KIND_CITY, RES_INDEX
from ragusa.core.components import COMPONENTS, RESOURCES
from ragusa.core.errors import InvalidInputError
from ragusa.core.state import (
    EMPTY,
    POWERHOUSE,
    RESERVED,
    VP_BONUS,
    VP_CATHEDRAL,
    VP_MASON,
    VP_SHIPS,
    VP_WALLS,
    GameState,
    Phase,
)
from ragusa.rules.fish import TRADE_COST_BY_INDEX
from ragusa.rules.two_player import powerhouse_spot_refusal

FISH = RES_INDEX["fish"]
_SHIP_STARS: dict[str, int] = {s.id: s.stars for s in COMPONENTS.ships}
_BONUS_IDS: frozenset[str] = frozenset(c.id for c in COMPONENTS.bonus_cards)
_TRACK_LEN = len(COMPONENTS.market.track)
_CAP = COMPONENTS.pieces.commodity_cap
#: phases in which a house is being resolved (`placed` names it)
_RESOLVING = frozenset(
    {
        Phase.ORDER,
        Phase.TRADE_WINDOW,
        Phase.MASON,
        Phase.ARCHITECT,
        Phase.MARKET,
        Phase.WHARF,
        Phase.RECTOR_DRAW,
        Phase.RECTOR_KEEP,
    }
)
#: phases decided while a house on a city hex activates (the queue's head)
_QUEUED = _RESOLVING - {Phase.ORDER}


def _fail(path: str, message: str) -> InvalidInputError:
    return InvalidInputError(path, message)


def _index_list(path: str, values: Sequence[int], size: int, what: str, unique: bool = True) -> None:
    seen: set[int] = set()
    for i, v in enumerate(values):
        if not 0 <= v < size:
            raise _fail(f"{path}[{i}]", f"{v} is not a {what} index (0..{size - 1})")
        if unique and v in seen:
            raise _fail(f"{path}[{i}]", f"{what} {v} is listed twice")
        seen.add(v)


def check_state(state: GameState, *, rules: bool = True) -> None:
    """Raise `InvalidInputError` unless `state` is consistent (see the module docs)."""
    _check_structure(state)
    if rules:
        _check_rules(state)


# --------------------------------------------------------------------------- structure


def _check_structure(s: GameState) -> None:
    n = s.n_players
    solo = s.solo is not None
    if solo:
        if n != 3:
            raise _fail("$.players", f"the solo game has 3 seats (the player and two bots, SOLO-1); got {n}")
    elif not 2 <= n <= 5:
        raise _fail("$.players", f"a game has 2 to 5 players (SETUP-1; 1 player is the solo game); got {n}")
    for name in ("start_seat", "turn_seat"):
        v = getattr(s, name)
        if not 0 <= v < n:
            raise _fail(f"$.{name}", f"seat {v} does not exist (0..{n - 1})")
    n_spots, n_walls = len(BOARD.spot_ids), len(BOARD.wall_ids)
    for name, arr, size in (("houses", s.houses, n_spots), ("towers", s.towers, n_spots), ("walls", s.walls, n_walls)):
        if len(arr) != size:
            what = "wall segment" if name == "walls" else "spot"
            raise _fail(f"$.{name}", f"{len(arr)} entries; the board has {size}, one per {what}")
    for i, h in enumerate(s.houses):
        if h >= n or (h == POWERHOUSE and n != 2) or (h == RESERVED and not solo):
            why = (
                f"seat {h} does not exist"
                if h >= 0
                else "powerhouses exist only with 2 players (TWO-1)"
                if h == POWERHOUSE
                else "reserved spots exist only in the solo game (SOLO-2)"
            )
            raise _fail(f"$.houses[{i}]", f"{h}: {why}")
    for name, arr in (("towers", s.towers), ("walls", s.walls)):
        for i, v in enumerate(arr):
            if v != EMPTY and not 0 <= v < n:
                raise _fail(f"$.{name}[{i}]", f"{v} is neither -1 (none) nor a seat (0..{n - 1})")
    for i, t in enumerate(s.towers):
        if t != EMPTY and not BOARD.spot_tower[i]:
            raise _fail(f"$.towers[{i}]", f"spot {BOARD.spot_ids[i]} is not a tower spot (ARCHITECT-1)")
    for c, bead in enumerate(s.market):
        if not 0 <= bead < _TRACK_LEN:
            raise _fail(f"$.market[{c}]", f"bead index {bead} is off the track (0..{_TRACK_LEN - 1})")
    n_slots = len(COMPONENTS.market.slots)
    if len(s.slots) != n_slots:
        raise _fail("$.slots", f"{len(s.slots)} market slots; the market has {n_slots}")
    for i, ship in enumerate(s.slots):
        if ship is not None and ship not in _SHIP_STARS:
            raise _fail(f"$.slots[{i}]", f"unknown ship {ship!r}")
    for i, ship in enumerate(s.ship_deck):
        if ship not in _SHIP_STARS:
            raise _fail(f"$.ship_deck[{i}]", f"unknown ship {ship!r}")
    for i, card in enumerate(s.bonus_deck):
        if card not in _BONUS_IDS:
            raise _fail(f"$.bonus_deck[{i}]", f"unknown bonus card {card!r}")
    for i, card in enumerate(s.rector_hand):
        if card not in _BONUS_IDS:
            raise _fail(f"$.rector_hand[{i}]", f"unknown bonus card {card!r}")
    for i, hand in enumerate(s.dealt):
        for j, card in enumerate(hand):
            if card not in _BONUS_IDS:
                raise _fail(f"$.dealt[{i}][{j}]", f"unknown bonus card {card!r}")
    for seat, p in enumerate(s.players):
        base = f"$.players[{seat}]"
        for i, ship in enumerate(p.ships):
            if ship not in _SHIP_STARS:
                raise _fail(f"{base}.ships[{i}]", f"unknown ship {ship!r}")
        for i, card in enumerate(p.bonus_cards):
            if card not in _BONUS_IDS:
                raise _fail(f"{base}.bonus_cards[{i}]", f"unknown bonus card {card!r}")
        if len(p.bonus_vp) not in (0, len(p.bonus_cards)):
            raise _fail(f"{base}.bonus_vp", f"{len(p.bonus_vp)} entries; it is empty or parallel to bonus_cards")
    _check_bookkeeping(s)
    if s.solo is not None:
        bots = s.solo.bot_seats
        if len(set(bots)) != len(bots) or any(not 0 <= b < n for b in bots):
            raise _fail("$.solo.bot_seats", f"{list(bots)} must be distinct seats (0..{n - 1})")
        for i, cards in enumerate(s.solo.bot_cards):
            for j, card in enumerate(cards):
                if card not in {c.id for c in COMPONENTS.patrician_cards}:
                    raise _fail(f"$.solo.bot_cards[{i}][{j}]", f"unknown Patrician card {card!r}")
        for i, pairs in enumerate(s.solo.bot_pairs):
            for j, pair in enumerate(pairs):
                for k, card in enumerate(pair):
                    if card not in _BONUS_IDS:
                        raise _fail(f"$.solo.bot_pairs[{i}][{j}][{k}]", f"unknown bonus card {card!r}")


def _check_bookkeeping(s: GameState) -> None:
    n = s.n_players
    phase = s.phase
    over = phase == Phase.OVER
    if over != (s.seat is None):
        raise _fail("$.seat", 'the deciding seat is null exactly when the game is over (phase "over")')
    if s.seat is not None and not 0 <= s.seat < n:
        raise _fail("$.seat", f"seat {s.seat} does not exist (0..{n - 1})")
    if phase in (Phase.PLACE, Phase.ORDER) and s.seat != s.turn_seat:
        raise _fail("$.seat", f"in phase {phase!r} the deciding seat is the turn's seat {s.turn_seat}; got {s.seat}")
    if phase == Phase.SETUP_BONUS:
        if len(s.dealt) != n:
            raise _fail("$.dealt", f"during setup there is one dealt hand per seat ({n}); got {len(s.dealt)}")
        assert s.seat is not None
        if not s.dealt[s.seat]:
            raise _fail(f"$.dealt[{s.seat}]", "the deciding seat has no dealt cards to choose from (SETUP-6)")
    elif s.dealt:
        raise _fail("$.dealt", f"dealt cards exist only during setup (phase {Phase.SETUP_BONUS!r})")
    if (phase == Phase.RECTOR_KEEP) != bool(s.rector_hand):
        raise _fail("$.rector_hand", f"drawn cards await a choice exactly in phase {Phase.RECTOR_KEEP!r}")
    n_spots, n_hexes = len(BOARD.spot_ids), len(BOARD.hex_ids)
    if not -1 <= s.placed < n_spots:
        raise _fail("$.placed", f"{s.placed} is neither -1 nor a spot index (0..{n_spots - 1})")
    if not -1 <= s.current_hex < n_hexes:
        raise _fail("$.current_hex", f"{s.current_hex} is neither -1 nor a hex index (0..{n_hexes - 1})")
    _index_list("$.pending_hexes", s.pending_hexes, n_hexes, "hex")
    _index_list("$.queue", s.queue, n_spots, "spot")
    _index_list("$.end_seats", s.end_seats, n, "seat")
    resolving = phase in _RESOLVING
    if resolving != (s.placed >= 0):
        raise _fail("$.placed", f"a house is being resolved (placed >= 0) exactly in phases {sorted(_RESOLVING)}")
    if s.placed < 0:
        if s.placed_power or s.pending_hexes or s.queue or s.current_hex != -1:
            raise _fail("$.placed", "no house is being resolved, yet the activation bookkeeping is not empty")
    else:
        piece = POWERHOUSE if s.placed_power else s.turn_seat
        if s.houses[s.placed] != piece:
            what = "a powerhouse" if s.placed_power else f"seat {s.turn_seat}'s house"
            raise _fail(
                "$.placed", f"the piece being resolved is {what}, but spot {s.placed} holds {s.houses[s.placed]}"
            )
        hexes = BOARD.spot_hexes[s.placed]
        for i, h in enumerate(s.pending_hexes):
            if h not in hexes:
                raise _fail(f"$.pending_hexes[{i}]", f"hex {h} is not a hex of the new house's spot {s.placed}")
        if s.current_hex != -1 and (s.current_hex not in hexes or s.current_hex in s.pending_hexes):
            raise _fail("$.current_hex", f"hex {s.current_hex} is not an activated hex of spot {s.placed}")
    if phase == Phase.ORDER and (len(s.pending_hexes) < 2 or s.queue):
        raise _fail("$.pending_hexes", "choosing the next hex (ACT-5) needs two or more hexes left and no house queued")
    if phase in _QUEUED:
        if s.current_hex == -1 or BOARD.hex_kind[s.current_hex] != KIND_CITY or not s.queue:
            raise _fail("$.queue", f"in phase {phase!r} a house on the current city hex is activating")
        ring = BOARD.hex_spots[s.current_hex]
        for i, q in enumerate(s.queue):
            if q not in ring or not (s.houses[q] >= 0 or s.houses[q] == POWERHOUSE):
                raise _fail(f"$.queue[{i}]", f"spot {q} holds no house on the current hex {s.current_hex}")
    elif s.queue:
        raise _fail("$.queue", f"no house is activating in phase {phase!r}")
    if phase == Phase.END_TRADE:
        if not s.end_seats or s.seat != s.end_seats[0]:
            raise _fail(
                "$.end_seats", "in the end-game trade window the deciding seat is the first of end_seats (END-2)"
            )
    elif s.end_seats:
        raise _fail("$.end_seats", f"end_seats is used only in phase {Phase.END_TRADE!r}")
    if not 0 <= s.passes <= n:
        raise _fail("$.passes", f"{s.passes} passes in a row; at most {n} (R-14)")
    if phase == Phase.PLACE:
        p = s.players[s.turn_seat]
        if p.houses_left + p.powerhouses_left == 0:
            raise _fail("$.turn_seat", f"seat {s.turn_seat} is to place but has no piece left (TURN-3)")


# --------------------------------------------------------------------------- rules


def _check_rules(s: GameState) -> None:
    n = s.n_players
    solo = s.solo is not None
    pieces = COMPONENTS.pieces
    houses_each = pieces.houses["solo" if solo else str(n)]
    power_each = pieces.powerhouses_2p if n == 2 else 0
    on_board = Counter(h for h in s.houses)
    powerhouses = on_board[POWERHOUSE]
    towers = Counter(s.towers)
    for seat, p in enumerate(s.players):
        base = f"$.players[{seat}]"
        if p.powerhouses_left > power_each:
            raise _fail(f"{base}.powerhouses_left", f"{p.powerhouses_left}; at most {power_each} (TWO-1)")
        supply = on_board[seat] + p.houses_left + p.powerhouses_left
        # Powerhouses on the board belong to nobody (TWO-7): a seat's own pieces plus those left
        # lie between its houses and its houses plus powerhouses (TWO-8 turns powerhouses into houses).
        if not houses_each <= supply <= houses_each + power_each:
            want = f"{houses_each}" if not power_each else f"{houses_each} to {houses_each + power_each}"
            raise _fail(
                f"{base}.houses_left",
                f"{on_board[seat]} houses on the board + {p.houses_left} houses left + {p.powerhouses_left} "
                f"powerhouses left = {supply}; should be {want} (SETUP-2, TWO-1)",
            )
        if towers[seat] + p.towers_left != pieces.towers_per_player:
            raise _fail(
                f"{base}.towers_left",
                f"{towers[seat]} towers on the board + {p.towers_left} left; should be {pieces.towers_per_player} (SETUP-2)",
            )
        for c, amount in enumerate(p.commodities):
            if amount > _CAP:
                raise _fail(f"{base}.commodities[{c}]", f"{amount}; a seat holds at most {_CAP} of a commodity (RES-2)")
        _check_resources(s, seat)
        stars = sum(_SHIP_STARS[ship] for ship in p.ships)
        if p.vp[VP_SHIPS] != stars:
            raise _fail(
                f"{base}.vp[{VP_SHIPS}]",
                f"{p.vp[VP_SHIPS]} VP for ships; the seat's ships have {stars} stars (MARKET-1)",
            )
        built = s.walls.count(seat)
        if p.vp[VP_MASON] < built:
            raise _fail(
                f"{base}.vp[{VP_MASON}]",
                f"{p.vp[VP_MASON]} Mason VP for {built} walls; each scores at least 1 (MASON-1)",
            )
        if s.phase != Phase.OVER:
            for i in (VP_WALLS, VP_CATHEDRAL, VP_BONUS):
                if p.vp[i]:
                    raise _fail(f"{base}.vp[{i}]", "walls, Cathedral and bonus cards score only at the end (END-1)")
            if p.bonus_vp:
                raise _fail(f"{base}.bonus_vp", "bonus cards score only at the end (END-1)")
        elif p.vp[VP_BONUS] != sum(p.bonus_vp) or len(p.bonus_vp) != len(p.bonus_cards):
            raise _fail(
                f"{base}.bonus_vp",
                "at the end each bonus card has its VP, and they add up to the bonus VP (END-BONUS-1)",
            )
        if s.phase == Phase.SETUP_BONUS and not solo:
            want_cards = 0 if s.dealt[seat] else 1
            if len(p.bonus_cards) != want_cards:
                raise _fail(
                    f"{base}.bonus_cards", "during setup a seat holds 1 card once it has chosen, else none (SETUP-6)"
                )
    total = sum(on_board[seat] + p.houses_left + p.powerhouses_left for seat, p in enumerate(s.players)) + powerhouses
    if total != n * (houses_each + power_each):
        raise _fail(
            "$.houses",
            f"{powerhouses} powerhouses on the board + the seats' houses and pieces left = {total}; "
            f"the supply is {n} x {houses_each + power_each} (SETUP-2, TWO-1)",
        )
    for spot, h in enumerate(s.houses):
        if h == POWERHOUSE:
            others = list(s.houses)
            others[spot] = EMPTY
            why = powerhouse_spot_refusal(others, spot, s.options.powerhouse_any_hex)
            if why is not None:
                raise _fail(f"$.houses[{spot}]", f"a powerhouse cannot stand here: {why} (TWO-2, R-9)")
    if not solo:
        placed_pieces = sum(on_board[seat] for seat in range(n)) + powerhouses
        expect = s.placements + (1 if s.placed >= 0 else 0)
        if placed_pieces != expect:
            raise _fail(
                "$.placements",
                f"{s.placements} placements made (+1 being resolved) but {placed_pieces} pieces stand on the board",
            )
        if s.phase == Phase.SETUP_BONUS and placed_pieces:
            raise _fail("$.houses", "no house stands on the board during setup")
    _check_cards(s)


def _check_resources(s: GameState, seat: int) -> None:
    """Resources = gains of the seat's houses (ACT-1, ACT-2) + what its traded fish bought (FISH-1)."""
    p = s.players[seat]
    base = f"$.players[{seat}]"
    gains = [0] * len(RESOURCES)
    for spot, owner in enumerate(s.houses):
        if owner != seat:
            continue
        for h in BOARD.spot_hexes[spot]:
            r = BOARD.hex_resource[h]
            if r >= 0 and not (spot == s.placed and h in s.pending_hexes):
                gains[r] += 1
    if p.resources[FISH] + p.fish_traded != gains[FISH]:
        raise _fail(
            f"{base}.resources[{FISH}]",
            f"{p.resources[FISH]} fish + {p.fish_traded} traded away; the seat's houses touch "
            f"{gains[FISH]} sea hexes that gave fish (ACT-2, FISH-1)",
        )
    spent = 0
    for r in range(len(RESOURCES)):
        if r == FISH:
            continue
        bought = p.resources[r] - gains[r]
        if bought < 0:
            raise _fail(
                f"{base}.resources[{r}]",
                f"{p.resources[r]} {RESOURCES[r]}; the seat's houses alone gave {gains[r]} and resources never go down (RES-1)",
            )
        spent += bought * TRADE_COST_BY_INDEX[r]
    if spent != p.fish_traded:
        raise _fail(
            f"{base}.fish_traded",
            f"{p.fish_traded} fish traded away, but the resources beyond the houses' gains cost {spent} fish (FISH-1)",
        )


def _check_cards(s: GameState) -> None:
    """Every ship and bonus card is in exactly one place (SETUP-5, SETUP-6, MARKET-1, RECTOR-1)."""
    n_slots = len(s.slots)
    first_empty = next((i for i, ship in enumerate(s.slots) if ship is None), n_slots)
    for i in range(first_empty, n_slots):
        if s.slots[i] is not None:
            raise _fail(f"$.slots[{i}]", "ships slide left: empty slots are at the right end (MARKET-1, R-4)")
    if first_empty < n_slots and s.ship_deck:
        raise _fail(f"$.slots[{first_empty}]", "a slot stays empty only when the ship deck is empty (R-4)")
    where: dict[str, str] = {}

    def place(card: str, path: str, kind: str) -> None:
        if card in where:
            raise _fail(path, f"{kind} {card!r} is also at {where[card]}; each is in one place")
        where[card] = path

    for i, ship in enumerate(s.slots):
        if ship is not None:
            place(ship, f"$.slots[{i}]", "ship")
    for i, ship in enumerate(s.ship_deck):
        place(ship, f"$.ship_deck[{i}]", "ship")
    for seat, p in enumerate(s.players):
        for i, ship in enumerate(p.ships):
            place(ship, f"$.players[{seat}].ships[{i}]", "ship")
    missing = sorted(set(_SHIP_STARS) - set(where))
    if missing:
        raise _fail("$.ship_deck", f"ships missing from slots, deck and seats: {missing} (SETUP-5)")
    where.clear()
    for i, card in enumerate(s.bonus_deck):
        place(card, f"$.bonus_deck[{i}]", "bonus card")
    for i, hand in enumerate(s.dealt):
        for j, card in enumerate(hand):
            place(card, f"$.dealt[{i}][{j}]", "bonus card")
    for i, card in enumerate(s.rector_hand):
        place(card, f"$.rector_hand[{i}]", "bonus card")
    for seat, p in enumerate(s.players):
        for i, card in enumerate(p.bonus_cards):
            place(card, f"$.players[{seat}].bonus_cards[{i}]", "bonus card")
    if s.solo is not None:
        for b, pairs in enumerate(s.solo.bot_pairs):
            for j, pair in enumerate(pairs):
                for k, card in enumerate(pair):
                    if where.get(card, "").startswith("$.players["):
                        continue  # a bot's pair may repeat the cards it holds
                    place(card, f"$.solo.bot_pairs[{b}][{j}][{k}]", "bonus card")
    missing = sorted(_BONUS_IDS - set(where))
    if missing:
        raise _fail("$.bonus_deck", f"bonus cards missing from deck, hands and seats: {missing} (SETUP-6)")
