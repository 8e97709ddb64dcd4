"""One game being played through the protocol: its setup, its actions, who plays each seat, its log.

A `Session` is frozen; every change makes a new one. The bots named in `seats` move
here, on the server side, right after each action, until a seat played by a person (`"human"`:
any outside program or person) decides or the game ends. A bot's generator is seeded from the
game seed and the number of actions so far, so replaying a session's actions is deterministic.
The log is shown to every seat, so it is written from what every seat may see (`events_for`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

import attrs

from ragusa.bots import LEVELS, make_bot
from ragusa.contract.views import events_for
from ragusa.core.actions import Action
from ragusa.core.errors import InvalidInputError
from ragusa.core.events import Event
from ragusa.core.state import EDITIONS, OPTION_NAMES, GameState, Options
from ragusa.rules.game import new_game, new_solo_game
from ragusa.rules.legal import legal_actions
from ragusa.rules.queries import is_terminal
from ragusa.rules.resolution import apply, step
from ragusa.text.log import describe_event, describe_setup, describe_step
from ragusa.text.notation import format_action, parse_action

__all__ = [
    "HUMAN",
    "PATRICIAN",
    "SEAT_BOTS",
    "SEAT_KINDS",
    "Session",
    "apply_action",
    "check_names",
    "create",
    "undo",
    "replay_actions",
]

#: the seat kind of a person (or any outside program) choosing the seat's actions
HUMAN = "human"
#: the kind of the solo game's bot seats, played by the rules themselves (SOLO-4)
PATRICIAN = "patrician"
#: the bots a seat can be, by seat kind, and the spec (`ragusa.bots.make_bot`) each plays with: the
#: levels (`ragusa.bots.LEVELS`) and the bots by name; the search bot gets half a second of wall time
#: per decision, short enough for an interactive server
SEAT_BOTS: dict[str, str] = {
    **{lv.name: lv.spec for lv in LEVELS},
    "expert": "expert",
    "greedy": "greedy",
    "ismcts": "ismcts:0.5s",
    "random": "random",
}
#: every seat kind the protocol accepts: a person, the levels easiest first, the bots by name
SEAT_KINDS: tuple[str, ...] = (HUMAN, *SEAT_BOTS)
#: most actions a game can hold (a real game has a few hundred); longer sessions are refused
MAX_ACTIONS = 5_000
#: longest seat name accepted
MAX_NAME = 40


def check_names(names: Sequence[object] | None, seats: int) -> tuple[str | None, ...]:
    """Seat names as given (trimmed; empty is None), or InvalidInputError naming the bad one."""
    if names is None:
        return ()
    if len(names) != seats:
        raise InvalidInputError(
            "$.names", f"names must give {seats} entries, one per seat (null for none); got {len(names)}"
        )
    out: list[str | None] = []
    for i, name in enumerate(names):
        if name is None:
            out.append(None)
            continue
        if not isinstance(name, str):
            raise InvalidInputError(f"$.names[{i}]", f"a name is a string or null, not {type(name).__name__}")
        name = " ".join(name.split())
        if len(name) > MAX_NAME or any(not c.isprintable() for c in name):
            raise InvalidInputError(f"$.names[{i}]", f"a name is at most {MAX_NAME} printable characters")
        out.append(name or None)
    return tuple(out)


@attrs.frozen
class Session:
    """A game in play. `seats[i]` is `"human"` or a bot name (one entry in a solo game)."""

    id: str
    players: int
    edition: str
    options: Options
    seed: int
    seats: tuple[str, ...]
    #: the secret of each human seat (None for bots): whoever holds it plays that seat
    tokens: tuple[str | None, ...]
    initial: GameState
    state: GameState
    actions: tuple[Action, ...] = ()
    #: the seat that took each action
    actors: tuple[int, ...] = ()
    #: the log lines of each action, parallel to `actions`
    log: tuple[tuple[str, ...], ...] = ()
    #: the setup lines (and, solo, the Patrician's opening turns)
    opening: tuple[str, ...] = ()
    #: the name each seat of `seats` goes by, or None (shown as text, never as markup)
    names: tuple[str | None, ...] = ()

    def name(self, seat: int) -> str | None:
        """The name `seat` goes by, if its person gave one."""
        return self.names[seat] if seat < len(self.names) else None

    def kind(self, seat: int) -> str:
        """`"human"`, a bot name, or `"patrician"` (the solo game's bots)."""
        return self.seats[seat] if seat < len(self.seats) else PATRICIAN

    @property
    def humans(self) -> int:
        return sum(1 for k in self.seats if k == HUMAN)

    def log_lines(self) -> list[str]:
        return [*self.opening, *(line for lines in self.log for line in lines)]


def _bot_rng(seed: int, n_actions: int) -> random.Random:
    return random.Random(f"ragusa-service/{seed}/{n_actions}")


def _check_setup(players: object, edition: object, seats: Sequence[object], bot_specs: bool) -> None:
    if isinstance(players, bool) or not isinstance(players, int) or not 1 <= players <= 5:
        raise InvalidInputError("$.players", f"players must be 1 to 5 (1 is the solo game), not {players!r}")
    if edition not in EDITIONS:
        raise InvalidInputError("$.edition", f"edition must be one of {', '.join(EDITIONS)}, not {edition!r}")
    if len(seats) != players:
        raise InvalidInputError("$.seats", f"seats must name {players} seat kind(s), one per player; got {len(seats)}")
    for i, kind in enumerate(seats):
        if kind in SEAT_KINDS:
            continue
        if bot_specs and isinstance(kind, str):
            try:
                make_bot(kind)
            except ValueError as exc:
                raise InvalidInputError(f"$.seats[{i}]", str(exc)) from None
            continue
        raise InvalidInputError(f"$.seats[{i}]", f"a seat is one of {', '.join(SEAT_KINDS)}, not {kind!r}")


def create(
    game_id: str,
    *,
    players: int,
    seats: Sequence[str],
    seed: int,
    edition: str = "2nd",
    options: Options | None = None,
    token: Callable[[], str] = lambda: "",
    bot_specs: bool = False,
    names: Sequence[object] | None = None,
) -> Session:
    """A new session; the bots move until a human decides. `token()` makes each human seat's secret.

    A seat is `"human"` or one of `SEAT_BOTS`; with `bot_specs` (local play, not a server) any
    bot spec `ragusa.bots.make_bot` accepts, such as `"ismcts:200"`.
    """
    _check_setup(players, edition, seats, bot_specs)
    seat_names = check_names(names, len(seats))
    options = options or Options()
    opening: list[Event] = []
    if players == 1:
        state = initial = new_solo_game(seed, edition, options, opening)
    else:
        state = initial = new_game(players, seed=seed, edition=edition, options=options)
    shown = events_for(None, opening)  # the log goes to every seat: only what all of them may see
    lines = describe_setup(state) + [f"    {t}" for e in shown if (t := describe_event(e, state)) is not None]
    session = Session(
        id=game_id,
        players=players,
        edition=edition,
        options=options,
        seed=seed,
        seats=tuple(seats),
        tokens=tuple(token() if k == HUMAN else None for k in seats),
        initial=initial,
        state=state,
        opening=tuple(lines),
        names=seat_names,
    )
    return run_bots(session)


def _step(session: Session, action: Action) -> Session:
    state = session.state
    assert state.seat is not None
    new, events = step(state, action)
    return attrs.evolve(
        session,
        state=new,
        actions=(*session.actions, action),
        actors=(*session.actors, state.seat),
        log=(*session.log, tuple(describe_step(state, action, new, events_for(None, events)))),
    )


def run_bots(session: Session) -> Session:
    """Let the bots decide while one of them is the deciding seat."""
    while not is_terminal(session.state):
        seat = session.state.seat
        assert seat is not None
        kind = session.kind(seat)
        if kind == HUMAN:
            break
        bot = make_bot(SEAT_BOTS.get(kind, kind))
        choice = bot.choose(session.state, legal_actions(session.state), _bot_rng(session.seed, len(session.actions)))
        session = _step(session, choice)
    return session


def apply_action(session: Session, action: Action) -> Session:
    """The session after the deciding (human) seat takes `action`, then the bots' moves.

    Raises `ragusa.IllegalActionError` when the rules forbid it.
    """
    if len(session.actions) >= MAX_ACTIONS:
        raise InvalidInputError("$", f"a game holds at most {MAX_ACTIONS} actions")
    return run_bots(_step(session, action))


def replay_actions(initial: GameState, actions: Sequence[Action]) -> GameState:
    state = initial
    for a in actions:
        state = apply(state, a)
    return state


def session_to_data(s: Session) -> dict[str, Any]:
    """A session as JSON data, to keep it (the web app's SQLite store, the browser export's saved
    games); `session_from_data` reads it back. Actions are in notation, the log as it was written."""
    return {
        "players": s.players,
        "edition": s.edition,
        "options": {k: getattr(s.options, k) for k in OPTION_NAMES},
        "seed": s.seed,
        "seats": list(s.seats),
        "tokens": list(s.tokens),
        "actions": [format_action(a) for a in s.actions],
        "actors": list(s.actors),
        "log": [list(lines) for lines in s.log],
        "opening": list(s.opening),
        "names": list(s.names),
    }


def session_from_data(game_id: str, d: dict[str, Any]) -> Session:
    """The session `session_to_data` wrote, its game replayed from the seed and the actions."""
    options = Options(**d["options"])
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
        log=tuple(tuple(lines) for lines in d["log"]),
        opening=tuple(d["opening"]),
        names=tuple(d.get("names", ())),
    )


def undo(session: Session) -> Session:
    """The session before the last human action (and the bot moves after it).

    Raises ValueError when there is nothing to undo or when more than one seat is human.
    """
    if session.humans > 1:
        raise ValueError("undo is only possible in a game with at most one human seat")
    last = next((i for i in range(len(session.actors) - 1, -1, -1) if session.kind(session.actors[i]) == HUMAN), None)
    if last is None:
        raise ValueError("nothing to undo: no human action has been taken yet")
    return attrs.evolve(
        session,
        state=replay_actions(session.initial, session.actions[:last]),
        actions=session.actions[:last],
        actors=session.actors[:last],
        log=session.log[:last],
    )
