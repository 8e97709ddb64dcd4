"""Solo: the Patrician's cards, the reserved spots, the bots' seats and houses agree (SOLO-1 to
SOLO-7). The bots are seats 1 and 2 and bot A opens each round unless the human goes first
(SOLO-1, SOLO-3); every colour's opening houses stand on its spots (SOLO-1); each bot was dealt 3
of the 6 Patrician cards, whose 18 spots are reserved until that bot takes them, lowest first,
and it discards a card only when all three of its spots are its houses (SOLO-2, SOLO-4, R-19);
a bot places nowhere else; a bot never trades fish during play (R-16); in the easier variant every
card a bot drew at the Rector's Palace is in one of its pairs (SOLO-5)."""

from __future__ import annotations

from ragusa.contract.validation.census import OPENING, OPENING_SPOTS
from ragusa.contract.validation.common import Found
from ragusa.core.board import BOARD
from ragusa.core.state import RESERVED, GameState, Phase
from ragusa.rules.solo.deal import first_seat
from ragusa.rules.solo.patrician import BOT_SEATS, PATRICIAN, PATRICIAN_DRAWN, PATRICIAN_PER_BOT

#: the Patrician card of each spot that is on one
CARD_OF: dict[int, str] = {spot: card for card, spots in PATRICIAN.items() for spot in spots}


def check_solo(s: GameState, found: Found) -> None:
    if s.solo is None:
        return
    solo = s.solo
    if solo.bot_seats != BOT_SEATS:
        found.add("SOLO-1", "$.solo.bot_seats", f"{list(solo.bot_seats)}; the bots are seats {list(BOT_SEATS)}")
        return
    if s.start_seat != first_seat(s.options):
        who = "the human" if s.options.solo_human_first else "bot A"
        found.add("SOLO-3", "$.start_seat", f"{who} opens every round: seat {first_seat(s.options)}")
    for seat, spots in enumerate(OPENING_SPOTS):
        for spot in spots:
            if s.houses[spot] != seat:
                found.add(
                    "SOLO-1",
                    f"$.houses[{spot}]",
                    f"{BOARD.spot_ids[spot]} is seat {seat}'s opening spot; it holds {s.houses[spot]}",
                )
    check_reserved(s, found)
    _cards(s, found)
    _bots(s, found)


def check_reserved(s: GameState, found: Found) -> None:
    """SOLO-2, SOLO-4: every reserved spot is a spot of a card a bot still holds, and every spot of a
    held card is reserved or holds that bot's house (only the bot itself takes its reserved spots)."""
    if s.solo is None:
        return
    owner: dict[int, int] = {}
    for k, cards in enumerate(s.solo.bot_cards):
        seat = s.solo.bot_seats[k]
        for card in cards:
            for spot in PATRICIAN[card]:
                owner[spot] = seat
                if s.houses[spot] not in (RESERVED, seat):
                    found.add(
                        "SOLO-4",
                        f"$.houses[{spot}]",
                        f"spot {BOARD.spot_ids[spot]} of bot seat {seat}'s card {card} holds {s.houses[spot]}; "
                        "only that bot takes its reserved spots",
                    )
    for spot, h in enumerate(s.houses):
        if h == RESERVED and spot not in owner:
            found.add("SOLO-2", f"$.houses[{spot}]", f"spot {BOARD.spot_ids[spot]} is reserved but on no bot's card")


def _cards(s: GameState, found: Found) -> None:
    """A bot's houses beyond its opening ones stand on spots of its own cards; a card it no longer
    holds was discarded with all three spots its houses; each bot had 3 cards, 6 in all."""
    assert s.solo is not None
    held = {card: seat for seat, cards in zip(s.solo.bot_seats, s.solo.bot_cards) for card in cards}
    had = {seat: len(cards) for seat, cards in zip(s.solo.bot_seats, s.solo.bot_cards)}
    for seat in s.solo.bot_seats:
        for spot, h in enumerate(s.houses):
            if h == seat and spot not in OPENING and spot not in CARD_OF:
                found.add(
                    "SOLO-4",
                    f"$.houses[{spot}]",
                    f"bot seat {seat} has a house on {BOARD.spot_ids[spot]}, on no Patrician card",
                )
    for card, spots in PATRICIAN.items():
        if card in held:
            continue
        builders = {s.houses[spot] for spot in spots} & set(s.solo.bot_seats)
        if not builders:
            continue
        (seat, *more) = sorted(builders)
        if more or any(s.houses[spot] != seat for spot in spots):
            found.add(
                "SOLO-4",
                f"$.houses[{spots[0]}]",
                f"card {card} is held by no bot, yet a bot built on it: a bot discards a card only when all "
                "three of its spots are its houses",
            )
        else:
            had[seat] += 1
    for k, seat in enumerate(s.solo.bot_seats):
        if had[seat] != PATRICIAN_PER_BOT:
            found.add(
                "SOLO-2",
                f"$.solo.bot_cards[{k}]",
                f"bot seat {seat} holds {len(s.solo.bot_cards[k])} cards and discarded {had[seat] - len(s.solo.bot_cards[k])}; "
                f"it was dealt {PATRICIAN_PER_BOT} (of {PATRICIAN_DRAWN})",
            )


def _bots(s: GameState, found: Found) -> None:
    assert s.solo is not None
    for k, seat in enumerate(s.solo.bot_seats):
        p = s.players[seat]
        if p.fish_traded and s.phase != Phase.OVER:
            found.add(
                "R-16",
                f"$.players[{seat}].fish_traded",
                f"bot seat {seat} traded {p.fish_traded} fish; a bot trades only at the end (SOLO-7)",
            )
        if s.options.solo_easier_rector:
            paired = sum(len(pair) for pair in s.solo.bot_pairs[k])
            if paired != len(p.bonus_cards) - 1:
                found.add(
                    "SOLO-5",
                    f"$.solo.bot_pairs[{k}]",
                    f"{paired} cards in bot seat {seat}'s Rector pairs; it holds {len(p.bonus_cards)} cards, all "
                    "but its first drawn at the Rector's Palace",
                )
