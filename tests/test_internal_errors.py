"""An unexpected failure inside a request (a bug, injected here) is answered with the `internal`
error, its traceback is logged, and the next request is served: the protocol, `ragusa engine` and
the web app."""

from __future__ import annotations

import io
import json
import logging
from pathlib import Path
from typing import Any

import httpx
import pytest

from ragusa.service import engine, protocol, session
from ragusa.service.engine import run
from ragusa.service.protocol import OPS, handle
from ragusa.service.store import MemoryStore
from tests.protocol_support import check
from tests.web_support import running_server


def _boom(*args: Any, **kwargs: Any) -> Any:
    raise RuntimeError("injected failure")


def _logged(caplog: pytest.LogCaptureFixture) -> list[logging.LogRecord]:
    """The records of internal errors, each with the injected exception's traceback."""
    return [r for r in caplog.records if r.name == "ragusa.service" and r.exc_info and r.exc_info[0] is RuntimeError]


def test_the_protocol_answers_internal_and_serves_the_next_request(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    store = MemoryStore(0)
    status = handle(store, {"op": "new_game", "players": 2, "seats": ["human", "greedy"], "seed": 1})["status"]
    game, actions = status["game"], status["actions"]
    monkeypatch.setattr(session, "apply_action", _boom)
    reply = handle(store, {"op": "apply", "game": game, "action": "pass", "id": 7})
    check(reply)
    assert reply["ok"] is False and reply["id"] == 7
    assert reply["error"]["code"] == "internal" and "'apply'" in reply["error"]["message"]
    assert "injected" not in reply["error"]["message"]  # the details stay in the server's log
    assert len(_logged(caplog)) == 1
    monkeypatch.undo()
    after = handle(store, {"op": "legal", "game": game})
    assert after["ok"] and after["legal"] and after["status"]["actions"] == actions  # the game is as it was


def test_the_engine_answers_internal_and_reads_on(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    info = OPS["info"]
    monkeypatch.setitem(OPS, "info", lambda store, msg: _boom() if msg.get("id") == "boom" else info(store, msg))
    # a failure past the protocol, writing the response: an answer that is not JSON
    monkeypatch.setattr(
        engine, "handle", lambda store, msg: {"x": object()} if msg.get("id") == 3 else handle(store, msg)
    )
    lines = [{"op": "info", "id": "boom"}, {"op": "info", "id": 2}, {"op": "info", "id": 3}, {"op": "info"}]
    out = io.StringIO()
    assert run(io.StringIO("".join(json.dumps(x) + "\n" for x in lines)), out, seed=0) == 0
    replies = [json.loads(line) for line in out.getvalue().splitlines()]
    for r in replies:
        check(r)
    assert [r["ok"] for r in replies] == [False, True, False, True]
    assert replies[0]["error"]["code"] == replies[2]["error"]["code"] == "internal"
    assert replies[0]["id"] == "boom" and replies[1]["id"] == 2
    records = [r for r in caplog.records if r.name == "ragusa.service" and r.exc_info]
    assert [r.exc_info[0] for r in records if r.exc_info] == [RuntimeError, TypeError]


def test_the_web_app_answers_500_internal_and_serves_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    with running_server(tmp_path / "games.sqlite3") as (base, _), httpx.Client(base_url=base, timeout=30) as client:
        monkeypatch.setitem(OPS, "info", _boom)
        r = client.post("/api/message", json={"op": "info", "id": 1})
        assert r.status_code == 500
        check(r.json())
        assert r.json()["error"]["code"] == "internal" and r.json()["id"] == 1
        # a failure in the app itself, before the protocol
        monkeypatch.undo()
        monkeypatch.setattr("ragusa.web.app._http_check", _boom)
        r = client.post("/api/message", json={"op": "info"})
        assert r.status_code == 500 and r.json()["error"]["code"] == "internal"
        monkeypatch.undo()
        r = client.post("/api/message", json={"op": "info"})
        assert r.status_code == 200 and r.json()["ok"] and "apply" in r.json()["ops"]
    assert len(_logged(caplog)) == 2
    assert protocol.LOG.name == "ragusa.service"
