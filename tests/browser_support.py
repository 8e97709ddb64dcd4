"""Helpers for the browser tests: Debian's chromium through Playwright, the two screen sizes,
playing a move through the page, screenshots for the docs (RAGUSA_SCREENSHOTS=DIR); a page that fails
the test on any JavaScript error (the fixtures are in tests/browser_fixtures.py)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, sync_playwright

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
#: a desktop window and a phone (390 x 844, touch)
SIZES = {
    "desktop": {"viewport": {"width": 1400, "height": 1000}},
    "phone": {
        "viewport": {"width": 390, "height": 844},
        "is_mobile": True,
        "has_touch": True,
        "device_scale_factor": 2,
    },
}


@contextmanager
def chromium() -> Iterator[Browser]:
    """Debian's chromium driven by Playwright (never a downloaded browser); skips without it (CI has it
    and fails on any skip)."""
    if not Path(CHROMIUM).exists():
        pytest.skip(f"the browser tests need Debian's chromium at {CHROMIUM}")
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            yield b
        finally:
            b.close()


def shot(page: Page, name: str, full: bool = True) -> None:
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SHOTS) / name), full_page=full)


def new_game(
    page: Page, base: str, players: int, seats: list[str], names: list[str | None] | None = None, seed: int = 7
) -> None:
    page.goto(base + "/")
    page.wait_for_selector("#newgame")
    page.select_option("select[name=players]", str(players))
    for i, kind in enumerate(seats):
        page.select_option(f"select[name=seat{i}]", kind)
        name = names[i] if names else None
        if name:
            page.fill(f"input[name=name{i}]", name)
    page.fill("input[name=seed]", str(seed))
    page.click("#start")


def open_table(page: Page) -> None:
    """Wait for the table of the link just opened."""
    page.wait_for_url("**/play/**")
    page.wait_for_selector("#status")


def my_turn_or_end(page: Page) -> str:
    page.wait_for_selector("#moves button, #end", timeout=60_000, state="attached")
    return "end" if page.query_selector("#end") else "turn"


def first_move(page: Page) -> None:
    """Play the first listed move (the list of placements folds away: open it; confirm fish)."""
    before = page.evaluate("() => document.querySelector('#log').innerText")
    page.evaluate("() => document.querySelectorAll('#moves details').forEach(d => d.open = true)")
    page.click("#moves button.move >> nth=0")
    if page.query_selector(".confirm button.move"):
        page.click(".confirm button.move >> nth=0")
    page.wait_for_function(
        "b => document.querySelector('#log') && document.querySelector('#log').innerText !== b", arg=before
    )


def strict_page(browser: Browser, size: str, **extra: Any) -> Page:
    """A page of `size` on which any JavaScript error or dialog fails the test."""
    page = browser.new_context(**SIZES[size], **extra).new_page()  # type: ignore[arg-type]
    page.on("pageerror", lambda e: pytest.fail(f"JavaScript error: {e}"))
    page.on("dialog", lambda d: pytest.fail(f"a dialog opened: {d.message}"))
    return page
