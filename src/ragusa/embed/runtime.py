"""What `ragusa.mjs` runs inside Pyodide: `ragusa engine`'s answers, one request line at a time.

`Engine.respond` is `ragusa.service.engine.respond` over a session store, so an answer in the
browser or in Node.js is the one `ragusa engine` gives. The page made by `ragusa export-web`
keeps its games across reloads and between tabs: `SavedStore` writes its sessions out as text
(`dump`; each game as its setup, seats, tokens and actions) and reads them back (`load`), replaying
the actions (bots do not move again: the actions they took are in the list).
"""

from __future__ import annotations

import json
from typing import Any

from ragusa.service.engine import respond
from ragusa.service.protocol import Store
from ragusa.service.saved import session_from_data, session_to_data
from ragusa.service.session import Session
from ragusa.service.store import MemoryStore

__all__ = ["Engine", "SavedStore"]


class SavedStore(MemoryStore):
    """Sessions in memory, with secret tokens and seeds, that can be written out and read back
    (`dump`, `load`)."""

    def dump(self) -> str:
        """The sessions as JSON text (`load` reads it back)."""
        return json.dumps({"count": self.count, "games": [_saved(s) for s in self.sessions.values()]})

    @classmethod
    def load(cls, text: str) -> SavedStore:
        """The store `dump` wrote; games that no longer replay are left out."""
        store = cls()
        data = json.loads(text)
        store.count = int(data["count"])
        for game in data["games"]:
            try:
                store.put(_restored(game))
            except (ValueError, TypeError, KeyError):
                continue
        return store


def _saved(s: Session) -> dict[str, Any]:
    return {"id": s.id, **session_to_data(s)}


def _restored(game: dict[str, Any]) -> Session:
    return session_from_data(game["id"], game)


class Engine:
    """`ragusa engine` in a process of its own: `respond(line)` is the answer line to a request line.

    With `seed`, game ids, tokens and default seeds are reproducible (`ragusa engine --seed`);
    with `saved`, the games are those a `SavedStore.dump` wrote (an empty string: none yet)."""

    def __init__(self, seed: int | None = None, saved: str | None = None) -> None:
        self.store: Store = MemoryStore(seed) if saved is None else SavedStore.load(saved) if saved else SavedStore()

    def respond(self, line: str) -> str:
        return respond(self.store, line)

    def dump(self) -> str:
        """The games as text for `Engine(saved=...)` (empty for a store that is not saved)."""
        return self.store.dump() if isinstance(self.store, SavedStore) else ""
