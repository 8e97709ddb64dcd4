"""A session's past, worked out again from its actions: the steps since a seat's last decision
(each with what changed on the board and its log lines), and the whole log in another language.

A session keeps its setup and its actions; replaying them is cheap (a few milliseconds for a
whole game), so nothing more is stored. Only what the asking seat may see leaves here: its own
view after each step and the log lines, written from its share of the events (`events_for`), which
never name another seat's bonus cards nor a solo bot's Patrician cards.
"""

from __future__ import annotations

from typing import Any

from ragusa.contract.serialization import event_to_data
from ragusa.contract.views import events_for, view, view_to_data
from ragusa.core.board import BOARD
from ragusa.core.events import Event
from ragusa.core.state import GameState
from ragusa.rules.resolution import step
from ragusa.text.i18n import Translator
from ragusa.text.log import describe_step

from .session import Session

__all__ = ["MAX_STEPS", "changed", "log_groups", "log_in", "steps_since"]

#: most steps one answer replays (a 5-player round of bots is well under this)
MAX_STEPS = 120


def changed(before: GameState, after: GameState) -> dict[str, list[Any]]:
    """What differs on the table: spots whose house changed, walls and towers built, market slots
    whose ship changed (bought or arrived)."""
    return {
        "houses": [BOARD.spot_ids[i] for i, (a, b) in enumerate(zip(before.houses, after.houses)) if a != b],
        "walls": [BOARD.wall_ids[i] for i, (a, b) in enumerate(zip(before.walls, after.walls)) if a != b],
        "towers": [BOARD.spot_ids[i] for i, (a, b) in enumerate(zip(before.towers, after.towers)) if a != b],
        "slots": [i for i, (a, b) in enumerate(zip(before.slots, after.slots)) if a != b],
    }


def _replay(session: Session, start: int) -> tuple[GameState, list[tuple[GameState, GameState, list[Event]]]]:
    """The state before action `start`, and (before, after, events) for each action from it."""
    state = session.initial
    out: list[tuple[GameState, GameState, list[Event]]] = []
    at_start = state
    for i, action in enumerate(session.actions):
        if i == start:
            at_start = state
        if i < start:
            state, _ = step(state, action)
            continue
        new, events = step(state, action)
        out.append((state, new, list(events)))
        state = new
    if start >= len(session.actions):
        at_start = state
    return at_start, out


def steps_since(session: Session, seat: int, since: int, tr: Translator) -> dict[str, Any]:
    """The actions from number `since` on, as `seat` may see them: for each, the seat that took
    it, its events and log lines (`seat`'s share), what changed and `seat`'s view after it; and
    everything that changed."""
    since = max(since, len(session.actions) - MAX_STEPS, 0)
    start, played = _replay(session, since)
    steps = []
    for i, (before, after, events) in enumerate(played):
        action = session.actions[since + i]
        shown = events_for(seat, events)
        steps.append(
            {
                "seat": session.actors[since + i],
                "events": [event_to_data(e) for e in shown],
                "log": describe_step(before, action, after, shown, tr),
                "changed": changed(before, after),
                "view": view_to_data(view(after, seat)),
            }
        )
    return {"since": since, "steps": steps, "changed": changed(start, session.state)}


def log_groups(session: Session, tr: Translator) -> tuple[tuple[str, ...], tuple[tuple[str, ...], ...]]:
    """The session's log in the translator's language: the setup lines, then the lines of each action."""
    return session.log_in(tr)


def log_in(session: Session, tr: Translator) -> list[str]:
    """The session's whole log in the translator's language (the stored log is English)."""
    opening, groups = log_groups(session, tr)
    return [*opening, *(line for lines in groups for line in lines)]
