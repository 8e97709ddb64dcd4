"""Live pages: every open page of a game is told each change of it, pushed as Server-Sent Events.

`GET /api/live/{game}/{token}` (the seat's link) answers a `text/event-stream`: one event at
once with the game's current version, then one each time it changes, `data: {"game", "version"}`,
and a comment every `KEEPALIVE` seconds to notice pages that left. The page then asks the
protocol's `view` for what its seat may see; nothing secret travels on the stream.

The changes come from `Games.listen`: this process's own commits at once, other processes'
through PostgreSQL's NOTIFY, or, on SQLite, from a check of the file's change counter every
`CHECK` seconds while a page is open (a single query; the pages themselves never poll).
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager, suppress

import anyio.to_thread

from .db import Games

__all__ = ["CHECK", "KEEPALIVE", "Hub"]

#: seconds between two checks of a SQLite file for other processes' commits
CHECK = 0.25
#: seconds between two keep-alive comments on a quiet stream
KEEPALIVE = 15.0


class Hub:
    """The open pages of this process, by game; `heard` may be called from any thread."""

    def __init__(self, games: Games) -> None:
        self.games = games
        self._pages: dict[str, set[asyncio.Queue[int]]] = {}
        self._loop: asyncio.AbstractEventLoop | None = None
        self._watcher: asyncio.Task[None] | None = None

    async def start(self) -> None:
        self._loop = asyncio.get_running_loop()
        self.games.listen(self.heard)
        self._watcher = asyncio.create_task(self._watch())

    async def stop(self) -> None:
        if self._watcher is not None:
            self._watcher.cancel()
            with suppress(asyncio.CancelledError):
                await self._watcher

    def heard(self, game: str, version: int) -> None:
        loop = self._loop
        if loop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(self._deliver, game, version)

    def _deliver(self, game: str, version: int) -> None:
        for queue in self._pages.get(game, ()):
            queue.put_nowait(version)

    async def _watch(self) -> None:
        while True:
            await asyncio.sleep(CHECK)
            if not self._pages:
                continue
            changed: bool = await anyio.to_thread.run_sync(self.games.changed)
            if changed:
                found = await anyio.to_thread.run_sync(self.games.versions, list(self._pages))
                for game, version in found.items():
                    self._deliver(game, version)

    @asynccontextmanager
    async def page(self, game: str) -> AsyncIterator[asyncio.Queue[int]]:
        """The versions of `game` as they come, while the page is open."""
        queue: asyncio.Queue[int] = asyncio.Queue()
        self._pages.setdefault(game, set()).add(queue)
        try:
            yield queue
        finally:
            pages = self._pages.get(game, set())
            pages.discard(queue)
            if not pages:
                self._pages.pop(game, None)

    async def stream(self, game: str) -> AsyncIterator[str]:
        """The event stream of one page of `game`: its version now, then every newer one."""
        async with self.page(game) as queue:
            found = await anyio.to_thread.run_sync(self.games.versions, [game])
            last = found.get(game, -1)
            yield _event(game, last)
            while True:
                try:
                    version = await asyncio.wait_for(queue.get(), KEEPALIVE)
                except TimeoutError:
                    yield ": keep-alive\n\n"
                    continue
                if version > last:
                    last = version
                    yield _event(game, version)


def _event(game: str, version: int) -> str:
    return f"data: {json.dumps({'game': game, 'version': version})}\n\n"
