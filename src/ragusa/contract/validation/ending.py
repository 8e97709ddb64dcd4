"""The end: final scores are recomputed from the position, never trusted (END-1, END-WALL-2,
END-CATH-1, END-BONUS-1, SOLO-7), and a solo bot's last trades are the ones its rule makes (SOLO-7,
R-16)."""

from __future__ import annotations

from collections import Counter
from typing import cast

import attrs

from ragusa.contract.validation.census import Census
from ragusa.contract.validation.common import FISH, Found
from ragusa.core.components import RESOURCES
from ragusa.core.state import VP_BONUS, VP_CATHEDRAL, VP_WALLS, GameState, Phase
from ragusa.rules import scoring
from ragusa.rules.solo import scoring as solo_scoring


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


def check_bot_end_trades(s: GameState, c: Census, found: Found) -> None:
    """SOLO-7, R-16: a bot trades only just before the final scoring, and then exactly as its rule
    chooses from what its houses gave (`ragusa.rules.solo.scoring.choose_end_trades`)."""
    if s.solo is None or s.phase != Phase.OVER:
        return
    for seat in s.solo.bot_seats:
        p = s.players[seat]
        gained = c.gains[seat]
        resources = cast(tuple[int, int, int, int, int, int], tuple(gained))
        before = attrs.evolve(p, resources=resources, fish_traded=0)
        players = s.players[:seat] + (before,) + s.players[seat + 1 :]
        chosen = Counter(solo_scoring.choose_end_trades(attrs.evolve(s, players=players), seat))
        made = Counter({RESOURCES[r]: p.resources[r] - gained[r] for r in range(len(RESOURCES)) if r != FISH})
        if +made != chosen:
            want = ", ".join(f"{n} {r}" for r, n in chosen.items()) or "none"
            got = ", ".join(f"{n} {r}" for r, n in (+made).items()) or "none"
            found.add(
                "SOLO-7",
                f"$.players[{seat}].resources",
                f"bot seat {seat}'s end trades were {got}; from what its houses gave, its rule (R-16) makes {want}",
            )
