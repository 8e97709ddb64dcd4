"""Games kept in a database, the one source of truth: a SQLite file (the default) or PostgreSQL.

A game is one row: its id, its version (`Session.version`: 0 at creation, +1 on every change) and
its data (`session_to_data`: the setup, the actions in notation, who took each, the log); the state
is replayed from the actions when the game is read. Nothing is kept in memory that could go stale:
every read asks the database, and only the parsing of a row is saved for a version already read.

A write is a compare-and-set on the version: it applies only if the row still holds the version the
request read. Two moves sent at once for one decision, through one server process or several,
apply exactly one; the other request is answered `stale`, nothing changed.

`open_games(db)`: a SQLite file (a path) or a PostgreSQL URL (`postgresql://...`, psycopg 3 from
the `postgres` extra). Every committed change is announced to `listen`ers: in this process at
once; from other processes by NOTIFY on PostgreSQL, and on SQLite by `changed()`, a cheap check
of the file's change counter (`PRAGMA data_version`) that the web app makes a few times a second.
"""

from __future__ import annotations

import json
import os
import secrets
import sqlite3
import sys
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, Protocol

import attrs

from ..core.actions import Action
from ..service.analysis import Runner
from ..service.protocol import ProtocolError, status
from ..service.saved import session_from_data, session_to_data
from ..service.session import Session, think

__all__ = ["GameStore", "Games", "default_db_path", "is_postgres", "open_games", "shown"]

#: (game id, its new version): what a listener hears after each committed change
Listener = Callable[[str, int], None]
#: the PostgreSQL channel the changes are announced on
CHANNEL = "ragusa_games"
#: how many parsed sessions a process keeps (each checked against the database's version on use)
PARSED = 64


def default_db_path() -> Path:
    """`games.sqlite3` in the user's data directory (XDG on Linux, Application Support, APPDATA)."""
    if sys.platform == "win32":
        base = Path(os.environ.get("APPDATA", Path.home() / "AppData" / "Roaming"))
    elif sys.platform == "darwin":
        base = Path.home() / "Library" / "Application Support"
    else:
        base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return base / "ragusa" / "games.sqlite3"


def is_postgres(db: str | Path) -> bool:
    """Whether `db` names a PostgreSQL database (a `postgresql://` or `postgres://` URL)."""
    return isinstance(db, str) and db.startswith(("postgresql://", "postgres://"))


def shown(db: str | Path) -> str:
    """`db` as it may be printed: a URL's password replaced by `***`."""
    text = str(db)
    if is_postgres(text) and "@" in text.split("//", 1)[1]:
        scheme, rest = text.split("//", 1)
        auth, host = rest.rsplit("@", 1)
        if ":" in auth:
            text = f"{scheme}//{auth.split(':', 1)[0]}:***@{host}"
    return text


class Backend(Protocol):
    """The rows of one database: (version, data) by game id; thread-safe."""

    def read(self, game_id: str) -> tuple[int, str] | None: ...

    def versions(self, ids: Iterable[str]) -> dict[str, int]: ...

    def insert(self, game_id: str, version: int, data: str) -> bool: ...

    def update(self, game_id: str, expect: int, version: int, data: str) -> bool: ...

    def count(self) -> int: ...

    def ids(self) -> list[str]: ...

    def changed(self) -> bool: ...

    def close(self) -> None: ...


class _SQLite:
    """One SQLite file in WAL mode: a connection per thread, every write one atomic statement."""

    def __init__(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        self.path = path
        self._local = threading.local()
        self._all: list[sqlite3.Connection] = []
        self._guard = threading.Lock()
        db = self._db()
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("CREATE TABLE IF NOT EXISTS games (id TEXT PRIMARY KEY, data TEXT NOT NULL)")
        if "version" not in {row[1] for row in db.execute("PRAGMA table_info(games)")}:
            try:  # a file written before games had versions
                db.execute("ALTER TABLE games ADD COLUMN version INTEGER NOT NULL DEFAULT 0")
            except sqlite3.OperationalError:  # another process added it meanwhile
                pass
        self._watch = self._connect()  # only `changed` uses it: data_version counts other connections' commits
        self._seen = self._data_version()

    def _connect(self) -> sqlite3.Connection:
        db = sqlite3.connect(str(self.path), check_same_thread=False, isolation_level=None, timeout=30)
        # WAL with synchronous=NORMAL: a committed write survives a crash of the process (not of the OS)
        db.execute("PRAGMA synchronous=NORMAL")
        with self._guard:
            self._all.append(db)
        return db

    def _db(self) -> sqlite3.Connection:
        db: sqlite3.Connection | None = getattr(self._local, "db", None)
        if db is None:
            db = self._local.db = self._connect()
        return db

    def _data_version(self) -> int:
        return int(self._watch.execute("PRAGMA data_version").fetchone()[0])

    def read(self, game_id: str) -> tuple[int, str] | None:
        row = self._db().execute("SELECT version, data FROM games WHERE id = ?", (game_id,)).fetchone()
        return None if row is None else (int(row[0]), str(row[1]))

    def versions(self, ids: Iterable[str]) -> dict[str, int]:
        wanted = list(ids)
        if not wanted:
            return {}
        marks = ",".join("?" * len(wanted))
        rows = self._db().execute(f"SELECT id, version FROM games WHERE id IN ({marks})", wanted).fetchall()
        return {str(i): int(v) for i, v in rows}

    def insert(self, game_id: str, version: int, data: str) -> bool:
        try:
            self._db().execute("INSERT INTO games (id, version, data) VALUES (?, ?, ?)", (game_id, version, data))
        except sqlite3.IntegrityError:
            return False
        return True

    def update(self, game_id: str, expect: int, version: int, data: str) -> bool:
        cur = self._db().execute(
            "UPDATE games SET version = ?, data = ? WHERE id = ? AND version = ?", (version, data, game_id, expect)
        )
        return cur.rowcount == 1

    def count(self) -> int:
        return int(self._db().execute("SELECT COUNT(*) FROM games").fetchone()[0])

    def ids(self) -> list[str]:
        return [str(row[0]) for row in self._db().execute("SELECT id FROM games ORDER BY id")]

    def changed(self) -> bool:
        with self._guard:
            now = self._data_version()
            seen, self._seen = self._seen, now
        return now != seen

    def close(self) -> None:
        with self._guard:
            for db in self._all:
                db.close()
            self._all.clear()


class _Postgres:
    """A PostgreSQL database (psycopg 3): a connection per thread, autocommit; each write NOTIFYs
    `CHANNEL` with `game:version` in its own transaction, so every server process hears it."""

    def __init__(self, url: str) -> None:
        try:
            import psycopg
        except ImportError as exc:  # pragma: no cover - the postgres extra is installed wherever tests run
            raise ValueError("a PostgreSQL --db needs psycopg 3: pip install 'ragusa[postgres]'") from exc
        self._psycopg = psycopg
        self.url = url
        self._local = threading.local()
        self._all: list[Any] = []
        self._guard = threading.Lock()
        self._stop = threading.Event()
        self._listener: threading.Thread | None = None
        try:
            self._db().execute(
                "CREATE TABLE IF NOT EXISTS games (id TEXT PRIMARY KEY, version BIGINT NOT NULL, data TEXT NOT NULL)"
            )
        except psycopg.errors.UniqueViolation:  # another server created it at the same moment
            pass

    def _db(self) -> Any:
        db = getattr(self._local, "db", None)
        if db is None or db.closed or db.broken:  # a connection the server dropped: a new one
            db = self._local.db = self._psycopg.connect(self.url, autocommit=True)
            with self._guard:
                self._all.append(db)
        return db

    def read(self, game_id: str) -> tuple[int, str] | None:
        row = self._db().execute("SELECT version, data FROM games WHERE id = %s", (game_id,)).fetchone()
        return None if row is None else (int(row[0]), str(row[1]))

    def versions(self, ids: Iterable[str]) -> dict[str, int]:
        rows = self._db().execute("SELECT id, version FROM games WHERE id = ANY(%s)", (list(ids),)).fetchall()
        return {str(i): int(v) for i, v in rows}

    def _write(self, sql: str, args: tuple[Any, ...], game_id: str, version: int) -> bool:
        db = self._db()
        with db.transaction():
            done = db.execute(sql, args).rowcount == 1
            if done:
                db.execute("SELECT pg_notify(%s, %s)", (CHANNEL, f"{game_id}:{version}"))
        return bool(done)

    def insert(self, game_id: str, version: int, data: str) -> bool:
        sql = "INSERT INTO games (id, version, data) VALUES (%s, %s, %s) ON CONFLICT (id) DO NOTHING"
        return self._write(sql, (game_id, version, data), game_id, version)

    def update(self, game_id: str, expect: int, version: int, data: str) -> bool:
        sql = "UPDATE games SET version = %s, data = %s WHERE id = %s AND version = %s"
        return self._write(sql, (version, data, game_id, expect), game_id, version)

    def count(self) -> int:
        return int(self._db().execute("SELECT COUNT(*) FROM games").fetchone()[0])

    def ids(self) -> list[str]:
        return [str(row[0]) for row in self._db().execute("SELECT id FROM games ORDER BY id")]

    def changed(self) -> bool:
        return False  # NOTIFY tells every process (`listen`)

    def listen(self, hear: Listener) -> None:
        """Call `hear(game, version)` for every change any process commits, from a thread of its own."""

        def run() -> None:
            while not self._stop.is_set():
                try:
                    with self._psycopg.connect(self.url, autocommit=True) as db:
                        db.execute(f"LISTEN {CHANNEL}")
                        while not self._stop.is_set():
                            for note in db.notifies(timeout=0.5):
                                game, _, version = note.payload.rpartition(":")
                                hear(game, int(version))
                except self._psycopg.OperationalError:  # the server went away: try again shortly
                    self._stop.wait(0.5)

        self._listener = threading.Thread(target=run, name="ragusa-listen", daemon=True)
        self._listener.start()

    def close(self) -> None:
        self._stop.set()
        if self._listener is not None:
            self._listener.join(timeout=5)
        with self._guard:
            for db in self._all:
                db.close()
            self._all.clear()


def _row(s: Session) -> str:
    return json.dumps(session_to_data(s), separators=(",", ":"))


class Games:
    """The games of one database, shared by a server's requests (thread-safe).

    `get` reads a game at its current version; `write` is the compare-and-set (False when the row
    no longer holds `expect`, or, with `expect` None, when the id is taken); `listen` hears every
    committed change.
    """

    def __init__(self, backend: Backend) -> None:
        self.backend = backend
        self._parsed: OrderedDict[str, tuple[int, Session]] = OrderedDict()
        self._guard = threading.Lock()
        self._listeners: list[Listener] = []

    def get(self, game_id: str) -> Session | None:
        row = self.backend.read(game_id)
        if row is None:
            return None
        version, data = row
        with self._guard:
            hit = self._parsed.get(game_id)
        if hit is not None and hit[0] == version:
            return hit[1]
        session = attrs.evolve(session_from_data(game_id, json.loads(data)), version=version)
        self._remember(session)
        return session

    def _remember(self, session: Session) -> None:
        with self._guard:
            self._parsed[session.id] = (session.version, session)
            self._parsed.move_to_end(session.id)
            while len(self._parsed) > PARSED:
                self._parsed.popitem(last=False)

    def write(self, session: Session, expect: int | None) -> bool:
        data = _row(session)
        if expect is None:
            done = self.backend.insert(session.id, session.version, data)
        else:
            done = self.backend.update(session.id, expect, session.version, data)
        if done:
            self._remember(session)
            self.announce(session.id, session.version)
        return done

    def versions(self, ids: Iterable[str]) -> dict[str, int]:
        return self.backend.versions(ids)

    def count(self) -> int:
        return self.backend.count()

    def ids(self) -> list[str]:
        """Every game's id, in order."""
        return self.backend.ids()

    def listen(self, hear: Listener) -> None:
        """Call `hear(game, version)` after every change committed in this process, and (PostgreSQL) in any."""
        self._listeners.append(hear)
        if isinstance(self.backend, _Postgres):
            self.backend.listen(self.announce)

    def announce(self, game_id: str, version: int) -> None:
        for hear in self._listeners:
            hear(game_id, version)

    def changed(self) -> bool:
        """Whether another process committed since the last call (SQLite; PostgreSQL announces instead)."""
        return self.backend.changed()

    def close(self) -> None:
        self.backend.close()


def open_games(db: str | Path) -> Games:
    """The games in `db`: a PostgreSQL URL or the path of a SQLite file (made if missing)."""
    if is_postgres(db):
        return Games(_Postgres(str(db)))
    return Games(_SQLite(Path(db)))


class GameStore:
    """The protocol's store (`ragusa.service.Store`) for one request over `games`.

    It remembers the version of each game the request read, and writes with that version as the
    compare-and-set: a change committed meanwhile (by another request, in any process) makes the
    write fail, and the request is answered `stale` with the game's current status. The bots'
    decisions go to `think` (the worker processes); before each, the steps so far are committed,
    so every page sees each bot's move as it is made and a bot never thinks on a state not stored.
    """

    def __init__(
        self,
        games: Games,
        think: Callable[[Session, str], Action] | None = None,
        analyse: Runner | None = None,
    ) -> None:
        self.games = games
        self._think = think
        #: where the `analyse` op's searches run (the worker processes), or None: in the request's thread
        self.analyse = analyse
        self._read: dict[str, int] = {}

    def get(self, game_id: str) -> Session | None:
        session = self.games.get(game_id)
        if session is not None:
            self._read[game_id] = session.version
        return session

    def put(self, session: Session) -> None:
        expect = self._read.get(session.id)
        if expect == session.version:
            return  # nothing new
        if not self.games.write(session, expect):
            now = self.games.get(session.id)
            extra = {} if now is None else {"status": status(now)}
            raise ProtocolError(
                "stale",
                "the game changed meanwhile (another page, player or server moved it): what was not yet written "
                "was not applied",
                **extra,
            )
        self._read[session.id] = session.version

    def choose(self, session: Session, spec: str) -> Action:
        self.put(session)
        if self._think is None:
            return think(session.state, spec, session.seed, len(session.actions))
        return self._think(session, spec)

    def new_id(self) -> str:
        return secrets.token_hex(6)

    def new_token(self) -> str:
        return secrets.token_urlsafe(18)

    def new_seed(self) -> int:
        return secrets.randbelow(2**31)
