"""Live pages in a real browser (Debian's chromium through Playwright): two tabs of one seat, and a
phone (390 x 844) and a laptop of one seat. A move made on one page appears on the other within a
second, pushed by the server (no polling); a click on a page that missed a change is refused as
stale and the page redraws to the game as it is, nothing applied."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page

from tests.browser_support import SIZES, chromium, first_move, new_game, open_table
from tests.web_support import running_server


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with chromium() as b:
        yield b


def _version(page: Page) -> int:
    found: int = page.evaluate("() => G.reply.status.version")
    return found


def _same_seat(browser: Browser, base: str, first: str, second: str) -> tuple[Page, Page]:
    """A new game of one person against an easy bot on a `first`-size page, and its seat's link
    opened on a `second`-size page (a new tab of the same browser when both sizes are one)."""
    one = browser.new_context(**SIZES[first])  # type: ignore[arg-type]
    a = one.new_page()
    a.on("pageerror", lambda e: pytest.fail(f"JavaScript error: {e}"))
    new_game(a, base, 2, ["human", "easy"], seed=11)
    open_table(a)
    other = one if first == second else browser.new_context(**SIZES[second])  # type: ignore[arg-type]
    b = other.new_page()
    b.on("pageerror", lambda e: pytest.fail(f"JavaScript error: {e}"))
    b.goto(a.url)
    open_table(b)
    b.wait_for_selector("#moves button")
    return a, b


def _moved_elsewhere_appears(mover: Page, watcher: Page) -> float:
    """Play a move on `mover`; the seconds until `watcher` shows the game at the same version."""
    before = _version(watcher)
    first_move(mover)
    done = time.monotonic()
    now = _version(mover)
    assert now > before
    watcher.wait_for_function("v => G.reply.status.version === v", arg=now, timeout=5_000)
    return time.monotonic() - done


def test_two_tabs_of_one_seat(browser: Browser, tmp_path: Path) -> None:
    with running_server(tmp_path / "g.sqlite3", workers=1) as (base, _):
        a, b = _same_seat(browser, base, "desktop", "desktop")
        waits = [_moved_elsewhere_appears(a, b), _moved_elsewhere_appears(b, a)]
        assert max(waits) < 1.0, waits
        assert a.inner_text("#status") == b.inner_text("#status") and a.inner_text("#log") == b.inner_text("#log")
        # tab b stops hearing the server, tab a moves: b shows an old board and its click is stale
        b.evaluate("() => G.unfollow()")
        old = _version(b)
        first_move(a)
        assert _version(b) == old < _version(a)
        b.evaluate("() => document.querySelectorAll('#moves details').forEach(d => d.open = true)")
        b.click("#moves button.move >> nth=0")
        if b.query_selector(".confirm button.move"):
            b.click(".confirm button.move >> nth=0")
        b.wait_for_function("v => G.reply.status.version === v", arg=_version(a), timeout=5_000)
        assert b.query_selector("#message.error") is not None, "the stale click was not told"
        assert a.evaluate("() => G.reply.status.actions") == b.evaluate("() => G.reply.status.actions")
        assert a.inner_text("#log") == b.inner_text("#log")  # nothing was applied from the old board


def test_a_phone_and_a_laptop_of_one_seat(browser: Browser, tmp_path: Path) -> None:
    with running_server(tmp_path / "g.sqlite3", workers=1) as (base, _):
        laptop, phone = _same_seat(browser, base, "desktop", "phone")
        assert phone.evaluate("() => document.documentElement.scrollWidth") <= 390
        waits = [_moved_elsewhere_appears(phone, laptop), _moved_elsewhere_appears(laptop, phone)]
        assert max(waits) < 1.0, waits
        assert laptop.inner_text("#status") == phone.inner_text("#status")
        assert laptop.inner_text("#log") == phone.inner_text("#log")
