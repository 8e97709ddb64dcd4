"""The web app over HTTP, on SQLite and on PostgreSQL: seat links, errors as 4xx JSON, persistence
across a restart, the store's compare-and-set, several servers on one database, the pages' event
stream, the bots' answers the same as `ragusa engine`'s, a load test."""

from __future__ import annotations

import asyncio
import json
import random
import re
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import httpx
import jsonschema
import pytest
from starlette.routing import Route

from ragusa import legal_actions
from ragusa.contract.views import view, view_to_data
from ragusa.service import analysis
from ragusa.service.protocol import ProtocolError, handle
from ragusa.service.session import apply_action, create, replay_actions
from ragusa.service.store import MemoryStore
from ragusa.web.app import MAX_BODY, create_app
from ragusa.web.db import GameStore, default_db_path, open_games
from tests.protocol_support import check
from tests.web_support import DATABASES, database, postgres_server, running_server, served


def _post(client: httpx.Client, msg: Any) -> tuple[int, dict[str, Any]]:
    r = client.post("/api/message", json=msg)
    body: dict[str, Any] = r.json()
    check(body)  # every answer over HTTP fits the protocol schema too
    return r.status_code, body


def _token(link: str) -> tuple[str, str]:
    _, _, game, token = link.split("/")
    return game, token


@pytest.fixture(scope="module")
def pg() -> Any:
    with postgres_server() as url:
        yield url


@pytest.fixture(params=DATABASES)
def db(request: pytest.FixtureRequest, tmp_path: Path) -> Any:
    """A new, empty games database: a SQLite file, or a database of the PostgreSQL server."""
    server = request.getfixturevalue("pg") if request.param == "postgres" else None
    with database(request.param, tmp_path, server) as url:
        yield url


@pytest.fixture()
def client(db: str) -> Any:
    with running_server(db, workers=1) as (base, _), httpx.Client(base_url=base, timeout=30) as c:
        yield c


def test_page_and_board_data(client: httpx.Client) -> None:
    page = client.get("/")
    assert page.status_code == 200 and "/static/app.js" in page.text and '<html lang="en">' in page.text
    assert '<html lang="pl">' in client.get("/", headers={"Accept-Language": "pl-PL,pl;q=0.9,en;q=0.8"}).text
    assert '<html lang="fr">' in client.get("/play/g/t", headers={"Accept-Language": "de, fr;q=0.5"}).text
    assert client.get("/play/abc/def").status_code == 200
    assert client.get("/static/board.js").status_code == 200
    assert client.get("/static/secret.py").status_code == 404
    board = client.get("/api/board").json()
    assert len(board["hexes"]) == 52 and len(board["spots"]) == 75 and len(board["walls"]) == 22
    assert board["fills"]["stone"] != board["fills"]["silver_ore"]


def test_new_game_gives_links_not_the_seed(client: httpx.Client) -> None:
    code, reply = _post(client, {"op": "new_game", "players": 3, "seats": ["human", "greedy", "human"], "seed": 8})
    assert code == 200 and "seed" not in reply and "tokens" not in reply
    assert reply["links"][1] is None and reply["links"][0].startswith("/play/")
    game, t0 = _token(reply["links"][0])
    _, t2 = _token(reply["links"][2])
    code, view = _post(client, {"op": "view", "game": game, "token": t2})
    assert code == 200 and view["view"]["viewer"] == 2
    check(view)


@pytest.mark.parametrize(
    ("msg", "code", "words"),
    [
        ({"op": "view", "game": "G"}, 403, "needs the seat's token"),
        ({"op": "view", "game": "G", "seat": 1}, 403, "not a seat number"),
        ({"op": "view", "game": "G", "token": "forged"}, 403, "not a seat of this game"),
        ({"op": "apply", "game": "G", "token": "T1", "action": "pass"}, 409, "decides now, not seat"),
        ({"op": "record", "game": "G", "token": "T0"}, 403, "once the game is over"),
        ({"op": "undo", "game": "G", "token": "T0"}, 409, "at most one human"),
        ({"op": "view", "game": "nope", "token": "x"}, 404, "no game"),
    ],
)
def test_a_link_sees_and_acts_for_its_seat_only(
    client: httpx.Client, msg: dict[str, Any], code: int, words: str
) -> None:
    _, reply = _post(client, {"op": "new_game", "players": 2, "seats": ["human", "human"], "seed": 1})
    deciding = reply["status"]["seat"]
    game, t0 = _token(reply["links"][deciding])  # T0: the deciding seat's link, T1: the other's
    _, t1 = _token(reply["links"][1 - deciding])
    msg = json.loads(
        json.dumps(msg).replace('"G"', json.dumps(game)).replace('"T0"', json.dumps(t0)).replace('"T1"', json.dumps(t1))
    )
    status, body = _post(client, msg)
    assert status == code and words in body["error"]["message"], body


def test_illegal_move_is_422_with_the_clause(client: httpx.Client) -> None:
    _, reply = _post(client, {"op": "new_game", "players": 2, "seats": ["human", "greedy"], "seed": 1})
    game, token = _token(reply["links"][0])
    code, body = _post(client, {"op": "apply", "game": game, "token": token, "action": "pass"})
    assert code == 422 and body["error"]["rule"] == "SETUP-6", body
    check(body)


@pytest.mark.parametrize(
    ("body", "code", "words"),
    [
        (b"{not json", 400, "not JSON"),
        (b"\xff\xfe", 400, "not JSON"),
        (b"[" * 100_000 + b"]" * 100_000, 400, "not JSON"),
        (b"[1, 2]", 400, "JSON object with an 'op'"),
        (b'{"op": "new_game", "players": "three"}', 400, "expected integer"),
        (
            b'{"op": "replay", "record": {"players": 2, "seed": 1, "actions": [{"type": "fly"}]}}',
            400,
            '"fly" is not one of',
        ),
        (b"x" * (MAX_BODY + 1), 413, "over"),
    ],
)
def test_malformed_and_oversized_bodies_get_a_4xx_json_error(
    client: httpx.Client, body: bytes, code: int, words: str
) -> None:
    r = client.post("/api/message", content=body)
    assert r.status_code == code and words in r.json()["error"]["message"], r.text[:300]


def test_unknown_routes_and_methods_are_json_errors(client: httpx.Client) -> None:
    assert client.get("/api/nothing").status_code == 404 and client.get("/api/nothing").json()["ok"] is False
    r = client.get("/api/message")
    assert r.status_code == 405 and r.json()["ok"] is False


def test_a_restart_loses_nothing(db: str) -> None:
    with running_server(db, workers=1) as (base, _), httpx.Client(base_url=base, timeout=30) as c:
        _, reply = _post(c, {"op": "new_game", "players": 3, "seats": ["human", "random", "greedy"], "seed": 4})
        game, token = _token(reply["links"][0])
        for _ in range(6):
            _, view = _post(c, {"op": "view", "game": game, "token": token})
            _post(c, {"op": "apply", "game": game, "token": token, "action": view["legal"][0]["text"]})
        _, before = _post(c, {"op": "view", "game": game, "token": token})
        _, log_before = _post(c, {"op": "log", "game": game, "token": token})
    with running_server(db, workers=1) as (base, _), httpx.Client(base_url=base, timeout=30) as c:  # nothing cached
        _, after = _post(c, {"op": "view", "game": game, "token": token})
        _, log_after = _post(c, {"op": "log", "game": game, "token": token})
        assert after == before and log_after == log_before
        code, undone = _post(c, {"op": "undo", "game": game, "token": token})
        assert code == 200 and undone["undone"] >= 1


def test_a_whole_solo_game_and_its_record(client: httpx.Client) -> None:
    _, reply = _post(client, {"op": "new_game", "players": 1, "seats": ["human"], "seed": 12})
    game, token = _token(reply["links"][0])
    rng = random.Random(3)
    for _ in range(1000):
        _, view = _post(client, {"op": "view", "game": game, "token": token})
        if view["status"]["over"]:
            break
        _post(client, {"op": "apply", "game": game, "token": token, "action": rng.choice(view["legal"])["action"]})
    assert view["status"]["over"] and len(view["status"]["result"]) == 3
    code, rec = _post(client, {"op": "record", "game": game, "token": token})
    assert code == 200 and rec["record"]["seed"] == 12
    code, replay = _post(client, {"op": "replay", "record": rec["record"], "seat": 0})
    assert code == 200 and replay["status"]["scores"] == view["status"]["scores"]


def test_default_db_is_in_the_user_data_dir(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert default_db_path() == tmp_path / "ragusa" / "games.sqlite3"


async def _load(base: str, games: list[tuple[str, str]], requests: int) -> list[int]:
    rng = random.Random(0)
    limits = httpx.Limits(max_connections=100)
    async with httpx.AsyncClient(base_url=base, timeout=30, limits=limits) as c:

        async def one(i: int) -> int:
            game, token = games[i % len(games)]
            kind = i % 5
            if kind == 0:
                r = await c.post("/api/message", content=b"{broken")
            elif kind == 1:
                r = await c.post(
                    "/api/message", json={"op": "apply", "game": game, "token": token, "action": "place s999"}
                )
            else:
                r = await c.post("/api/message", json={"op": "view", "game": game, "token": token})
                legal = r.json()["legal"]
                if legal and kind == 2:
                    r = await c.post(
                        "/api/message",
                        json={"op": "apply", "game": game, "token": token, "action": rng.choice(legal)["text"]},
                    )
                    if r.status_code == 409:  # another request moved this game first (stale): fine
                        return 200
            return r.status_code

        return await asyncio.gather(*(one(i) for i in range(requests)))


def test_load_hundreds_of_concurrent_requests_lose_no_game(db: str) -> None:
    with served(db, "--workers", "1") as (base, _):
        games = []
        for seed in range(8):
            r = httpx.post(
                f"{base}/api/message", json={"op": "new_game", "players": 2, "seats": ["human", "random"], "seed": seed}
            )
            games.append(_token(r.json()["links"][0]))
        codes = asyncio.run(_load(base, games, 400))
        assert all(c < 500 for c in codes) and codes.count(400) >= 80 and codes.count(422) >= 1
        served_views = [
            httpx.post(f"{base}/api/message", json={"op": "view", "game": g, "token": t}).json() for g, t in games
        ]
    fresh = open_games(db)  # every game, rebuilt from the database alone, is the one that was served
    try:
        assert fresh.count() == 8
        for (g, _), seen in zip(games, served_views):
            rebuilt = fresh.get(g)
            assert rebuilt is not None and rebuilt.actions and len(rebuilt.actions) == seen["status"]["actions"]
            assert json.loads(json.dumps(view_to_data(view(rebuilt.state, 0)))) == seen["view"]
            assert rebuilt.state == replay_actions(rebuilt.initial, rebuilt.actions)
    finally:
        fresh.close()


def test_openapi_page_and_schemas(client: httpx.Client) -> None:
    doc = client.get("/api/openapi.json").json()
    assert doc["openapi"].startswith("3.1") and "/api/message" in doc["paths"]
    text = json.dumps(doc)
    refs = set(re.findall(r'"#/components/schemas/([a-z_]+)"', text))
    assert refs and refs <= set(doc["components"]["schemas"]) and "apply_request" in refs
    assert "#/$defs/" not in text
    external = set(re.findall(r'"\$ref": "([a-z]+\.schema\.json)"', text))
    assert external == {
        "action.schema.json",
        "event.schema.json",
        "view.schema.json",
        "record.schema.json",
        "state.schema.json",
    }
    for name in external:
        assert client.get(f"/schemas/{name}").json()["$schema"].startswith("https://json-schema.org/")
    assert client.get("/schemas/protocol.schema.json").json()["$defs"]["apply_request"]
    assert client.get("/schemas/secrets.schema.json").status_code == 404


def test_ragusa_serve_prints_its_url_and_serves(tmp_path: Path) -> None:
    with served(tmp_path / "s.sqlite3") as (base, line):
        assert line.startswith(f"Ragusa is served at {base}/")
        assert line.rstrip().endswith(f"(games in {tmp_path / 's.sqlite3'}; Ctrl-C stops)")
        page = httpx.get(base + "/")
        assert page.status_code == 200 and "Ragusa" in page.text


def test_ragusa_serve_on_a_port_taken_says_so(tmp_path: Path) -> None:
    """A second server on the port the first holds stops with one line, before printing an address."""
    with served(tmp_path / "s.sqlite3") as (base, _):
        port = base.rsplit(":", 1)[1]
        cmd = [sys.executable, "-m", "ragusa", "serve", "--port", port, "--db", str(tmp_path / "t.sqlite3")]
        out = subprocess.run(cmd, capture_output=True, text=True, timeout=60)
    assert out.returncode == 1 and out.stdout == ""
    assert out.stderr.strip() == f"ragusa serve cannot listen on 127.0.0.1:{port}: Address already in use"


def test_two_writes_of_one_version_apply_exactly_one(db: str) -> None:
    """The store's compare-and-set: two requests read version v; the first write wins, the second is stale."""

    games = open_games(db)
    try:
        first, second = GameStore(games), GameStore(games)
        made = create("g1", players=2, seats=["human", "human"], seed=1, token=lambda: "t")
        first.put(made)
        a, b = first.get("g1"), second.get("g1")
        assert a is not None and b is not None and a.version == b.version == 0
        moves = list(legal_actions(a.state))[:2]
        first.put(apply_action(a, moves[0]))
        with pytest.raises(ProtocolError) as refused:
            second.put(apply_action(b, moves[1]))
        assert refused.value.code == "stale" and refused.value.extra["status"]["version"] == 1
        kept = GameStore(games).get("g1")
        assert kept is not None and kept.version == 1 and kept.actions == (moves[0],)
        assert games.count() == 1
    finally:
        games.close()


def test_two_servers_on_one_database_serve_the_same_games(db: str) -> None:
    """Moves sent alternately through two server processes: both show every move, in order."""
    with served(db, "--workers", "1") as (one, _), served(db, "--workers", "1") as (two, _):
        with httpx.Client(base_url=one, timeout=30) as c1, httpx.Client(base_url=two, timeout=30) as c2:
            _, reply = _post(c1, {"op": "new_game", "players": 2, "seats": ["human", "human"], "seed": 3})
            links = [_token(link) for link in reply["links"]]
            for i in range(8):
                c = (c1, c2)[i % 2]
                _, status = _post(c, {"op": "legal", "game": links[0][0], "token": links[0][1]})
                game, token = links[status["status"]["seat"]]
                _, seen = _post(c, {"op": "view", "game": game, "token": token})
                code, done = _post(c, {"op": "apply", "game": game, "token": token, "action": seen["legal"][0]["text"]})
                assert code == 200 and done["status"]["actions"] == i + 1
            for c in (c1, c2):
                _, log = _post(c, {"op": "log", "game": links[0][0], "token": links[0][1]})
                _, now = _post(c, {"op": "view", "game": links[0][0], "token": links[0][1]})
                assert now["status"]["actions"] == 8 and now["status"]["version"] == 8
            _, log1 = _post(c1, {"op": "log", "game": links[0][0], "token": links[0][1]})
            _, log2 = _post(c2, {"op": "log", "game": links[0][0], "token": links[0][1]})
            assert log1 == log2


def _events(base: str, game: str, token: str, want: int, out: list[tuple[float, int]]) -> None:
    """Read the game's event stream until version `want` arrives, noting (time, version) of each event."""

    with httpx.stream("GET", f"{base}/api/live/{game}/{token}", timeout=30) as r:
        assert r.status_code == 200 and r.headers["content-type"].startswith("text/event-stream")
        for line in r.iter_lines():
            if line.startswith("data: "):
                data = json.loads(line.removeprefix("data: "))
                out.append((time.monotonic(), data["version"]))
                if data["version"] >= want:
                    return


def test_a_page_on_one_server_hears_moves_made_through_another(db: str) -> None:

    with served(db, "--workers", "1") as (one, _), served(db, "--workers", "1") as (two, _):
        _, reply = _post(httpx.Client(base_url=one), {"op": "new_game", "players": 2, "seats": ["human", "human"]})
        links = [_token(link) for link in reply["links"]]
        game = links[0][0]
        heard: list[tuple[float, int]] = []
        listener = threading.Thread(target=_events, args=(one, game, links[0][1], 3, heard))
        listener.start()
        deadline = time.monotonic() + 10
        while not heard and time.monotonic() < deadline:  # the stream's first event: the version now
            time.sleep(0.02)
        assert heard and heard[0][1] == 0
        sent: list[float] = []
        with httpx.Client(base_url=two, timeout=30) as c:
            for _ in range(3):
                _, st = _post(c, {"op": "legal", "game": game, "token": links[0][1]})
                token = links[st["status"]["seat"]][1]
                _, seen = _post(c, {"op": "view", "game": game, "token": token})
                _post(c, {"op": "apply", "game": game, "token": token, "action": seen["legal"][0]["text"]})
                sent.append(time.monotonic())
                time.sleep(0.3)
        listener.join(timeout=15)
        assert [v for _, v in heard] == [0, 1, 2, 3]
        assert all(at - moved < 1.0 for (at, _), moved in zip(heard[1:], sent)), (heard, sent)
        forged = httpx.get(f"{one}/api/live/{game}/forged", timeout=10)
        assert forged.status_code == 403 and forged.json()["error"]["code"] == "forbidden"
        assert httpx.get(f"{one}/api/live/nope/x", timeout=10).status_code == 404


def test_the_openapi_description_lists_every_api_route_and_what_the_live_stream_sends(
    client: httpx.Client, tmp_path: Path
) -> None:
    doc = client.get("/api/openapi.json").json()
    app = create_app(tmp_path / "routes.sqlite3", workers=1)
    try:
        api = {
            (r.path, m.lower())
            for r in app.routes
            if isinstance(r, Route) and r.path.startswith(("/api/", "/schemas/"))
            for m in r.methods or ()
            if m != "HEAD"
        }
    finally:
        app.state.store.close()
    assert api == {(path, method) for path, ops in doc["paths"].items() for method in ops}
    live = doc["paths"]["/api/live/{game}/{token}"]["get"]
    assert set(live["responses"]) == {"200", "403", "404"}
    event = live["responses"]["200"]["content"]["text/event-stream"]["schema"]
    event = doc["components"]["schemas"][event["$ref"].rsplit("/", 1)[1]]
    _, reply = _post(client, {"op": "new_game", "players": 2, "seats": ["human", "greedy"], "seed": 3})
    game, token = _token(reply["links"][0])
    with client.stream("GET", f"/api/live/{game}/{token}") as r:
        assert r.status_code == 200 and r.headers["content-type"].startswith("text/event-stream")
        first = next(line for line in r.iter_lines() if line.startswith("data: "))
    data = json.loads(first.removeprefix("data: "))
    jsonschema.validate(data, event)
    assert data == {"game": game, "version": reply["status"]["version"]}
    for path, code, error in ((f"/api/live/{game}/forged", 403, "forbidden"), ("/api/live/nope/x", 404, "not_found")):
        r = client.get(path)
        assert r.status_code == code and r.json()["error"]["code"] == error, r.text
        check(r.json())


def test_an_analysis_is_made_in_the_bot_worker_pool_not_in_the_request_thread(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With the search made unusable in the server's own process, the server still answers `analyse`
    (its worker processes start afresh, with the real one), and as `ragusa engine` does."""
    new = {"op": "new_game", "players": 3, "seats": ["human", "greedy", "greedy"], "seed": 5}
    ask = {"op": "analyse", "budget": {"iterations": 30}, "seed": 2}
    store = MemoryStore()
    local = handle(store, new)
    want = handle(store, {**ask, "game": local["status"]["game"], "seat": 0})
    assert want["ok"] and len(want["moves"]) > 1, want

    def nowhere(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("an analysis searched in the request's thread")

    monkeypatch.setattr(analysis, "analyse", nowhere)
    assert handle(store, {**ask, "game": local["status"]["game"], "seat": 0})["error"]["code"] == "internal"

    async def served_here() -> dict[str, Any]:
        app = create_app(tmp_path / "games.sqlite3", workers=1)
        transport = httpx.ASGITransport(app=app)
        async with app.router.lifespan_context(app), httpx.AsyncClient(transport=transport, base_url="http://t") as c:
            web = (await c.post("/api/message", json=new)).json()
            game, token = _token(web["links"][0])
            got: dict[str, Any] = (await c.post("/api/message", json={**ask, "game": game, "token": token})).json()
            return got

    got = asyncio.run(served_here())
    assert got["ok"], got
    assert (got["moves"], got["iterations"], got["bot"]) == (want["moves"], want["iterations"], want["bot"])


def test_the_bots_answer_as_the_engine_does(client: httpx.Client) -> None:
    """The bots think in worker processes, each move committed as it is made; every answer is the one
    `handle` gives over an in-memory store (`ragusa engine`)."""

    store = MemoryStore()
    new = {"op": "new_game", "players": 3, "seats": ["easy", "human", "medium"], "seed": 21}
    _, web = _post(client, new)
    local = handle(store, new)
    game, token = _token(web["links"][1])
    assert web["status"]["actions"] == local["status"]["actions"]
    lid = local["status"]["game"]
    for _ in range(4):
        _, seen = _post(client, {"op": "view", "game": game, "token": token})
        action = seen["legal"][0]["text"]
        _, got = _post(client, {"op": "apply", "game": game, "token": token, "action": action, "explain": True})
        want = handle(store, {"op": "apply", "game": lid, "seat": 1, "action": action, "explain": True})
        assert got["log"] == want["log"] and got["events"] == want["events"]
        assert got["status"]["seat"] == want["status"]["seat"] == 1
        assert {**got["status"], "game": lid} == want["status"]
    assert got["status"]["actions"] >= 4 + 2 * 3  # each of the person's moves was followed by both bots'


class _Killed(Exception):
    """The server stopped while its bot thought."""


def _stops(session: Any, spec: str) -> Any:
    raise _Killed


def test_a_bot_left_thinking_by_a_stopped_server_moves_when_its_game_is_seen(db: str) -> None:

    games = open_games(db)
    try:
        store = GameStore(games, _stops)
        store.put(create("g1", players=2, seats=["human", "easy"], seed=2, token=lambda: "tok"))
        s = store.get("g1")
        assert s is not None and s.state.seat == 0  # seed 2: the person starts
        with pytest.raises(_Killed):  # the person's move is written, then the server stops as the bot thinks
            apply_action(s, legal_actions(s.state)[0], choose=store.choose)
        left = games.get("g1")
        assert left is not None and left.version == s.version + 1 and left.state.seat == 1
        written = left.version
    finally:
        games.close()
    with running_server(db, workers=1) as (base, _), httpx.Client(base_url=base, timeout=30) as c:
        _, seen = _post(c, {"op": "view", "game": "g1", "token": "tok"})
        assert seen["status"]["seat"] == 1 and seen["status"]["version"] == written
        deadline = time.monotonic() + 30
        while seen["status"]["seat"] != 0 and time.monotonic() < deadline:
            time.sleep(0.2)
            _, seen = _post(c, {"op": "view", "game": "g1", "token": "tok"})
        assert seen["status"]["seat"] == 0 and seen["status"]["version"] > written and seen["legal"]


def _at_once(
    c: httpx.Client, msg: dict[str, Any], start: threading.Barrier, out: list[tuple[int, dict[str, Any]]]
) -> None:
    start.wait()
    out.append(_post(c, msg))


def test_two_moves_at_once_through_two_servers_apply_exactly_one(db: str) -> None:
    """The deciding seat's two pages, on two server processes, send a move each for the same decision
    at the same moment (both saw the same version): one applies, the other is stale, 5 times over."""
    with served(db, "--workers", "1") as (one, _), served(db, "--workers", "1") as (two, _):
        with httpx.Client(base_url=one, timeout=30) as c1, httpx.Client(base_url=two, timeout=30) as c2:
            _, reply = _post(c1, {"op": "new_game", "players": 2, "seats": ["human", "human"], "seed": 5})
            links = [_token(link) for link in reply["links"]]
            game = links[0][0]
            for _ in range(5):
                _, st = _post(c1, {"op": "legal", "game": game, "token": links[0][1]})
                token = links[st["status"]["seat"]][1]
                _, seen = _post(c1, {"op": "view", "game": game, "token": token})
                version, options = seen["status"]["version"], seen["legal"]
                moves = [options[0]["text"], options[-1]["text"]]
                start = threading.Barrier(2)
                codes: list[tuple[int, dict[str, Any]]] = []
                sends = [
                    (c, {"op": "apply", "game": game, "token": token, "action": m, "expect": version}, start, codes)
                    for c, m in zip((c1, c2), moves)
                ]
                threads = [threading.Thread(target=_at_once, args=args) for args in sends]
                for t in threads:
                    t.start()
                for t in threads:
                    t.join(timeout=60)
                assert sorted(code for code, _ in codes) == [200, 409], codes
                refused = next(body for code, body in codes if code == 409)
                assert refused["error"]["code"] == "stale" and refused["error"]["status"]["version"] == version + 1
                _, now = _post(c2, {"op": "view", "game": game, "token": token})
                assert now["status"]["version"] == now["status"]["actions"] == version + 1
