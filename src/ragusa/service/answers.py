"""The parts of the protocol's answers that several ops share: the status of a game, its legal
actions as listed, a step's events as a seat may see them."""

from __future__ import annotations

from typing import Any

from ragusa.contract.views import records_to_data
from ragusa.core.events import Recorded
from ragusa.rules.queries import is_terminal, score_breakdown, winners
from ragusa.text.explain import explain_action
from ragusa.text.i18n import ENGLISH, Translator

from .session import PATRICIAN, Session

__all__ = ["events_list", "legal_list", "status"]

Message = dict[str, Any]


def legal_list(s: Session, tr: Translator = ENGLISH, explain: bool = False) -> list[Message]:
    """Each legal action: its notation, its JSON and the fish it spends; with `explain`, what it does."""
    if not explain:
        return list(s.listed)
    return [{**entry, "explain": explain_action(s.state, a, tr)} for a, entry in zip(s.legal, s.listed)]


def status(s: Session) -> Message:
    """Whose decision it is, the scores, and at the end the winners and each seat's score by source.
    Worked out once per session: the answer is shared by every answer about it, never to be changed."""
    found: Message | None = s.memo.get("status")
    if found is None:
        found = s.memo["status"] = _status(s)
    return found


def _status(s: Session) -> Message:
    st = s.state
    players = st.players
    n = len(players)
    over = is_terminal(st)
    seats, names = s.seats, s.names
    out: Message = {
        "game": s.id,
        "phase": st.phase,
        "seat": st.seat,
        "turn_seat": st.turn_seat,
        "over": over,
        "scores": [p.total_vp for p in players],
        "actions": len(s.actions),
        "seats": [*seats, *[PATRICIAN] * (n - len(seats))],
        "names": [*names[:n], *[None] * (n - len(names))],
        "edition": st.edition,
        "undo": not over and s.humans <= 1 and s.human_acted,
        "version": s.version,
    }
    if over:
        out["winners"] = list(winners(st))
        out["result"] = [dict(d) for d in score_breakdown(st)]
    return out


def events_list(seat: int | None, events: list[Recorded]) -> list[Message]:
    """`seat`'s share of `events` (as the rules record them) as JSON objects (`None`: what every
    seat may see)."""
    return records_to_data(seat, events)
