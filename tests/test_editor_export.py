"""The board editor in the exported static site (`ragusa export-web`): the rules in the page
(Pyodide), the position in the address's fragment (`#/editor?position=TEXT`), served from a plain
static server in Debian's chromium."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import parse_qs, quote, unquote

import pytest
from playwright.sync_api import Browser

from ragusa.embed.costs import serve_static
from tests.test_browser_editor import browser  # noqa: F401  (the fixture: Debian's chromium)
from tests.test_cli_explain import TEXT


@pytest.fixture(scope="module")
def served(site: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    root = tmp_path_factory.mktemp("www")
    shutil.copytree(site, root / "ragusa")
    with serve_static(root) as base:
        yield f"{base}/ragusa"


def test_the_exported_site_has_the_editor_and_its_address_holds_the_position(browser: Browser, served: str) -> None:  # noqa: F811
    page = browser.new_page(viewport={"width": 1400, "height": 1000})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{served}/index.html#/editor?position={quote(TEXT)}")
    page.wait_for_selector("#headline", timeout=180_000)
    assert page.inner_text("#headline").startswith("Seat 3 decides (trade_window, FISH-2).")  # @2 in the text
    cell = "input[data-path='players.1.commodities.1']"
    page.fill(cell, "7")
    page.press(cell, "Tab")
    page.wait_for_selector("#edstatus.bad")  # wine from nowhere: the houses made none
    fragment = unquote(page.url.split("#", 1)[1])
    assert fragment.startswith("/editor?position=")
    (text,) = parse_qs(fragment.split("?", 1)[1])["position"]
    assert " @1 h=26.28.38.39.40 t=53.57.65 r=0.3.2.2.2.3 c=2.7 " in text
    assert errors == []
