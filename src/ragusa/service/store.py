"""An in-memory session store (`ragusa engine` and tests); the web app keeps sessions in SQLite."""

from __future__ import annotations

import random
import secrets

from .session import Chooser, Session

__all__ = ["MemoryStore"]


class MemoryStore:
    """Sessions in a dict. With `seed` the ids, tokens and seeds are reproducible; without, secret.

    With `bot_specs` a seat may be any bot spec (`"ismcts:200"`), not only a seat kind: for
    games played on this machine (`ragusa play --human`), never for a server.
    """

    #: where the bots of this store's games think: here, in this process (`ragusa.service.session.think`)
    choose: Chooser | None = None

    def __init__(self, seed: int | None = None, *, bot_specs: bool = False) -> None:
        self.sessions: dict[str, Session] = {}
        self.bot_specs = bot_specs
        self._rng: random.Random | None = None if seed is None else random.Random(seed)
        #: how many games this store has named (`new_id`)
        self.count = 0

    def get(self, game_id: str) -> Session | None:
        return self.sessions.get(game_id)

    def put(self, session: Session) -> None:
        self.sessions[session.id] = session

    def new_id(self) -> str:
        self.count += 1
        return f"g{self.count}"

    def new_token(self) -> str:
        if self._rng is None:
            return secrets.token_urlsafe(18)
        return f"{self._rng.getrandbits(96):024x}"

    def new_seed(self) -> int:
        if self._rng is None:
            return secrets.randbelow(2**31)
        return self._rng.randrange(2**31)
