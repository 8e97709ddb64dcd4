"""A session's past, worked out again from its actions: the steps since a seat's last decision
(each with what changed on the board and its log lines), and the whole log in another language.

A session keeps its setup and its actions; replaying them is cheap (a few milliseconds for a
whole game), so nothing more is stored. Only what the asking seat may see leaves here: its own
view after each step and the log lines, written from its share of the events (`events_for`), which
never name another seat's bonus cards nor a solo bot's Patrician cards.
"""

from __future__ import annotations

from typing import Any

from ragusa.contract.views import events_for, view, view_to_data
from ragusa.core.board import BOARD
from ragusa.core.events import Event
from ragusa.core.state import GameState
from ragusa.rules.game import new_solo_game
from ragusa.rules.resolution import step
from ragusa.text.i18n import Translator
from ragusa.text.log import describe_event, describe_setup, describe_step

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
    it, its log lines, what changed and `seat`'s view after it; and everything that changed."""
    since = max(since, len(session.actions) - MAX_STEPS, 0)
    start, played = _replay(session, since)
    steps = []
    for i, (before, after, events) in enumerate(played):
        action = session.actions[since + i]
        steps.append(
            {
                "seat": session.actors[since + i],
                "log": describe_step(before, action, after, events_for(seat, events), tr),
                "changed": changed(before, after),
                "view": view_to_data(view(after, seat)),
            }
        )
    return {"since": since, "steps": steps, "changed": changed(start, session.state)}


#: recent translated logs, by game, actions and language (bounded: the oldest goes first)
_logs: dict[tuple[str, int, str], tuple[tuple[str, ...], tuple[tuple[str, ...], ...]]] = {}
_LOGS = 64


def log_groups(session: Session, tr: Translator) -> tuple[tuple[str, ...], tuple[tuple[str, ...], ...]]:
    """The session's log in the translator's language, as `Session.opening` and `Session.log` hold
    it in English: the setup lines, then the lines of each action."""
    if tr.lang == "en":
        return session.opening, session.log
    key = (session.id, hash(session.actions), tr.lang)
    hit = _logs.get(key)
    if hit is not None:
        return hit
    opening: list[Event] = []
    if session.players == 1:
        new_solo_game(session.seed, session.edition, session.options, opening)
    lines = describe_setup(session.initial, tr)
    shown = events_for(None, opening)  # as the English log: only what every seat may see
    lines += [f"    {t}" for e in shown if (t := describe_event(e, session.initial, tr)) is not None]
    _, played = _replay(session, 0)
    groups = tuple(
        tuple(describe_step(b, a, n, events_for(None, ev), tr)) for a, (b, n, ev) in zip(session.actions, played)
    )
    if len(_logs) >= _LOGS:
        del _logs[next(iter(_logs))]
    _logs[key] = (tuple(lines), groups)
    return _logs[key]


def log_in(session: Session, tr: Translator) -> list[str]:
    """The session's whole log in the translator's language (the stored log is English)."""
    opening, groups = log_groups(session, tr)
    return [*opening, *(line for lines in groups for line in lines)]
