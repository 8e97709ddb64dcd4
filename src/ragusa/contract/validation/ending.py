"""The end and the solo game: final scores are recomputed from the position, never trusted
(END-1, END-WALL-2, END-CATH-1, END-BONUS-1, SOLO-7); the Patrician's reserved spots belong to the
bots' hidden cards (SOLO-2, SOLO-4)."""

from __future__ import annotations

from ragusa.contract.validation.common import Found
from ragusa.core.board import BOARD
from ragusa.core.state import RESERVED, VP_BONUS, VP_CATHEDRAL, VP_WALLS, GameState, Phase
from ragusa.rules import scoring
from ragusa.rules.solo import scoring as solo_scoring
from ragusa.rules.solo.patrician import PATRICIAN


def check_final_scores(s: GameState, found: Found) -> None:
    if s.phase != Phase.OVER:
        return
    for seat, p in enumerate(s.players):
        base = f"$.players[{seat}]"
        walls = scoring.wall_score(s, seat)
        cath = scoring.cathedral_score(s, seat)
        if s.solo is not None:
            cards = tuple(vp for vp, _ in solo_scoring.bonus_scores(s, seat))
        else:
            cards = tuple(scoring.bonus_card_score(s, seat, c) for c in p.bonus_cards)
        if p.vp[VP_WALLS] != walls:
            found.add("END-WALL-2", f"{base}.vp[{VP_WALLS}]", f"{p.vp[VP_WALLS]} wall VP; the walls score {walls}")
        if p.vp[VP_CATHEDRAL] != cath:
            found.add(
                "END-CATH-1", f"{base}.vp[{VP_CATHEDRAL}]", f"{p.vp[VP_CATHEDRAL]} Cathedral VP; it scores {cath}"
            )
        if tuple(p.bonus_vp) != cards:
            found.add("END-BONUS-1", f"{base}.bonus_vp", f"{list(p.bonus_vp)}; the bonus cards score {list(cards)}")
        elif p.vp[VP_BONUS] != sum(cards):
            found.add(
                "END-BONUS-1", f"{base}.vp[{VP_BONUS}]", f"{p.vp[VP_BONUS]} bonus VP; the cards add up to {sum(cards)}"
            )


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
