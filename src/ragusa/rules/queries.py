"""Queries on a state: the deciding seat, whether the game is over, the scores and the winners."""

from __future__ import annotations

from typing import Final

from ragusa.core.errors import GameNotOverError
from ragusa.core.state import (
    CHANCE,
    PHASE_OVER,
    VP_SOURCES,
    GameState,
)
from ragusa.rules import scoring

# a Final name: the compiled build keeps it in a C static (an imported name is looked up at every use)
_OVER: Final = PHASE_OVER


def current_player(state: GameState) -> int | None:
    """The deciding seat, `CHANCE` (-1) at a chance node (explicit chance), or None when the game is over."""
    if state.chance is not None and state.chance.node is not None:
        return CHANCE
    return None if state.phase == _OVER else state.seat


def is_terminal(state: GameState) -> bool:
    return state.phase == _OVER


def scores(state: GameState) -> tuple[int, ...]:
    """VP per seat so far (final once the game is over)."""
    return tuple(p.total_vp for p in state.players)


def score_breakdown(state: GameState) -> tuple[dict[str, int], ...]:
    """Per seat: VP per source (mason, fishmonger, wharf, ships, walls, cathedral) and per bonus
    card (`"bonus:<card id>"`, scored at the end), plus `"total"`."""
    out = []
    for p in state.players:
        d = {name: p.vp[i] for i, name in enumerate(VP_SOURCES) if name != "bonus"}
        for card, vp in zip(p.bonus_cards, p.bonus_vp):
            d[f"bonus:{card}"] = vp
        d["total"] = p.total_vp
        out.append(d)
    return tuple(out)


def winners(state: GameState) -> tuple[int, ...]:
    """The winning seats (WIN-1, R-7) of a game that is over.

    Raises `GameNotOverError` (a `ValueError`) before the end: the
    standings of a game in progress are `scores`.
    """
    if state.phase != PHASE_OVER:
        raise GameNotOverError(
            "the game is not over: the winners are decided at the end (WIN-1); scores() gives the standings"
        )
    return scoring.winners(state)
