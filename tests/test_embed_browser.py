"""The exported site in Debian's chromium (Playwright, no browser download), from a plain static server.

`ragusa.mjs` in the page answers the seeded transcript exactly as the native engine does (and the
table switches to French, its catalogue read in the page), and a game
played by clicking through the exported `index.html` gets, request by request, the native engine's
answers. The site is served from a sub-folder (its files are found relative to the page), and no
request leaves the site's origin. The exported page runs the rules in a Web Worker
(`loadRagusa({ worker: true })`): its own thread keeps running while a search bot thinks, which the
page's thread cannot do when the rules run in it.
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, sync_playwright

from ragusa.embed.costs import serve_static
from ragusa.service.protocol import handle
from ragusa.service.store import MemoryStore
from tests.browser_support import ARGS, CHROMIUM, first_move, my_turn_or_end, new_game, open_table
from tests.embed_support import JS, native_transcript

#: where the site is served, under the server's root (a sub-folder, as on most static hosts)
SUB = "games/ragusa"


@pytest.fixture(scope="module")
def served(site: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    root = tmp_path_factory.mktemp("www")
    shutil.copytree(site, root / SUB)
    shutil.copyfile(JS / "transcript.mjs", root / "transcript.mjs")
    with serve_static(root) as base:
        yield base


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    if not Path(CHROMIUM).exists():
        pytest.skip(f"the browser tests need Debian's chromium at {CHROMIUM}")
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


def _open(browser: Browser, url: str, requested: list[str]) -> Page:
    page = browser.new_page(viewport={"width": 1400, "height": 1000})
    page.on("request", lambda request: requested.append(request.url))
    page.goto(url)
    page.wait_for_function("document.documentElement.dataset.engine === 'ready'", timeout=120_000)
    return page


def test_ragusa_mjs_in_the_page_answers_as_the_native_engine(browser: Browser, served: str) -> None:
    requested: list[str] = []
    page = _open(browser, f"{served}/{SUB}/index.html", requested)
    got = page.evaluate(
        """async () => {
            const { loadRagusa } = await import(new URL("ragusa.mjs", location.href).href);
            const { transcript } = await import("/transcript.mjs");
            const ragusa = await loadRagusa({ seed: 1 });
            return transcript(line => ragusa.requestLine(line));
        }"""
    )
    assert got == native_transcript()
    # the table in French: the catalogue read with Babel, in the page
    page.wait_for_selector("#lang")
    page.select_option("#lang", "fr")
    page.wait_for_function("document.documentElement.lang === 'fr'", timeout=60_000)
    page.wait_for_function("document.querySelector('header').innerText.includes('Langue')", timeout=60_000)
    assert requested and all(url.startswith(served + "/") for url in requested), requested
    page.close()


#: before the page's scripts: every request the page sends and its answer, kept across reloads of the tab
_RECORD = """(() => {
    let current;
    Object.defineProperty(window, "ragusaTransport", {
        configurable: true,
        get() { return current; },
        set(transport) {
            const send = transport.send;
            transport.send = async message => {
                const answer = await send(message);
                const seen = JSON.parse(sessionStorage.getItem("seen") || "[]");
                seen.push([message, answer]);
                sessionStorage.setItem("seen", JSON.stringify(seen));
                return answer;
            };
            current = transport;
        },
    });
})();"""


def _native_answers(seen: list[list[Any]]) -> list[Any]:
    """Each request the page sent, sent to a native engine instead (the page's seat tokens read as the
    native ones); a new game's answer shaped as the page's (a link per human seat, no seed)."""
    store = MemoryStore(seed=1)
    tokens: dict[str, str] = {}
    out = []
    for message, answer in seen:
        if "token" in message:
            message = {**message, "token": tokens[message["token"]]}
        native = json.loads(json.dumps(handle(store, message)))
        if message.get("op") == "new_game" and native["ok"]:
            page_tokens = [link.rsplit("/", 1)[-1] if link else None for link in answer["links"]]
            tokens.update({mine: theirs for mine, theirs in zip(page_tokens, native.pop("tokens")) if mine})
            native.pop("seed")
            native["links"] = answer["links"]
        out.append(native)
    return out


def _play_to_the_end(page: Page, reload_after: int) -> int:
    moves = 0
    while my_turn_or_end(page) == "turn":
        if moves == reload_after:  # the game comes back from the browser's storage
            page.reload()
            page.wait_for_selector("#status", timeout=120_000)
            my_turn_or_end(page)
        first_move(page)
        moves += 1
        assert moves < 400
    return moves


def test_a_game_through_the_exported_page_gets_the_native_answers(browser: Browser, served: str) -> None:
    requested: list[str] = []
    errors: list[str] = []
    page = browser.new_page(viewport={"width": 1400, "height": 1000})
    page.on("request", lambda request: requested.append(request.url))
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.add_init_script(_RECORD)
    new_game(page, f"{served}/{SUB}", 3, ["human", "greedy", "random"])  # the engine may still be loading
    open_table(page)
    assert "#/play/g1/" in page.url
    moves = _play_to_the_end(page, reload_after=5)
    assert moves > 10 and "Game over" in page.inner_text("#end")
    seen = page.evaluate("JSON.parse(sessionStorage.getItem('seen'))")
    ops = [m["op"] for m, _ in seen]
    assert "new_game" in ops and {"info", "view", "log"} <= set(ops)
    # every move is an apply; an apply the page refused (none here) would show as an error answer
    assert ops.count("apply") == moves and all(a["ok"] for m, a in seen if m["op"] == "apply")
    game_requests = [m for m in seen[ops.index("new_game") + 1 :] if m[0].get("game")]
    assert game_requests and all("token" in m for m, _ in game_requests)  # as over HTTP: the seat's token
    assert [a for _, a in seen] == _native_answers(seen)
    assert all(url.startswith(served + f"/{SUB}/") for url in requested), requested
    assert not errors
    page.close()


#: a game against the hard level (half a second of search a move), seat 0 first (seed 3): seat 0's first
#: move through `send`, while a timer counts how often the page's own thread ran until the answer came
_WHILE_THE_BOT_THINKS = """async send => {
    const started = await send({ op: "new_game", players: 2, seats: ["human", "hard"], seed: 3 });
    const game = started.status.game;
    const seat = started.links ? { token: started.links[0].split("/").pop() } : { seat: 0 };
    const { legal } = await send({ op: "legal", game, ...seat });
    let ticks = 0;
    let waiting = true;
    const tick = () => { if (waiting) { ticks += 1; setTimeout(tick, 0); } };
    setTimeout(tick, 0);
    const moved = await send({ op: "apply", game, ...seat, action: legal[0].action });
    waiting = false;
    return { ok: moved.ok, actions: moved.status.actions, seat: moved.status.seat, ticks };
}"""


def test_the_page_runs_the_rules_in_a_worker_and_its_thread_runs_while_a_bot_searches(
    browser: Browser, served: str
) -> None:
    requested: list[str] = []
    page = _open(browser, f"{served}/{SUB}/index.html", requested)
    assert [w.url for w in page.workers] == [f"{served}/{SUB}/ragusa-worker.mjs"]
    in_worker = page.evaluate(f"({_WHILE_THE_BOT_THINKS})(window.ragusaTransport.send)")
    # the bot moved after seat 0 (two actions), and seat 0 decides again
    assert in_worker["ok"] and in_worker["actions"] >= 2 and in_worker["seat"] == 0
    assert in_worker["ticks"] >= 1, in_worker  # the page's thread ran during the half second of search
    # the same with the rules in the page's thread: its timers wait until the answer is there
    in_page = page.evaluate(
        f"""async () => {{
            const {{ loadRagusa }} = await import(new URL("ragusa.mjs", location.href).href);
            const ragusa = await loadRagusa();
            return ({_WHILE_THE_BOT_THINKS})(message => ragusa.request(message));
        }}"""
    )
    assert in_page["ok"] and in_page["actions"] >= 2 and in_page["ticks"] == 0, in_page
    assert all(url.startswith(served + "/") for url in requested), requested
    page.close()
