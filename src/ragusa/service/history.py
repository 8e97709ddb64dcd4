"""A session's past, worked out again from its actions: the steps since a seat's last decision
(each with what changed on the board and its log lines), and the whole log in another language.

In a solo game the rules play the Patrician's bots inside the person's action; each of their
decisions is a step of its own, with its bot's seat. A session keeps its setup and its actions; replaying them is cheap (a few milliseconds for a
whole game), so nothing more is stored. Only what the asking seat may see leaves here: its own
view after each step and the log lines, written from its share of the events (`events_for`), which
never name another seat's bonus cards nor a solo bot's Patrician cards.
"""

from __future__ import annotations

from typing import Any

from ragusa.contract.serialization import event_to_data
from ragusa.contract.views import events_for, view, view_to_data
from ragusa.core.actions import Action
from ragusa.core.board import BOARD
from ragusa.core.events import BotDecision, Event, HousePlaced, ShipArrived, ShipBought, TowerBuilt, WallBuilt
from ragusa.core.state import POWERHOUSE, GameState, Phase
from ragusa.rules.resolution import step
from ragusa.text.i18n import Translator
from ragusa.text.log import describe_step, event_lines

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


def _deciders(actor: int, events: list[Event]) -> list[tuple[int, list[Event]]]:
    """An action's events grouped by the seat that decided them: the actor's, then each solo bot
    decision (`BotDecision`, made by the rules inside the action) with what it set off; an event
    of another seat after a bot's decision goes back to the actor (its action goes on)."""
    groups: list[tuple[int, list[Event]]] = [(actor, [])]
    for e in events:
        who = getattr(e, "seat", None)
        if isinstance(e, BotDecision):
            groups.append((e.seat, [e]))
        elif who is not None and who != groups[-1][0] and groups[-1][0] != actor:
            groups.append((actor, [e]))
        else:
            groups[-1][1].append(e)
    return [g for k, g in enumerate(groups) if k == 0 or g[1]]


def _pieces(data: dict[str, Any], events: list[Event]) -> dict[str, Any]:
    """A view's data with the pieces `events` put on the table: houses, walls, towers, market ships."""
    out = {k: list(data[k]) for k in ("houses", "walls", "towers", "slots")}
    for e in events:
        if isinstance(e, HousePlaced):
            out["houses"][BOARD.spot_index[e.spot]] = POWERHOUSE if e.powerhouse else e.seat
        elif isinstance(e, WallBuilt):
            out["walls"][BOARD.wall_index[e.segment]] = e.seat
        elif isinstance(e, TowerBuilt):
            out["towers"][BOARD.spot_index[e.spot]] = e.seat
        elif isinstance(e, ShipBought):
            out["slots"][e.slot] = None
        elif isinstance(e, ShipArrived):
            out["slots"][e.slot] = e.ship
    return {**data, **out}


def _changed_by(events: list[Event]) -> dict[str, list[Any]]:
    """What `events` changed on the table, as `changed` says it."""
    return {
        "houses": [e.spot for e in events if isinstance(e, HousePlaced)],
        "walls": [e.segment for e in events if isinstance(e, WallBuilt)],
        "towers": [e.spot for e in events if isinstance(e, TowerBuilt)],
        "slots": sorted({e.slot for e in events if isinstance(e, ShipBought | ShipArrived)}),
    }


def _action_steps(
    before: GameState, action: Action, after: GameState, events: list[Event], actor: int, seat: int, tr: Translator
) -> list[dict[str, Any]]:
    """One action as `seat` may see it: a step for the actor and, in a solo game, one for each of the
    Patrician bots' decisions the rules took inside it (their own seat, events, log, rings). The last step
    shows the view after the action; one before it, the board with the pieces placed so far over
    the view before the action (the seats' numbers change with the last step)."""
    shown = list(events_for(seat, events))
    groups = _deciders(actor, shown)
    if len(groups) == 1:
        log = describe_step(before, action, after, shown, tr)
        step = {
            "seat": actor,
            "events": [event_to_data(e) for e in shown],
            "log": log,
            "changed": changed(before, after),
        }
        return [{**step, "view": view_to_data(view(after, seat))}]
    start = view_to_data(view(before, seat))
    steps, so_far = [], []
    for k, (who, group) in enumerate(groups):
        so_far += group
        last = k == len(groups) - 1
        if k == 0:
            log = describe_step(before, action, after, group, tr)
            log = [line for line in log if line != tr("The game is over.")]
        else:
            log = event_lines(group, after, tr)
        if last and after.phase == Phase.OVER and before.phase != Phase.OVER:
            log.append(tr("The game is over."))
        data = view_to_data(view(after, seat)) if last else {**_pieces(start, so_far), "seat": who}
        events_data = [event_to_data(e) for e in group]
        steps.append({"seat": who, "events": events_data, "log": log, "changed": _changed_by(group), "view": data})
    return steps


def steps_since(session: Session, seat: int, since: int, tr: Translator) -> dict[str, Any]:
    """The actions from number `since` on, as `seat` may see them: for each, the seat that took
    it, its events and log lines (`seat`'s share), what changed and `seat`'s view after it (in a solo
    game each decision of a Patrician bot is a step of its own, `_action_steps`); and everything that
    changed."""
    since = max(since, len(session.actions) - MAX_STEPS, 0)
    start, played = _replay(session, since)
    steps = []
    for i, (before, after, events) in enumerate(played):
        actor = session.actors[since + i]
        steps += _action_steps(before, session.actions[since + i], after, events, actor, seat, tr)
    return {"since": since, "steps": steps, "changed": changed(start, session.state)}


def log_groups(session: Session, tr: Translator) -> tuple[tuple[str, ...], tuple[tuple[str, ...], ...]]:
    """The session's log in the translator's language: the setup lines, then the lines of each action."""
    return session.log_in(tr)


def log_in(session: Session, tr: Translator) -> list[str]:
    """The session's whole log in the translator's language (the stored log is English)."""
    opening, groups = log_groups(session, tr)
    return [*opening, *(line for lines in groups for line in lines)]
