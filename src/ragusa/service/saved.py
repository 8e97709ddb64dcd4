"""The saved form of a session: JSON data to keep a game in a store (the web app's SQLite or
PostgreSQL store, the browser export's saved games) and read it back, its state replayed from the
seed, or the position it started from, and its actions."""

from __future__ import annotations

from typing import Any

from ragusa.contract.serialization import state_from_data, state_to_data
from ragusa.core.state import OPTION_NAMES, Options
from ragusa.rules.game import new_game
from ragusa.text.notation import format_action, parse_action

from .session import Session, replay_actions

__all__ = ["session_from_data", "session_to_data"]


def session_to_data(s: Session) -> dict[str, Any]:
    """A session as JSON data, to keep it (the web app's SQLite store, the browser export's saved
    games); `session_from_data` reads it back. Actions are in notation; the log is written again
    from them when asked for."""
    return {
        "players": s.players,
        "edition": s.edition,
        "options": {k: getattr(s.options, k) for k in OPTION_NAMES},
        "seed": s.seed,
        "seats": list(s.seats),
        "tokens": list(s.tokens),
        "actions": [format_action(a) for a in s.actions],
        "actors": list(s.actors),
        "names": list(s.names),
        "version": s.version,
        **({"position": state_to_data(s.initial)} if s.from_position else {}),
    }


def session_from_data(game_id: str, d: dict[str, Any]) -> Session:
    """The session `session_to_data` wrote, its game replayed from the seed and the actions."""
    options = Options(**d["options"])
    position = d.get("position")
    if position is not None:
        initial = state_from_data(position)
    else:
        initial = new_game(d["players"], seed=d["seed"], edition=d["edition"], options=options)
    actions = tuple(parse_action(None, a) for a in d["actions"])
    return Session(
        id=game_id,
        players=d["players"],
        edition=d["edition"],
        options=options,
        seed=d["seed"],
        seats=tuple(d["seats"]),
        tokens=tuple(d["tokens"]),
        initial=initial,
        state=replay_actions(initial, actions),
        actions=actions,
        actors=tuple(d["actors"]),
        names=tuple(d.get("names", ())),
        version=d.get("version", len(actions)),
        from_position=position is not None,
    )
