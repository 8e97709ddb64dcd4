"""The Starlette app: the page, the board data, the protocol at `POST /api/message`, and each
game's changes pushed to its open pages at `GET /api/live/{game}/{token}` (`ragusa.web.live`).

The games live in a database (`ragusa.web.db`: SQLite or PostgreSQL), the one source of truth,
so any number of server processes may serve them. A request runs in a thread of its own; a move
or an undo holds its game's lock (the other games go on), the bots decide in worker processes
(`ragusa.web.workers`), and each change is written by compare-and-set on the game's version: a
write that lost the race is answered `stale`, nothing applied. An answer means what it means from
`ragusa engine`: an `apply` answers once the bots after the move have moved (each of their moves
committed, and pushed to the pages, as it is made).

Over HTTP every request about a game must carry the seat's `token` (the secret in its link);
`seat` is refused, so a browser can only see and act as the seat whose link it holds. The
`new_game` reply gives the links of the human seats and never the seed (it would reveal the
hidden cards). Bodies over `MAX_BODY` bytes, malformed JSON and bad messages get a 4xx
JSON error naming the problem; a request that fails unexpectedly gets the 500 `internal` error,
its traceback logged, and the app goes on serving.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager, contextmanager
from importlib import resources
from pathlib import Path
from typing import Any

import anyio.to_thread
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import ClientDisconnect, Request
from starlette.responses import FileResponse, HTMLResponse, JSONResponse, Response, StreamingResponse
from starlette.routing import Route

from ragusa._version import __version__
from ragusa.contract.schema.generate import NAMES, schema
from ragusa.text.i18n import choose_language

from ..service.openapi import openapi
from ..service.protocol import LOG, ProtocolError, error, handle, internal_error
from ..service.schema import protocol_schema
from ..service.session import HUMAN, run_bots
from .board import board_data
from .db import GameStore, open_games
from .live import Hub
from .workers import BotPool

__all__ = ["MAX_BODY", "GameLocks", "create_app"]

#: largest request body accepted (a long game's record is a few tens of kB)
MAX_BODY = 1_000_000
STATUS: dict[str, int] = {
    "bad_request": 400,
    "forbidden": 403,
    "not_found": 404,
    "not_your_turn": 409,
    "conflict": 409,
    "stale": 409,
    "too_large": 413,
    "illegal": 422,
    "internal": 500,
}
GAME_OPS = frozenset({"legal", "apply", "view", "log", "undo", "record", "analyse"})
STATIC = Path(str(resources.files("ragusa.web") / "static"))
#: the page's files, the only ones served from STATIC
STATIC_FILES = frozenset(
    {
        "app.css",
        "i18n.js",
        "board.js",
        "table.js",
        "play.js",
        "home.js",
        "replay.js",
        "app.js",
        "live.js",
        "editor.js",
        "editor.css",
    }
)
#: the ops that change a game: each holds its game's lock
WRITES = frozenset({"apply", "undo"})
#: seconds a game seen with a bot to decide, and no request moving it, waits before its bots move
RESUME_AFTER = 2.0
_NO_STORE = {"Cache-Control": "no-store"}


def _reply(out: dict[str, Any]) -> JSONResponse:
    code = 200 if out.get("ok") else STATUS.get(out["error"]["code"], 400)
    return JSONResponse(out, status_code=code, headers=_NO_STORE)


async def _body(request: Request) -> Any:
    """The request's JSON body, or a ProtocolError-like error dict (returned, not raised)."""
    length = request.headers.get("content-length")
    if length is not None and (not length.isdigit() or int(length) > MAX_BODY):
        return error("too_large", f"request body over {MAX_BODY} bytes")
    chunks: list[bytes] = []
    size = 0
    try:
        async for chunk in request.stream():
            size += len(chunk)
            if size > MAX_BODY:
                return error("too_large", f"request body over {MAX_BODY} bytes")
            chunks.append(chunk)
    except ClientDisconnect:
        return error("bad_request", "the client went away before sending the whole body")
    try:
        return {"_body": json.loads(b"".join(chunks).decode("utf-8"))}
    except (ValueError, RecursionError) as exc:
        return error("bad_request", f"the body is not JSON: {str(exc)[:200]}")


def _http_check(msg: Any) -> dict[str, Any] | None:
    """What HTTP refuses before the protocol sees it: acting by seat number, game ops without a token."""
    if not isinstance(msg, dict):
        return None
    if "seat" in msg and msg.get("op") != "replay":
        return error("forbidden", "over HTTP a seat acts through its link's token, not a seat number")
    op = msg.get("op")
    if isinstance(op, str) and op in GAME_OPS and "token" not in msg:
        return error("forbidden", "this request needs the seat's token (from its link)")
    return None


class GameLocks:
    """A lock per game, made while a request holds or waits for it: one game's moves apply in
    order, and the other games never wait."""

    def __init__(self) -> None:
        self._guard = threading.Lock()
        self._held: dict[str, tuple[threading.Lock, int]] = {}

    def held(self, game: str) -> bool:
        """Whether a request holds or waits for `game`'s lock."""
        with self._guard:
            return game in self._held

    @contextmanager
    def hold(self, game: str) -> Iterator[None]:
        with self._guard:
            lock, users = self._held.get(game, (threading.Lock(), 0))
            self._held[game] = (lock, users + 1)
        try:
            with lock:
                yield
        finally:
            with self._guard:
                lock, users = self._held[game]
                if users == 1:
                    del self._held[game]
                else:
                    self._held[game] = (lock, users - 1)


def create_app(db: str | Path, workers: int | None = None) -> Starlette:
    """The app, its games in `db` (a SQLite file or a PostgreSQL URL), its bots thinking in
    `workers` processes (by default one per core)."""
    games = open_games(db)
    pool = BotPool(workers)
    hub = Hub(games)
    locks = GameLocks()

    resuming: set[str] = set()
    resuming_guard = threading.Lock()

    def handle_one(msg: Any) -> dict[str, Any]:
        store = GameStore(games, pool.choose, pool.analyse)
        writes = isinstance(msg, dict) and isinstance(msg.get("op"), str) and msg["op"] in WRITES
        game = msg.get("game") if writes else None
        if not isinstance(game, str):
            out = handle(store, msg)
        else:
            with locks.hold(game):
                out = handle(store, msg)
        st = out.get("status")
        if isinstance(st, dict) and not st["over"] and st["seat"] is not None and st["seats"][st["seat"]] != HUMAN:
            resume(st["game"], st["version"])
        return out

    def resume(game: str, version: int) -> None:
        """A game seen with a bot to decide: unless a request of this process is moving it, and
        unless its version changes within `RESUME_AFTER` seconds (another process is moving it),
        its bots move now, in the background (a server stopped while its bots thought)."""
        with resuming_guard:
            if game in resuming or locks.held(game):
                return
            resuming.add(game)

        def run() -> None:
            try:
                time.sleep(RESUME_AFTER)
                with locks.hold(game):
                    store = GameStore(games, pool.choose, pool.analyse)
                    found = store.get(game)
                    if found is not None and found.version == version:
                        store.put(run_bots(found, choose=store.choose))
            except ProtocolError:  # another process moved it first
                pass
            except Exception:  # a bug or a stopping server: logged; the next request tries again
                LOG.exception("the bots of game %s could not move", game)
            finally:
                with resuming_guard:
                    resuming.discard(game)

        threading.Thread(target=run, name=f"ragusa-bots-{game}", daemon=True).start()

    async def message(request: Request) -> Response:
        try:
            return await answer(request)
        except Exception:  # a bug: answered, logged, and the next request is served
            LOG.exception("internal error on POST /api/message")
            return _reply(internal_error("this request"))

    async def answer(request: Request) -> Response:
        got = await _body(request)
        if "_body" not in got:
            return _reply(got)
        msg = got["_body"]
        refused = _http_check(msg)
        if refused is not None:
            if isinstance(msg, dict) and isinstance(msg.get("id"), str | int) and not isinstance(msg["id"], bool):
                refused["id"] = msg["id"]
            return _reply(refused)
        out = await anyio.to_thread.run_sync(handle_one, msg)
        if out.get("op") == "new_game":
            out.pop("seed", None)
            game = out["status"]["game"]
            out["links"] = [f"/play/{game}/{t}" if t else None for t in out.pop("tokens")]
        return _reply(out)

    async def live(request: Request) -> Response:
        game, token = request.path_params["game"], request.path_params["token"]
        found = await anyio.to_thread.run_sync(games.get, game)
        if found is None:
            return JSONResponse(error("not_found", f"no game {game!r:.60}"), status_code=404)
        if not token or token not in found.tokens:
            return JSONResponse(error("forbidden", "this link is not a seat of this game"), status_code=403)
        headers = {**_NO_STORE, "X-Accel-Buffering": "no"}  # a proxy passes each event on at once
        return StreamingResponse(hub.stream(game), media_type="text/event-stream", headers=headers)

    async def page(request: Request) -> Response:
        # the page starts in the browser's language (Accept-Language); its switch may change it
        lang = choose_language(request.headers.get("accept-language"))
        html = (
            (STATIC / "index.html").read_text(encoding="utf-8").replace('<html lang="en">', f'<html lang="{lang}">', 1)
        )
        return HTMLResponse(html, headers=_NO_STORE)

    async def static(request: Request) -> Response:
        name = request.path_params["name"]
        if name not in STATIC_FILES:
            raise HTTPException(404)
        return FileResponse(STATIC / name, headers=_NO_STORE)

    async def board(request: Request) -> Response:
        return JSONResponse(board_data())

    async def openapi_doc(request: Request) -> Response:
        return JSONResponse(openapi(__version__))

    async def schemas(request: Request) -> Response:
        name = request.path_params["name"].removesuffix(".schema.json")
        if name == "protocol":
            return JSONResponse(protocol_schema())
        if name not in NAMES:
            raise HTTPException(404)
        return JSONResponse(schema(name))

    async def http_error(request: Request, exc: Exception) -> Response:
        code = exc.status_code if isinstance(exc, HTTPException) else 400
        return JSONResponse(
            error("not_found" if code == 404 else "bad_request", f"HTTP {code}: {request.url.path}"), status_code=code
        )

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await hub.start()
        try:
            yield
        finally:
            await hub.stop()
            pool.close()
            games.close()

    app = Starlette(
        routes=[
            Route("/", page),
            Route("/play/{game}/{token}", page),
            Route("/replay", page),
            Route("/editor", page),
            Route("/static/{name}", static),
            Route("/api/board", board),
            Route("/api/openapi.json", openapi_doc),
            Route("/schemas/{name}", schemas),
            Route("/favicon.ico", lambda request: Response(status_code=204)),
            Route("/api/message", message, methods=["POST"]),
            Route("/api/live/{game}/{token}", live),
        ],
        exception_handlers={HTTPException: http_error},
        lifespan=lifespan,
    )
    app.state.store = games
    return app
