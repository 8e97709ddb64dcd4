"""Structure: array lengths match the board and the market, every index points at a real spot /
hex / segment / seat, every id names a real card. A position that passes cannot make the other
checks (or the engine) fail with an `IndexError` or `KeyError`."""

from __future__ import annotations

from ragusa.contract.validation.common import BONUS_IDS, PATRICIAN_IDS, SHIP_STARS, TRACK_LEN, Found
from ragusa.core.board import BOARD
from ragusa.core.components import COMPONENTS
from ragusa.core.state import EDITIONS, EMPTY, POWERHOUSE, RESERVED, GameState, Phase

#: the generator state is a 64-bit integer (:mod:`ragusa.core.rng`)
RNG_LIMIT = 1 << 64
#: SOLO-3: 9 rounds
SOLO_ROUNDS = 9


def check_structure(s: GameState, found: Found) -> None:
    n = s.n_players
    if s.solo is not None:
        if n != 3:
            found.add("SOLO-1", "$.players", f"the solo game has 3 seats (the player and two bots); got {n}")
    elif not 2 <= n <= 5:
        found.add("SETUP-1", "$.players", f"a game has 2 to 5 players (1 player is the solo game); got {n}")
    if found:
        return
    if s.solo is None:
        for name in ("solo_human_first", "solo_easier_rector", "solo_harder"):
            if getattr(s.options, name):
                found.add("SOLO-3", f"$.options.{name}", "a solo variant, set in a game of 2 to 5 players")
    if s.edition not in EDITIONS:
        found.add("ED-1", "$.edition", f"{s.edition!r} is not an edition {list(EDITIONS)}")
    if not 0 <= s.rng < RNG_LIMIT:
        found.add("SETUP-7", "$.rng", "the generator state is an integer in 0..2**64-1")
    for name in ("start_seat", "turn_seat"):
        v = getattr(s, name)
        if not 0 <= v < n:
            found.add("SETUP-7", f"$.{name}", f"seat {v} does not exist (0..{n - 1})")
    if s.seat is not None and not 0 <= s.seat < n:
        found.add("TURN-1", "$.seat", f"seat {s.seat} does not exist (0..{n - 1})")
    check_board(s, found)
    _cards(s, found)
    if s.solo is not None:
        _solo(s, found)


def check_board(s: GameState, found: Found) -> None:
    n = s.n_players
    solo = s.solo is not None
    n_spots, n_walls = len(BOARD.spot_ids), len(BOARD.wall_ids)
    for name, arr, size in (("houses", s.houses, n_spots), ("towers", s.towers, n_spots), ("walls", s.walls, n_walls)):
        if len(arr) != size:
            what = "wall segment" if name == "walls" else "spot"
            found.add("SETUP-2", f"$.{name}", f"{len(arr)} entries; the board has {size}, one per {what}")
    if found:
        return
    for i, h in enumerate(s.houses):
        if h >= n or h < RESERVED or (h == POWERHOUSE and n != 2) or (h == RESERVED and not solo):
            if h >= n or h < RESERVED:
                found.add("TURN-1", f"$.houses[{i}]", f"{h}: seat {h} does not exist")
            elif h == POWERHOUSE:
                found.add("TWO-1", f"$.houses[{i}]", f"{h}: powerhouses exist only with 2 players")
            else:
                found.add("SOLO-2", f"$.houses[{i}]", f"{h}: reserved spots exist only in the solo game")
    for name, arr in (("towers", s.towers), ("walls", s.walls)):
        clause = "ARCHITECT-1" if name == "towers" else "MASON-1"
        for i, v in enumerate(arr):
            if v != EMPTY and not 0 <= v < n:
                found.add(clause, f"$.{name}[{i}]", f"{v} is neither -1 (none) nor a seat (0..{n - 1})")
            elif v != EMPTY and name == "towers" and not BOARD.spot_tower[i]:
                found.add(clause, f"$.towers[{i}]", f"spot {BOARD.spot_ids[i]} is not a tower spot")
    for c, bead in enumerate(s.market):
        if not 0 <= bead < TRACK_LEN:
            found.add("RES-3", f"$.market[{c}]", f"bead index {bead} is off the track (0..{TRACK_LEN - 1})")


def _ids(found: Found, clause: str, path: str, ids: tuple[str | None, ...], known: object, what: str) -> None:
    for i, card in enumerate(ids):
        if card is not None and card not in known:  # type: ignore[operator]
            found.add(clause, f"{path}[{i}]", f"unknown {what} {card!r}")


def _cards(s: GameState, found: Found) -> None:
    n_slots = len(COMPONENTS.market.slots)
    if len(s.slots) != n_slots:
        found.add("SETUP-5", "$.slots", f"{len(s.slots)} market slots; the market has {n_slots}")
    _ids(found, "SETUP-5", "$.slots", s.slots, SHIP_STARS, "ship")
    _ids(found, "SETUP-5", "$.ship_deck", s.ship_deck, SHIP_STARS, "ship")
    _ids(found, "SETUP-6", "$.bonus_deck", s.bonus_deck, BONUS_IDS, "bonus card")
    _ids(found, "RECTOR-1", "$.rector_hand", s.rector_hand, BONUS_IDS, "bonus card")
    if len(s.rector_hand) > 2:
        found.add("RECTOR-1", "$.rector_hand", f"{len(s.rector_hand)} drawn cards; the Rector draws at most 2")
    if s.dealt and len(s.dealt) != s.n_players:
        found.add("SETUP-6", "$.dealt", f"one dealt hand per seat ({s.n_players}); got {len(s.dealt)}")
    for i, hand in enumerate(s.dealt):
        _ids(found, "SETUP-6", f"$.dealt[{i}]", hand, BONUS_IDS, "bonus card")
        if len(hand) not in (0, 3) and s.phase == Phase.SETUP_BONUS:
            found.add("SETUP-6", f"$.dealt[{i}]", f"{len(hand)} dealt cards; a seat is dealt 3 and then holds none")
    for seat, p in enumerate(s.players):
        base = f"$.players[{seat}]"
        _ids(found, "MARKET-1", f"{base}.ships", p.ships, SHIP_STARS, "ship")
        _ids(found, "SETUP-6", f"{base}.bonus_cards", p.bonus_cards, BONUS_IDS, "bonus card")
        if len(p.bonus_vp) not in (0, len(p.bonus_cards)):
            found.add("END-BONUS-1", f"{base}.bonus_vp", f"{len(p.bonus_vp)} entries; empty or parallel to bonus_cards")


def _solo(s: GameState, found: Found) -> None:
    assert s.solo is not None
    n = s.n_players
    solo = s.solo
    bots = solo.bot_seats
    if len(bots) != 2 or len(set(bots)) != 2 or any(not 0 <= b < n for b in bots):
        found.add("SOLO-1", "$.solo.bot_seats", f"{list(bots)}: two distinct seats (0..{n - 1})")
    for name in ("bot_cards", "bot_pairs"):
        if len(getattr(solo, name)) != len(bots):
            found.add("SOLO-2", f"$.solo.{name}", f"{len(getattr(solo, name))} entries; one per bot ({len(bots)})")
    if not 0 <= solo.round <= SOLO_ROUNDS:
        found.add("SOLO-3", "$.solo.round", f"round {solo.round}; the solo game has rounds 0..{SOLO_ROUNDS}")
    seen: set[str] = set()
    for i, cards in enumerate(solo.bot_cards):
        _ids(found, "SOLO-2", f"$.solo.bot_cards[{i}]", cards, PATRICIAN_IDS, "Patrician card")
        if len(cards) > 3:
            found.add("SOLO-2", f"$.solo.bot_cards[{i}]", f"{len(cards)} cards; each bot is dealt 3")
        for j, card in enumerate(cards):
            if card in seen:
                found.add("SOLO-2", f"$.solo.bot_cards[{i}][{j}]", f"Patrician card {card!r} is held twice")
            seen.add(card)
    for i, pairs in enumerate(solo.bot_pairs):
        if pairs and not s.options.solo_easier_rector:
            found.add("SOLO-5", f"$.solo.bot_pairs[{i}]", "Rector pairs are kept only in the easier variant")
        for j, pair in enumerate(pairs):
            _ids(found, "SOLO-5", f"$.solo.bot_pairs[{i}][{j}]", pair, BONUS_IDS, "bonus card")
            if len(pair) not in (1, 2):
                found.add("SOLO-5", f"$.solo.bot_pairs[{i}][{j}]", f"{len(pair)} cards; a Rector pair has 1 or 2")
