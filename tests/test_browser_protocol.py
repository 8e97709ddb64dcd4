"""The table and the protocol, in Debian's chromium: a move sent from a page that did not see the
game's last change is refused as stale and the page redraws; the hint names the expert's move.
(Tooling: no clause marker.)"""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Browser

from tests.browser_support import SIZES, new_game, open_table
from tests.web_support import running_server

#: the `browser` fixture (chromium; skips without it)
pytest_plugins = ("tests.browser_fixtures",)


def test_a_stale_page_redraws_and_a_hint_names_a_move(browser: Browser, tmp_path: Path) -> None:
    with running_server(tmp_path / "g.sqlite3") as (base, _):
        page = browser.new_context(**SIZES["desktop"]).new_page()  # type: ignore[arg-type]
        page.on("pageerror", lambda e: pytest.fail(f"JavaScript error: {e}"))
        new_game(page, base, 2, ["human", "greedy"], seed=3)
        open_table(page)
        page.wait_for_selector("#moves button.move")
        page.click("#hint")
        page.wait_for_function("() => document.querySelector('#message').innerText.startsWith('Hint: ')")
        # another tab of the same seat plays first while this page hears nothing (its live updates
        # stopped): it shows an old board, and its next move is stale
        page.evaluate("() => G.unfollow()")
        _, _, game, token = page.url.removeprefix(base).split("/")
        with httpx.Client(base_url=base, timeout=60) as c:
            legal = c.post("/api/message", json={"op": "legal", "game": game, "token": token}).json()["legal"]
            done = c.post(
                "/api/message", json={"op": "apply", "game": game, "token": token, "action": legal[0]["text"]}
            )
            version = done.json()["status"]["version"]
        page.evaluate("() => document.querySelectorAll('#moves details').forEach(d => d.open = true)")
        page.click("#moves button.move >> nth=0")
        page.wait_for_function(
            "() => document.querySelector('#message').innerText.includes('changed since you saw it')"
        )
        # the page redrew from the game as it is now: its next move carries the new version
        assert page.evaluate("() => G.reply.status.version") == version
