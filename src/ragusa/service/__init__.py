"""The JSON protocol shared by `ragusa engine` (JSON lines on stdin/stdout) and the web app.

`handle` takes one request dict and returns one response dict,
over a store of `Session` objects (`MemoryStore` keeps them in memory; the web app keeps them in
SQLite). `OPS` names every operation.

Examples:
    >>> from ragusa.service import MemoryStore, handle
    >>> store = MemoryStore(seed=0)
    >>> handle(store, {"op": "new_game", "players": 2, "seats": ["human", "greedy"], "seed": 1})["ok"]
    True
"""

from __future__ import annotations

from ragusa.service.protocol import OPS, ProtocolError, Store, handle
from ragusa.service.store import MemoryStore

__all__ = ["OPS", "MemoryStore", "ProtocolError", "Store", "handle"]
