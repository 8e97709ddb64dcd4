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
from ragusa.core.events import Event, Recorded
from ragusa.core.state import EDITIONS, GameState, Options
from ragusa.rules.game import new_game, new_solo_game
from ragusa.rules.legal import legal_actions
from ragusa.rules.queries import is_terminal
from ragusa.rules.resolution import apply, step, step_recorded
from ragusa.text.i18n import ENGLISH, Translator
from ragusa.text.log import describe_event, describe_setup, describe_step

from .listing import Entries

__all__ = [
    "HUMAN",
    "PATRICIAN",
    "SEAT_BOTS",
    "SEAT_KINDS",
    "Session",
    "apply_action",
    "Chooser",
    "check_names",
    "create",
    "undo",
    "replay_actions",
    "think",
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
#: a log: the setup lines, then the lines of each action
Log = tuple[tuple[str, ...], tuple[tuple[str, ...], ...]]


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
    #: the name each seat of `seats` goes by, or None (shown as text, never as markup)
    names: tuple[str | None, ...] = ()
    #: how many changes the game has seen: 0 at creation, +1 for each action (the bots' too) and each undo
    version: int = 0
    #: the game started from a given position (`initial`), not from the seed's setup
    from_position: bool = False

    #: the listed entry of each action this game's sessions have listed (shared along the game)
    entries: Entries = attrs.field(factory=Entries, eq=False, repr=False)

    #: what has been worked out from this session (its legal actions as listed, its log in each
    #: language, its status): the session never changes, so neither do they
    memo: dict[str, Any] = attrs.field(factory=dict, init=False, eq=False, repr=False)

    @property
    def legal(self) -> tuple[Action, ...]:
        """`legal_actions(state)`, worked out once per session (a client asks, then applies)."""
        found: tuple[Action, ...] | None = self.memo.get("legal")
        if found is None:
            found = self.memo["legal"] = legal_actions(self.state)
        return found

    @property
    def listed(self) -> tuple[dict[str, Any], ...]:
        """Each legal action as the protocol lists it: its notation, its JSON and the fish it spends."""
        found: tuple[dict[str, Any], ...] | None = self.memo.get("listed")
        if found is None:
            found = self.memo["listed"] = self.entries.of(self.legal)
        return found

    def name(self, seat: int) -> str | None:
        """The name `seat` goes by, if its person gave one."""
        return self.names[seat] if seat < len(self.names) else None

    def kind(self, seat: int) -> str:
        """`"human"`, a bot name, or `"patrician"` (the solo game's bots)."""
        return self.seats[seat] if seat < len(self.seats) else PATRICIAN

    @property
    def humans(self) -> int:
        return self.seats.count(HUMAN)

    @property
    def human_acted(self) -> bool:
        """Whether a human seat has taken an action (there is something to undo)."""
        return any(self.seats[i] == HUMAN and i in self.actors for i in range(len(self.seats)))

    def log_in(self, tr: Translator = ENGLISH) -> Log:
        """The log in `tr`'s language: the setup lines (and, solo, the Patrician's opening turns),
        then the lines of each action; written from what every seat may see (`events_for`), from
        the actions, once per language and session."""
        key = f"log/{tr.lang}"
        found: Log | None = self.memo.get(key)
        if found is None:
            found = self.memo[key] = _write_log(self, tr)
        return found

    @property
    def log(self) -> tuple[tuple[str, ...], ...]:
        """The English log lines of each action, parallel to `actions`."""
        return self.log_in()[1]

    @property
    def opening(self) -> tuple[str, ...]:
        """The English setup lines (and, solo, the Patrician's opening turns)."""
        return self.log_in()[0]

    def log_lines(self) -> list[str]:
        opening, groups = self.log_in()
        return [*opening, *(line for lines in groups for line in lines)]


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
    events: list[Recorded] | None = None,
    position: GameState | None = None,
    choose: Chooser | None = None,
) -> Session:
    """A new session; the bots move until a human decides. `token()` makes each human seat's secret.
    `events`, when given, receives the events of the setup and of the bots' moves (every seat's,
    as the rules record them: `ragusa.core.events.Recorded`).
    With `position` (a validated state) the game plays on from it: its players, edition and options
    are the position's, and `seed` only seeds the bots.

    A seat is `"human"` or one of `SEAT_BOTS`; with `bot_specs` (local play, not a server) any
    bot spec `ragusa.bots.make_bot` accepts, such as `"ismcts:200"`.
    """
    if position is not None:
        players = 1 if position.solo is not None else position.n_players
        edition, options = position.edition, position.options
    _check_setup(players, edition, seats, bot_specs)
    seat_names = check_names(names, len(seats))
    options = options or Options()
    opening: list[Event] = []
    if position is not None:
        state = initial = position
    elif players == 1:
        state = initial = new_solo_game(seed, edition, options, opening)
    else:
        state = initial = new_game(players, seed=seed, edition=edition, options=options)
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
        names=seat_names,
        from_position=position is not None,
    )
    if events is not None:
        events.extend(opening)
    return run_bots(session, events, choose)


def _step(session: Session, action: Action, out: list[Recorded] | None) -> Session:
    state = session.state
    assert state.seat is not None
    if out is None:
        new = apply(state, action)
    else:
        new, events = step_recorded(state, action)
        out.extend(events)
    return Session(  # every field in order, as attrs.evolve would copy them (faster: a step is the hot path)
        session.id,
        session.players,
        session.edition,
        session.options,
        session.seed,
        session.seats,
        session.tokens,
        session.initial,
        new,
        session.actions + (action,),
        session.actors + (state.seat,),
        session.names,
        session.version + 1,
        session.from_position,
        session.entries,
    )


def think(state: GameState, spec: str, seed: int, n_actions: int) -> Action:
    """The action the bot `spec` (as `ragusa.bots.make_bot` reads it) takes in `state`, its
    generator seeded from the game's seed and the number of actions so far: the same wherever it runs."""
    return make_bot(spec).choose(state, legal_actions(state), _bot_rng(seed, n_actions))


#: how a session's bot decides: (the session, the bot's spec) -> its action; by default `think`
#: in this process (the web app thinks in worker processes, committing each step first)
Chooser = Callable[[Session, str], Action]


def _think_here(session: Session, spec: str) -> Action:
    return think(session.state, spec, session.seed, len(session.actions))


def run_bots(session: Session, events: list[Recorded] | None = None, choose: Chooser | None = None) -> Session:
    """Let the bots decide while one of them is the deciding seat (their events into `events`),
    each through `choose`."""
    while not is_terminal(session.state):
        seat = session.state.seat
        assert seat is not None
        kind = session.kind(seat)
        if kind == HUMAN:
            break
        session = _step(session, (choose or _think_here)(session, SEAT_BOTS.get(kind, kind)), events)
    return session


def apply_action(
    session: Session, action: Action, events: list[Recorded] | None = None, choose: Chooser | None = None
) -> Session:
    """The session after the deciding (human) seat takes `action`, then the bots' moves (each
    through `choose`); `events`, when given, receives the events of every step as the rules record
    them (every seat's: `ragusa.contract.views.records_to_data` writes a seat's share).

    Raises `ragusa.IllegalActionError` when the rules forbid it.
    """
    if len(session.actions) >= MAX_ACTIONS:
        raise InvalidInputError("$", f"a game holds at most {MAX_ACTIONS} actions")
    return run_bots(_step(session, action, events), events, choose)


def _write_log(s: Session, tr: Translator) -> Log:
    opening: list[Event] = []
    if s.players == 1 and not s.from_position:
        new_solo_game(s.seed, s.edition, s.options, opening)
    shown = events_for(None, opening)  # the log goes to every seat: only what all of them may see
    lines = describe_setup(s.initial, tr)
    lines += [f"    {t}" for e in shown if (t := describe_event(e, s.initial, tr)) is not None]
    groups = []
    state = s.initial
    for action in s.actions:
        new, events = step(state, action)
        groups.append(tuple(describe_step(state, action, new, events_for(None, events), tr)))
        state = new
    return tuple(lines), tuple(groups)


def replay_actions(initial: GameState, actions: Sequence[Action]) -> GameState:
    state = initial
    for a in actions:
        state = apply(state, a)
    return state


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
        version=session.version + 1,
    )
