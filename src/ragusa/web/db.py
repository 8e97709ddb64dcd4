"""Sessions kept in SQLite (stdlib `sqlite3`), so that a restarted server loses no game.

A game is stored as its setup, its actions in notation, who took each, and its log; the state
is rebuilt by replaying the actions when the game is first asked for after a start.
"""

from __future__ import annotations

import json
import os
import secrets
import sqlite3
import sys
import threading
from pathlib import Path

from ..service.session import Session, session_from_data, session_to_data

__all__ = ["SQLiteStore", "default_db_path"]


def default_db_path() -> Path:
    """`games.sqlite3` in the user's data directory (XDG on Linux, Application Support, APPDATA)."""
    if sys.platform == "win32":
        base = Path(os.environ.get("APPDATA", Path.home() / "AppData" / "Roaming"))
    elif sys.platform == "darwin":
        base = Path.home() / "Library" / "Application Support"
    else:
        base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return base / "ragusa" / "games.sqlite3"


def _to_row(s: Session) -> str:
    return json.dumps(session_to_data(s), separators=(",", ":"))


def _from_row(game_id: str, text: str) -> Session:
    return session_from_data(game_id, json.loads(text))


class SQLiteStore:
    """The protocol's store over one SQLite file, with the sessions in play cached in memory."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._db = sqlite3.connect(str(self.path), check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=NORMAL")  # WAL: a crash of the server loses nothing
        self._db.execute("CREATE TABLE IF NOT EXISTS games (id TEXT PRIMARY KEY, data TEXT NOT NULL)")
        self._lock = threading.Lock()
        self._cache: dict[str, Session] = {}

    def get(self, game_id: str) -> Session | None:
        with self._lock:
            if game_id in self._cache:
                return self._cache[game_id]
            row = self._db.execute("SELECT data FROM games WHERE id = ?", (game_id,)).fetchone()
        if row is None:
            return None
        session = _from_row(game_id, row[0])
        with self._lock:
            self._cache[game_id] = session
        return session

    def put(self, session: Session) -> None:
        row = _to_row(session)
        with self._lock:
            self._db.execute("INSERT OR REPLACE INTO games (id, data) VALUES (?, ?)", (session.id, row))
            self._cache[session.id] = session

    def count(self) -> int:
        with self._lock:
            return int(self._db.execute("SELECT COUNT(*) FROM games").fetchone()[0])

    def new_id(self) -> str:
        return secrets.token_hex(6)

    def new_token(self) -> str:
        return secrets.token_urlsafe(18)

    def new_seed(self) -> int:
        return secrets.randbelow(2**31)

    def close(self) -> None:
        with self._lock:
            self._db.close()
