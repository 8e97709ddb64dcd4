"""Holdings: what the rules make true of every reachable position. Each seat's pieces on the board
plus those left equal its supply (SETUP-2, TWO-1); resources are the gains of its houses plus what
its traded fish bought (ACT-1, ACT-2, FISH-1); commodities within the cap (RES-2); every ship and
bonus card in exactly one place; VP that only the end scores are zero before it; powerhouses stand
where TWO-2 / R-9 allow."""

from __future__ import annotations

from collections import Counter

from ragusa.contract.validation.census import Census
from ragusa.contract.validation.common import BONUS_IDS, CAP, FISH, SHIP_STARS, Found
from ragusa.core.components import COMPONENTS, RESOURCES
from ragusa.core.state import EMPTY, POWERHOUSE, VP_BONUS, VP_CATHEDRAL, VP_MASON, VP_SHIPS, VP_WALLS, GameState, Phase
from ragusa.rules.fish import TRADE_COST_BY_INDEX
from ragusa.rules.two_player import powerhouse_refusal


def check_holdings(s: GameState, c: Census, found: Found) -> None:
    _pieces(s, found)
    for seat in range(s.n_players):
        _seat(s, seat, found)
        _resources(s, c, seat, found)
    _cards(s, found)


def _pieces(s: GameState, found: Found) -> None:
    n = s.n_players
    pieces = COMPONENTS.pieces
    houses_each = pieces.houses["solo" if s.solo is not None else str(n)]
    power_each = pieces.powerhouses_2p if n == 2 else 0
    on_board = Counter(s.houses)
    towers = Counter(s.towers)
    for seat, p in enumerate(s.players):
        base = f"$.players[{seat}]"
        if p.powerhouses_left > power_each:
            found.add("TWO-1", f"{base}.powerhouses_left", f"{p.powerhouses_left}; at most {power_each}")
        supply = on_board[seat] + p.houses_left + p.powerhouses_left
        # Powerhouses on the board belong to nobody (TWO-7): a seat's own pieces plus those left lie
        # between its houses and its houses plus powerhouses (TWO-8 turns powerhouses into houses).
        if not houses_each <= supply <= houses_each + power_each:
            want = f"{houses_each}" if not power_each else f"{houses_each} to {houses_each + power_each}"
            found.add(
                "SETUP-2",
                f"{base}.houses_left",
                f"{on_board[seat]} houses on the board + {p.houses_left} houses left + {p.powerhouses_left} "
                f"powerhouses left = {supply}; should be {want}",
            )
        if towers[seat] + p.towers_left != pieces.towers_per_player:
            found.add(
                "SETUP-2",
                f"{base}.towers_left",
                f"{towers[seat]} towers on the board + {p.towers_left} left; should be {pieces.towers_per_player}",
            )
    powerhouses = on_board[POWERHOUSE]
    total = sum(on_board[seat] + p.houses_left + p.powerhouses_left for seat, p in enumerate(s.players)) + powerhouses
    if total != n * (houses_each + power_each):
        found.add(
            "TWO-1" if n == 2 else "SETUP-2",
            "$.houses",
            f"{powerhouses} powerhouses on the board + the seats' houses and pieces left = {total}; "
            f"the supply is {n} x {houses_each + power_each}",
        )
    for spot, h in enumerate(s.houses):
        if h == POWERHOUSE:
            others = list(s.houses)
            others[spot] = EMPTY
            why = powerhouse_refusal(others, spot, s.options.powerhouse_any_hex)
            if why is not None:
                found.add("TWO-2", f"$.houses[{spot}]", f"a powerhouse cannot stand here: {why.message} (R-9)")
    if s.solo is None:
        placed = sum(on_board[seat] for seat in range(n)) + powerhouses
        expect = s.placements + (1 if s.placed >= 0 else 0)
        if placed != expect:
            found.add(
                "TURN-1",
                "$.placements",
                f"{s.placements} placements made (+1 being resolved) but {placed} pieces stand on the board",
            )
        if s.phase == Phase.SETUP_BONUS and placed:
            found.add("SETUP-6", "$.houses", "no house stands on the board during setup")


def _seat(s: GameState, seat: int, found: Found) -> None:
    p = s.players[seat]
    base = f"$.players[{seat}]"
    for c, amount in enumerate(p.commodities):
        if amount > CAP:
            found.add("RES-2", f"{base}.commodities[{c}]", f"{amount}; a seat holds at most {CAP} of a commodity")
    stars = sum(SHIP_STARS[ship] for ship in p.ships)
    if p.vp[VP_SHIPS] != stars:
        found.add("MARKET-1", f"{base}.vp[{VP_SHIPS}]", f"{p.vp[VP_SHIPS]} VP for ships; its ships have {stars} stars")
    built = s.walls.count(seat)
    if p.vp[VP_MASON] < built:
        found.add(
            "MASON-1", f"{base}.vp[{VP_MASON}]", f"{p.vp[VP_MASON]} Mason VP for {built} walls; each scores 1 or more"
        )
    if s.phase != Phase.OVER:
        for i in (VP_WALLS, VP_CATHEDRAL, VP_BONUS):
            if p.vp[i]:
                found.add("END-1", f"{base}.vp[{i}]", "walls, Cathedral and bonus cards score only at the end")
        if p.bonus_vp:
            found.add("END-1", f"{base}.bonus_vp", "bonus cards score only at the end")
    elif len(p.bonus_vp) != len(p.bonus_cards):
        found.add("END-BONUS-1", f"{base}.bonus_vp", "at the end each bonus card has its VP")
    if s.phase != Phase.SETUP_BONUS and not p.bonus_cards:
        clause = "SOLO-2" if s.solo is not None else "SETUP-6"
        found.add(clause, f"{base}.bonus_cards", "every seat keeps a bonus card at the setup and never gives it up")
    if s.phase == Phase.SETUP_BONUS and s.solo is None and seat < len(s.dealt):
        want = 0 if s.dealt[seat] else 1
        if len(p.bonus_cards) != want:
            found.add(
                "SETUP-6", f"{base}.bonus_cards", "during setup a seat holds 1 card once it has chosen, else none"
            )


def _resources(s: GameState, c: Census, seat: int, found: Found) -> None:
    """Resources = gains of the seat's houses (ACT-1, ACT-2) + what its traded fish bought (FISH-1)."""
    p = s.players[seat]
    base = f"$.players[{seat}]"
    gains = c.gains[seat]
    if p.resources[FISH] + p.fish_traded != gains[FISH]:
        found.add(
            "FISH-1",
            f"{base}.resources[{FISH}]",
            f"{p.resources[FISH]} fish + {p.fish_traded} traded away; the seat's houses touch "
            f"{gains[FISH]} sea hexes that gave fish (ACT-2)",
        )
    spent = 0
    for r in range(len(RESOURCES)):
        if r == FISH:
            continue
        bought = p.resources[r] - gains[r]
        if bought < 0:
            found.add(
                "RES-1",
                f"{base}.resources[{r}]",
                f"{p.resources[r]} {RESOURCES[r]}; the seat's houses alone gave {gains[r]} and resources never go down",
            )
        spent += max(bought, 0) * TRADE_COST_BY_INDEX[r]
    if spent != p.fish_traded:
        found.add(
            "FISH-1",
            f"{base}.fish_traded",
            f"{p.fish_traded} fish traded away, but the resources beyond the houses' gains cost {spent} fish",
        )


def _cards(s: GameState, found: Found) -> None:
    """Every ship and bonus card is in exactly one place (SETUP-5, SETUP-6, MARKET-1, RECTOR-1)."""
    n_slots = len(s.slots)
    first_empty = next((i for i, ship in enumerate(s.slots) if ship is None), n_slots)
    for i in range(first_empty, n_slots):
        if s.slots[i] is not None:
            found.add("R-4", f"$.slots[{i}]", "ships slide left: empty slots are at the right end (MARKET-1)")
    if first_empty < n_slots and s.ship_deck:
        found.add("R-4", f"$.slots[{first_empty}]", "a slot stays empty only when the ship deck is empty")
    if _each_once(s):
        if s.solo is not None:
            _pairs(s, found)
        return
    _places(s, found)


def _each_once(s: GameState) -> bool:
    """Whether every ship and every bonus card is in exactly one place (the common case, checked
    without writing a path; `_places` finds what is wrong otherwise)."""
    ships = [ship for ship in s.slots if ship is not None]
    ships += s.ship_deck
    cards = list(s.bonus_deck)
    for p in s.players:
        ships += p.ships
        cards += p.bonus_cards
    for hand in s.dealt:
        cards += hand
    cards += s.rector_hand
    return (
        len(ships) == len(SHIP_STARS) == len(set(ships))
        and set(ships) == SHIP_STARS.keys()
        and len(cards) == len(BONUS_IDS) == len(set(cards))
        and set(cards) == BONUS_IDS
    )


def _places(s: GameState, found: Found) -> None:
    where: dict[str, str] = {}

    def place(card: str, path: str, kind: str, clause: str) -> None:
        if card in where:
            found.add(clause, path, f"{kind} {card!r} is also at {where[card]}; each is in one place")
        where[card] = path

    for i, ship in enumerate(s.slots):
        if ship is not None:
            place(ship, f"$.slots[{i}]", "ship", "SETUP-5")
    for i, ship in enumerate(s.ship_deck):
        place(ship, f"$.ship_deck[{i}]", "ship", "SETUP-5")
    for seat, p in enumerate(s.players):
        for i, ship in enumerate(p.ships):
            place(ship, f"$.players[{seat}].ships[{i}]", "ship", "MARKET-1")
    missing = sorted(set(SHIP_STARS) - set(where))
    if missing:
        found.add("SETUP-5", "$.ship_deck", f"ships missing from slots, deck and seats: {missing}")
    where.clear()
    for i, card in enumerate(s.bonus_deck):
        place(card, f"$.bonus_deck[{i}]", "bonus card", "SETUP-6")
    for i, hand in enumerate(s.dealt):
        for j, card in enumerate(hand):
            place(card, f"$.dealt[{i}][{j}]", "bonus card", "SETUP-6")
    for i, card in enumerate(s.rector_hand):
        place(card, f"$.rector_hand[{i}]", "bonus card", "RECTOR-1")
    for seat, p in enumerate(s.players):
        for i, card in enumerate(p.bonus_cards):
            place(card, f"$.players[{seat}].bonus_cards[{i}]", "bonus card", "RECTOR-1")
    if s.solo is not None:
        _pairs(s, found)
    missing = sorted(BONUS_IDS - set(where))
    if missing:
        found.add("SETUP-6", "$.bonus_deck", f"bonus cards missing from deck, hands and seats: {missing}")


def _pairs(s: GameState, found: Found) -> None:
    """SOLO-5: a bot's Rector pairs repeat cards that bot holds, each card in one pair."""
    assert s.solo is not None
    in_pair: set[str] = set()
    for b, pairs in enumerate(s.solo.bot_pairs):
        seat = s.solo.bot_seats[b] if b < len(s.solo.bot_seats) else -1
        held = set(s.players[seat].bonus_cards) if 0 <= seat < s.n_players else set()
        for j, pair in enumerate(pairs):
            for k, card in enumerate(pair):
                path = f"$.solo.bot_pairs[{b}][{j}][{k}]"
                if card not in held:
                    found.add("SOLO-5", path, f"bonus card {card!r} is not held by bot seat {seat}")
                elif card in in_pair:
                    found.add("SOLO-5", path, f"bonus card {card!r} is in two Rector pairs")
                in_pair.add(card)
