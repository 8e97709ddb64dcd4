"""The page in a real browser: Debian's chromium driven by Playwright (no browser download).

A whole solo game through the page (record download, replay upload, slider), and a 3-player
game of one person against two bots: an illegal click and its explanation, undo, a server
restart mid-game, and a check that nothing the page received holds another seat's hidden card.
Set RAGUSA_SCREENSHOTS=DIR to save screenshots of the table there (docs/img for the docs).
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, Response, sync_playwright

from ragusa import apply
from tests.web_support import free_port, running_server

CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
SHOTS = os.environ.get("RAGUSA_SCREENSHOTS")


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    if not os.path.exists(CHROMIUM):
        # a fresh machine without Debian's chromium (apt-get install -y chromium); CI installs it and
        # fails on any skip (RAGUSA_FAIL_ON_SKIP=1), so there this never passes silently
        pytest.skip(f"the browser tests need Debian's chromium at {CHROMIUM}")
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


def _shot(page: Page, name: str) -> None:
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SHOTS) / name), full_page=True)


def _new_game(page: Page, base: str, players: int, seats: list[str]) -> None:
    page.goto(base + "/")
    page.select_option("select[name=players]", str(players))
    for i, kind in enumerate(seats):
        page.select_option(f"select[name=seat{i}]", kind)
    page.fill("input[name=seed]", "7")
    page.click("#start")
    page.wait_for_url("**/play/**")
    page.wait_for_selector("#status")


def _my_turn_or_end(page: Page) -> str:
    page.wait_for_selector("#moves button, #end", timeout=60_000)
    return "end" if page.query_selector("#end") else "turn"


def _click_first_move(page: Page) -> None:
    before = page.inner_text("#log")
    page.click("#moves button >> nth=0")
    page.wait_for_function(
        "b => document.querySelector('#log') && document.querySelector('#log').innerText !== b", arg=before
    )


def test_a_whole_solo_game_in_the_page(browser: Browser, tmp_path: Path) -> None:
    with running_server(tmp_path / "g.sqlite3") as (base, _):
        page = browser.new_page(viewport={"width": 1400, "height": 1000}, accept_downloads=True)
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        _new_game(page, base, 1, ["human"])
        assert "Solo round" in page.inner_text("main")
        moves = 0
        while _my_turn_or_end(page) == "turn":
            _click_first_move(page)
            moves += 1
            assert moves < 400
        end = page.inner_text("#end")
        assert "Game over" in end and "total" in end and "cathedral" in end
        _shot(page, "play-solo-end.png")
        with page.expect_download() as info:
            page.click("#record")
        record = tmp_path / "record.json"
        info.value.save_as(record)
        assert json.loads(record.read_text())["players"] == 1
        page.goto(base + "/")
        page.set_input_files("#upload", str(record))
        page.wait_for_selector("#slider")
        steps = int(page.get_attribute("#slider", "max") or 0)
        assert steps == len(json.loads(record.read_text())["actions"])
        page.eval_on_selector(
            "#slider", "(el, n) => { el.value = n; el.dispatchEvent(new Event('input')); }", steps // 2
        )
        assert page.inner_text("#stepno") == f"step {steps // 2} of {steps}"
        _shot(page, "play-replay.png")
        assert not errors


def _hidden_cards(app: Any, game: str, me: int) -> set[str]:
    """Other seats' kept cards and the deck's, less the cards ``me`` was shown (dealt, drawn)."""
    session = app.state.store.get(game)
    seen = set(session.initial.dealt[me])
    state = session.initial
    for action in session.actions:
        if state.seat == me:
            seen |= set(state.rector_hand)
        state = apply(state, action)
    final = session.state
    hidden = {c for seat, p in enumerate(final.players) if seat != me for c in p.bonus_cards} | set(final.bonus_deck)
    return hidden - seen


def test_one_person_against_two_bots(browser: Browser, tmp_path: Path) -> None:
    db, port = tmp_path / "g.sqlite3", free_port()
    bodies: list[str] = []

    def keep(response: Response) -> None:
        if "/api/message" in response.url:
            try:
                bodies.append(response.text())
            except Exception:
                pass

    with running_server(db, port) as (base, app):
        page = browser.new_page(viewport={"width": 1400, "height": 1000})
        page.on("response", keep)
        _new_game(page, base, 3, ["human", "greedy", "random"])
        game = page.url.split("/")[-2]
        _click_first_move(page)  # keep a bonus card
        page.wait_for_selector("#moves button")
        # an illegal click: a free spot that is not a legal placement
        spot = page.eval_on_selector_all("circle.click:not(.legal)", "els => els.map(e => e.dataset.spot)")[0]
        page.click(f"circle[data-spot={spot}]")
        page.wait_for_selector("#message.error")
        message = page.inner_text("#message")
        assert message.startswith("[") and spot in message, message
        _shot(page, "play-illegal.png")
        page.click("circle.legal >> nth=0")
        page.wait_for_selector("#message.info")
        turns = page.inner_text("#log").count("Turn ")
        page.click("#undo")
        page.wait_for_function("() => document.querySelector('#message').innerText.startsWith('undone')")
        assert page.inner_text("#log").count("Turn ") < turns
        _click_first_move(page)
        _click_first_move(page)
        status, log = page.inner_text("#status"), page.inner_text("#log")
        hidden = _hidden_cards(app, game, 0)
    # the server stops and starts again on the same port and database: the page carries on
    with running_server(db, port) as (base, app):
        page.reload()
        page.wait_for_selector("#status")
        assert page.inner_text("#status") == status and page.inner_text("#log") == log
        moves = 0
        checked: list[str] = []
        game_hidden: set[str] = set()
        while _my_turn_or_end(page) == "turn":
            if moves == 3:  # mid-game: everything the page got so far, and its document
                _shot(page, "play-table.png")
                game_hidden = _hidden_cards(app, game, 0)
                checked = [*bodies, page.content()]
            _click_first_move(page)
            moves += 1
            assert moves < 400
        assert "Game over" in page.inner_text("#end") and "bonus card:" in page.inner_text("#end")
    assert hidden and game_hidden and len(checked) > 10
    for text in checked:
        assert not any(card in text for card in hidden | game_hidden), "the page received a hidden card"
        assert '"seed"' not in text and '"bonus_deck"' not in text and '"ship_deck"' not in text
