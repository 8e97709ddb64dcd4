"""The log's closing lines: each seat's score by source, every bonus card revealed, and who won
(WIN-1, R-7; in a solo game SOLO-7 names the person or the Patrician)."""

from __future__ import annotations

from collections.abc import Sequence

from ragusa.core.state import VP_SOURCES, GameState, Phase
from ragusa.rules.scoring import commodity_value, winners
from ragusa.rules.solo.patrician import HUMAN

from .i18n import ENGLISH, Translator
from .names import market_text

__all__ = ["describe_result", "solo_verdict"]


def _seats(seats: Sequence[int], tr: Translator) -> str:
    """`[0, 2, 3]` -> `"seats 1, 3 and 4"` (people count seats from 1)."""
    names = [str(s + 1) for s in seats]
    if len(names) == 1:
        return tr.seat(seats[0])
    return tr("seats {list} and {last}", list=", ".join(names[:-1]), last=names[-1])


def solo_verdict(state: GameState, tr: Translator = ENGLISH) -> str:
    """SOLO-7: `"the human wins"` or `"the Patrician wins"` (`winners`: the human only with
    strictly more VP than each bot)."""
    return tr("the human wins") if HUMAN in winners(state) else tr("the Patrician wins")


def _solo_result(state: GameState, tr: Translator) -> str:
    """How the human fares against each bot, and who wins (SOLO-7)."""
    assert state.solo is not None
    totals = [p.total_vp for p in state.players]
    human = totals[HUMAN]
    parts = []
    for b in state.solo.bot_seats:
        fields = {"who": tr.seat(b), "vp": totals[b]}
        if human > totals[b]:
            parts.append(tr("beats {who} ({vp} VP)", **fields))
        elif human == totals[b]:
            parts.append(tr("ties {who} ({vp} VP)", **fields))
        else:
            parts.append(tr("loses to {who} ({vp} VP)", **fields))
    return tr(
        "{who} ({vp} VP) {parts}: {verdict}",
        who=tr.seat(HUMAN),
        vp=human,
        parts=tr(" and ").join(parts),
        verdict=solo_verdict(state, tr),
    )


def _solo_winner(state: GameState, win: Sequence[int], tr: Translator) -> str:
    """SOLO-7 names the winner: the person, or the Patrician with the bot(s) that won for it."""
    if HUMAN in win:
        return tr("Winner: the human, {who}.", who=tr.seat(HUMAN))
    assert state.solo is not None
    return tr("Winner: the Patrician, with {bots}.", bots=tr(" and ").join(tr.seat(s) for s in win))


def _winner_lines(state: GameState, tr: Translator) -> list[str]:
    """Who won, from `ragusa.rules.scoring.winners`, with the tie-break when VP were tied (WIN-1, R-7)."""
    win = list(winners(state))
    totals = [p.total_vp for p in state.players]
    top = max(totals)
    leaders = [s for s, v in enumerate(totals) if v == top]
    if state.solo is not None:
        return [tr("Solo result (SOLO-7): {result}.", result=_solo_result(state, tr)), _solo_winner(state, win, tr)]
    if not set(win) <= set(leaders):  # pragma: no cover - winners() follows WIN-1
        return [tr("Winners: {seats}.", seats=_seats(win, tr) if win else tr("none"))]
    if len(leaders) == 1:
        return [tr("Winner: {who} with {vp} VP.", who=tr.seat(leaders[0]), vp=top)]
    values = {s: commodity_value(state, s) for s in leaders}
    detail = ", ".join(f"{tr.seat(s)} {values[s]}" for s in leaders)
    lines = [
        tr(
            "Tie on {vp} VP between {seats}; tie-break by commodity value at the end market values (WIN-1): {detail}.",
            vp=top,
            seats=_seats(leaders, tr),
            detail=detail,
        )
    ]
    if len(win) == 1:
        lines.append(tr("Winner: {who} with {vp} VP (tie-break).", who=tr.seat(win[0]), vp=top))
    else:
        lines.append(
            tr("Winners: {seats} share the victory with {vp} VP (still tied, R-7).", seats=_seats(win, tr), vp=top)
        )
    return lines


def describe_result(state: GameState, tr: Translator = ENGLISH) -> list[str]:
    """Each seat's score by source (every bonus card revealed) and the winner(s)."""
    lines = [tr("Final scores (market values: {values}):", values=market_text(state, tr))]
    for seat, p in enumerate(state.players):
        parts = [f"{tr.p('vp source', name)} {p.vp[i]}" for i, name in enumerate(VP_SOURCES) if name != "bonus"]
        if p.bonus_cards:
            vps = p.bonus_vp if len(p.bonus_vp) == len(p.bonus_cards) else (None,) * len(p.bonus_cards)
            cards = ", ".join(f"{tr.card(c)} {'?' if v is None else v}" for c, v in zip(p.bonus_cards, vps))
        else:
            cards = tr("none")
        parts.append(tr("bonus cards [{cards}]", cards=cards))
        total = tr("total {vp}", vp=p.total_vp)
        lines.append(f"  {tr.seat(seat)}: " + " | ".join(parts) + f" | {total}")
    if state.phase == Phase.OVER:
        lines.extend(_winner_lines(state, tr))
    return lines
