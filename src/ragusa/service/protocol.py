"""The JSON protocol: request dicts in, response dicts out, over a store of sessions.

Every request is an object with an `op` (see `OPS` and `schemas/protocol.schema.json`)
and an optional `id` echoed in the response. A response is `{"ok": true, ...}` or
`{"ok": false, "error": {"code", "message", ...}}`; `handle` never raises: bad input gets its
error, and an unexpected failure the `internal` error (its traceback logged, `logging`).

A request names the acting seat by `seat` (trusted callers: `ragusa engine`) or by `token`
(the secret of a human seat: the web app passes only that). With a token, a request sees and
acts for that seat only, and the record is given only once the game is over (the seed would
reveal every hidden card).
"""

from __future__ import annotations

import logging
import random
from collections.abc import Callable
from typing import Any, Protocol

from ragusa.contract.records import record_from_json, record_of, record_to_data, verify
from ragusa.contract.serialization import action_from_data
from ragusa.contract.views import view, view_to_data
from ragusa.core.actions import Action
from ragusa.core.errors import IllegalActionError, InvalidInputError
from ragusa.core.events import Recorded
from ragusa.core.state import OPTION_NAMES, Options
from ragusa.rules.queries import is_terminal
from ragusa.text.explain import why_now
from ragusa.text.i18n import Translator, translator
from ragusa.text.notation import parse_action

from . import analysis
from . import session as sessions
from .analysis import analyst
from .answers import events_list, legal_list, status
from .history import log_groups, steps_since
from .info import info
from .listing import entry
from .positions import position_op
from .requests import check_request, position_of, within
from .session import HUMAN, Session

__all__ = ["OPS", "ProtocolError", "Store", "handle", "internal_error", "status"]

Message = dict[str, Any]
LOG = logging.getLogger("ragusa.service")


class Store(Protocol):
    """Where sessions live (memory for `ragusa engine`, SQLite for the web app)."""

    def get(self, game_id: str) -> Session | None: ...

    def put(self, session: Session) -> None: ...

    def new_id(self) -> str: ...

    def new_token(self) -> str: ...

    def new_seed(self) -> int: ...


class ProtocolError(Exception):
    """A request the protocol refuses: `code` (bad_request, not_found, forbidden, not_your_turn,
    illegal, conflict, stale) and a message; `extra` goes into the error object."""

    def __init__(self, code: str, message: str, **extra: Any) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.extra = extra


# --------------------------------------------------------------------------- reading requests

_ABSENT = object()


def _field(msg: Message, name: str, kind: type | tuple[type, ...], default: Any = ..., what: str = "") -> Any:
    value = msg.get(name, _ABSENT)
    if value is _ABSENT:
        if default is ...:
            raise ProtocolError("bad_request", f"missing field {name!r}{what}")
        return default
    if type(value) is kind:  # the usual case (`check_request` has checked the field against its schema)
        return value
    if isinstance(value, bool) and kind is int or not isinstance(value, kind):
        names = kind.__name__ if isinstance(kind, type) else " or ".join(k.__name__ for k in kind)
        raise ProtocolError(
            "bad_request", f"field {name!r} must be {names.replace('str', 'a string')}, not {value!r:.60}"
        )
    return value


def _session(store: Store, msg: Message) -> Session:
    game_id = _field(msg, "game", str)
    found = store.get(game_id)
    if found is None:
        raise ProtocolError("not_found", f"no game {game_id!r:.60}")
    return found


def _seat(s: Session, msg: Message, required: bool = False) -> int | None:
    """The acting seat: from the token (which must be one of this game's), else from `seat`."""
    if "token" in msg:
        token = _field(msg, "token", str)
        if token and token in s.tokens:
            return s.tokens.index(token)
        raise ProtocolError("forbidden", "this link is not a seat of this game")
    if "seat" not in msg:
        if required:
            raise ProtocolError("bad_request", "missing field 'seat'")
        return None
    seat = _field(msg, "seat", int)
    n = s.state.n_players
    if not 0 <= seat < n:
        raise ProtocolError("bad_request", f"seat must be 0 to {n - 1}, not {seat}")
    return int(seat)


def _action(s: Session, raw: object) -> Action:
    if isinstance(raw, str):
        return parse_action(s.state, raw)
    if isinstance(raw, dict):
        listed = s.listed
        known = s.entries.action_of(raw)  # in this process, often the very JSON `legal` answered
        if known is not None:
            return known
        for action, entry in zip(s.legal, listed):  # the usual case, without a schema validation
            if entry["action"] == raw:
                return action
        try:
            return action_from_data(raw)
        except InvalidInputError as exc:
            raise within("action", exc) from None
    raise ProtocolError("bad_request", "field 'action' must be the action as JSON or its notation (e.g. \"place s28\")")


# --------------------------------------------------------------------------- responses


def _lang(msg: Message) -> Translator:
    """The language a request asks its text in (`lang`, English by default)."""
    return translator(_field(msg, "lang", str, "en"))


def _new_game(store: Store, msg: Message) -> Message:
    position = position_of(msg)
    if position is None and "players" not in msg:
        raise ProtocolError("bad_request", "missing field 'players' (or a position)", path="$")
    players = _field(msg, "players", int, None)
    if position is not None:
        players = 1 if position.solo is not None else position.n_players
    seats = _field(msg, "seats", list, None)
    if seats is None:
        seats = [HUMAN] + ["greedy"] * (players - 1) if isinstance(players, int) and players >= 1 else []
    raw_options = _field(msg, "options", dict, {})
    for key, value in raw_options.items():
        if key not in OPTION_NAMES or not isinstance(value, bool):
            raise ProtocolError("bad_request", f"options are booleans named {', '.join(OPTION_NAMES)}; got {key!r:.40}")
    seed = _field(msg, "seed", int, None)
    if seed is None:
        seed = store.new_seed()
    if not 0 <= seed < 2**63:
        raise ProtocolError("bad_request", "seed must be 0 to 2**63 - 1")
    events: list[Recorded] = []
    s = sessions.create(
        store.new_id(),
        players=players,
        seats=seats,
        seed=seed,
        edition=_field(msg, "edition", str, "2nd"),
        options=Options(**raw_options),
        token=store.new_token,
        bot_specs=getattr(store, "bot_specs", False) is True,  # only a local MemoryStore opts in
        names=_field(msg, "names", list, None),
        events=events,
        position=position,
        choose=getattr(store, "choose", None),  # where the store's bots think (the web app: worker processes)
    )
    store.put(s)
    return {"status": status(s), "events": events_list(None, events), "tokens": list(s.tokens), "seed": seed}


def _legal(store: Store, msg: Message) -> Message:
    s = _session(store, msg)
    seat = _seat(s, msg)
    if seat is not None and seat != s.state.seat:
        listed = []
    elif _field(msg, "explain", bool, False):
        listed = legal_list(s, _lang(msg), explain=True)
    else:  # the usual case: no text, so no translator
        listed = legal_list(s)
    return {"status": status(s), "legal": listed}


def _expected(s: Session, msg: Message) -> None:
    """Refuse a change asked of another version of the game than the one the client saw (`expect`)."""
    expect = msg.get("expect")
    if expect is not None and expect != s.version:
        raise ProtocolError(
            "stale",
            f"the game is at version {s.version}, not {expect}: it changed since you saw it; nothing was done",
            status=status(s),
        )


def _apply(store: Store, msg: Message) -> Message:
    s = _session(store, msg)
    seat = _seat(s, msg)
    _expected(s, msg)
    deciding = s.state.seat
    if deciding is None:
        raise ProtocolError("conflict", "the game is over")
    if seat is not None and seat != deciding:
        raise ProtocolError("not_your_turn", f"seat {deciding} decides now, not seat {seat}")
    if s.kind(deciding) != HUMAN:  # pragma: no cover - bots move before the session is stored
        raise ProtocolError("not_your_turn", f"seat {deciding} is played by the {s.kind(deciding)} bot")
    action = _action(s, msg.get("action"))
    events: list[Recorded] = []
    new = sessions.apply_action(s, action, events, getattr(store, "choose", None))
    store.put(new)
    out = {"status": status(new), "applied": entry(action)["text"], "events": events_list(seat, events)}
    if "explain" in msg and _field(msg, "explain", bool):
        out["log"] = [line for lines in log_groups(new, _lang(msg))[1][len(s.actions) :] for line in lines]
    return out


def _view(store: Store, msg: Message) -> Message:
    s = _session(store, msg)
    seat = _seat(s, msg, required=True)
    assert seat is not None
    mine = seat == s.state.seat
    tr = _lang(msg)
    out = {
        "status": status(s),
        "view": view_to_data(view(s.state, seat)),
        "legal": legal_list(s, tr, _field(msg, "explain", bool, False)) if mine else [],
        "why": why_now(s.state, seat, tr),
    }
    since = _field(msg, "since", int, None)
    if since is not None:
        out.update(steps_since(s, seat, since, tr))
    return out


def _log(store: Store, msg: Message) -> Message:
    s = _session(store, msg)
    _seat(s, msg)  # a token must belong to the game
    since = _field(msg, "since", int, 0)
    opening, groups = log_groups(s, _lang(msg))
    lines = [*opening, *(line for group in groups for line in group)]
    return {"lines": lines[max(since, 0) :], "next": len(lines), "version": s.version}


def _undo(store: Store, msg: Message) -> Message:
    s = _session(store, msg)
    seat = _seat(s, msg)
    _expected(s, msg)
    if seat is not None and s.kind(seat) != HUMAN:
        raise ProtocolError("forbidden", f"seat {seat} is a bot")
    if is_terminal(s.state):
        raise ProtocolError(
            "conflict", "[TURN-3] the game is over: its final scores stand, so nothing can be undone", rule="TURN-3"
        )
    try:
        new = sessions.undo(s)
    except ValueError as exc:
        raise ProtocolError("conflict", str(exc)) from None
    store.put(new)
    return {"status": status(new), "undone": len(s.actions) - len(new.actions), "events": []}


def _record(store: Store, msg: Message) -> Message:
    s = _session(store, msg)
    if "token" in msg:
        _seat(s, msg)
        if not is_terminal(s.state):
            raise ProtocolError(
                "forbidden", "the record is given once the game is over (its seed would reveal hidden cards)"
            )
    if s.from_position:
        raise ProtocolError(
            "conflict", "a game started from a position has no record (a record replays a game from its seed)"
        )
    rec = record_of(s.initial, s.seed, s.actions, final=s.state)
    return {"record": record_to_data(rec)}


def _replay(store: Store, msg: Message) -> Message:
    """A record's game as the `seat`'s view before each action and after the last, with the log."""
    try:
        record = record_from_json(_field(msg, "record", dict))
    except InvalidInputError as exc:
        raise within("record", exc) from None
    v = verify(record)
    if v.index is not None:
        raise ProtocolError("illegal", f"the record does not replay: {v.summary()}", rule=v.rule or "")
    if not v.ok:
        raise ProtocolError("bad_request", f"the record does not replay: {v.summary()}")
    seat = _field(msg, "seat", int, 0)
    n = record.players
    s = sessions.create(
        "replay", players=n, seats=[HUMAN] * n, seed=record.seed, edition=record.edition, options=record.options
    )
    if not 0 <= seat < s.state.n_players:
        raise ProtocolError("bad_request", f"seat must be 0 to {s.state.n_players - 1}, not {seat}")
    tr = _lang(msg)
    views = [view_to_data(view(s.state, seat))]
    for action in record.actions:
        s = sessions.apply_action(s, action)
        views.append(view_to_data(view(s.state, seat)))
    opening, groups = log_groups(s, tr)
    logs = [list(opening), *(list(g) for g in groups)]
    return {"frames": [{"view": v, "log": lines} for v, lines in zip(views, logs)], "status": status(s)}


def _analyse(store: Store, msg: Message, stop: Callable[[], bool] | None = None) -> Message:
    """What a bot would play for the seat, each move with its value (see `ragusa.service.analysis`)."""
    s = _session(store, msg)
    seat = _seat(s, msg, required=True)
    assert seat is not None
    if s.state.seat is None:
        raise ProtocolError("conflict", "the game is over: there is no move to weigh")
    if seat != s.state.seat:
        raise ProtocolError("not_your_turn", f"seat {s.state.seat} decides now, not seat {seat}")
    if "bot" in msg and "level" in msg:
        raise ProtocolError("bad_request", "give bot or level, not both", path="$.level")
    spec = str(msg.get("bot", msg.get("level", "ismcts")))
    any_spec = getattr(store, "bot_specs", False) is True
    bot = analyst(spec, any_spec)  # an unknown bot is refused here, before any search
    seed = f"ragusa-analyse/{s.seed}/{len(s.actions)}/{msg.get('seed', 0)}"
    runner: analysis.Runner | None = getattr(store, "analyse", None)  # the web app's: its worker processes
    if runner is not None:
        moves, iterations = runner(view(s.state, seat), spec, any_spec, msg["budget"], seed)
    else:
        moves, iterations = analysis.analyse(view(s.state, seat), bot, msg["budget"], random.Random(seed), stop)
    return {"status": status(s), "bot": spec, "iterations": iterations, "moves": [m.to_data() for m in moves]}


def _stop(store: Store, msg: Message) -> Message:
    """`ragusa engine` ends a running analysis early; elsewhere there is none to stop."""
    return {"stopped": False}


#: every operation, by its `op` name
OPS: dict[str, Callable[[Store, Message], Message]] = {
    "info": lambda store, msg: info(sorted(OPS), _lang(msg), with_texts="lang" in msg),
    "position": lambda store, msg: position_op(msg),
    "new_game": _new_game,
    "legal": _legal,
    "apply": _apply,
    "view": _view,
    "log": _log,
    "undo": _undo,
    "record": _record,
    "replay": _replay,
    "analyse": _analyse,
    "stop": _stop,
}


def error(code: str, message: str, **extra: Any) -> Message:
    return {"ok": False, "error": {"code": code, "message": message, **extra}}


def _dispatch(store: Store, msg: object, stop: Callable[[], bool] | None) -> Message:
    if not isinstance(msg, dict):
        raise ProtocolError("bad_request", "a request is a JSON object with an 'op'")
    op = msg.get("op")
    if not isinstance(op, str) or op not in OPS:
        raise ProtocolError("bad_request", f"unknown op {op!r:.40}; one of {', '.join(OPS)}", path="$.op")
    check_request(op, msg)
    if op == "analyse":
        return {"ok": True, "op": op, **_analyse(store, msg, stop)}
    return {"ok": True, "op": op, **OPS[op](store, msg)}


def internal_error(what: str) -> Message:
    """The answer to a request that failed unexpectedly; the caller logs the traceback."""
    return error("internal", f"the server failed unexpectedly on {what}; the failure is logged, other requests go on")


def handle(store: Store, msg: object, *, stop: Callable[[], bool] | None = None) -> Message:
    """The response to one request (never raises: errors are responses). `stop()`, when given, is
    asked between the iterations of an analysis (`analyse`) and ends it early when true.

    The response is JSON-ready and read-only: its objects (a listed action's entry, the status) may
    be shared with later responses, so a caller in this process copies one before changing it (the
    engine, the server and the JavaScript export send them as JSON text)."""
    try:
        out = _dispatch(store, msg, stop)
    except ProtocolError as exc:
        out = error(exc.code, exc.message, **exc.extra)
    except IllegalActionError as exc:
        out = error("illegal", exc.explanation, rule=exc.rule)
    except InvalidInputError as exc:  # an impossible position also names the first clause it breaks
        rule = {"rule": exc.violations[0].clause} if exc.violations else {}
        out = error("bad_request", exc.explanation, path=exc.path, **rule)
    except (ValueError, TypeError) as exc:
        out = error("bad_request", str(exc)[:300])
    except Exception:  # a bug, not the request's fault: answered, logged, and the next request is served
        op = msg.get("op") if isinstance(msg, dict) else None
        what = f"op {op!r:.40}" if isinstance(op, str) else "this request"
        LOG.exception("internal error on %s", what)
        out = internal_error(what)
    if isinstance(msg, dict) and "id" in msg:
        ident = msg["id"]
        ok_id = ident is None or (isinstance(ident, str | int) and not isinstance(ident, bool))
        if ok_id:
            out["id"] = ident
        else:
            out = error("bad_request", "field 'id' must be a string, an integer or null", path="$.id")
    return out
