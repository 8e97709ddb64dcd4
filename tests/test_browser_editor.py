"""The board editor (/editor) in a real browser (Debian's chromium through Playwright): a position
opened from the address, a piece put by a click, an impossibility named beside its number with its
clause, the legal moves, an illegal move's clause and rule page, the page in French, and a game
played on from the position."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from urllib.parse import parse_qs, quote, urlparse

import pytest
from playwright.sync_api import Browser, Page, sync_playwright

from ragusa import new_game, position_to_text
from tests.browser_support import ARGS, CHROMIUM, SIZES, shot
from tests.test_clause_positions import POSITIONS
from tests.test_cli_explain import TEXT
from tests.web_support import running_server


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    if not Path(CHROMIUM).exists():
        pytest.skip(f"the browser tests need Debian's chromium at {CHROMIUM}")  # CI fails on any skip
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


def address_position(page: Page) -> str:
    (text,) = parse_qs(urlparse(page.url).query)["position"]
    return text


def open_editor(browser: Browser, url: str, errors: list[str]) -> Page:
    page = browser.new_context(**SIZES["desktop"]).new_page()  # type: ignore[arg-type]
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(url)
    page.wait_for_selector("#edstatus")
    return page


@pytest.mark.clause("FISH-1", "RES-2")
def test_the_editor_opens_a_position_rules_on_moves_and_names_impossibilities(browser: Browser, tmp_path: Path) -> None:
    errors: list[str] = []
    with running_server(tmp_path / "g.sqlite3") as (base, _):
        page = open_editor(browser, f"{base}/editor?position={quote(TEXT)}", errors)
        assert page.inner_text("#edstatus") == "A position the rules can reach."
        assert page.inner_text("#headline").startswith("Seat 3 decides (trade_window, FISH-2).")  # @2 in the text
        assert page.inner_text("#edmoves details summary") == "Legal moves (1)"
        # a move that is not legal: its clause, linked to its rule page, and the numbers
        page.fill("#movetext", "trade wood")
        page.click("#trymove button")
        page.wait_for_selector(".ruling.illegal")
        assert "1 wood costs 2 fish; seat 2 has 0" in page.inner_text("#ruling")
        assert page.get_attribute("#ruling a.clause", "href") == "http://127.0.0.1:8000/rules/fish/#FISH-1"
        # the legal move, clicked: what it does
        page.click("button.move >> nth=0")
        page.wait_for_selector(".ruling.legal")
        assert "seat 1: silver 6 -> 9" in page.inner_text("#ruling")  # @0 in the text
        # 13 silver: impossible, said beside that number with its clause; the address follows
        cell = "input[data-path='players.0.commodities.0']"
        page.fill(cell, "13")
        page.press(cell, "Tab")
        page.wait_for_selector("#edstatus.bad")
        note = page.inner_text(f"{cell} + .problem")
        assert note.startswith("RES-2") and "13; a seat holds at most 12 of a commodity" in note
        assert " @0 h=23.33.36.42.45 w=12.13.14 r=0.3.2.3.3.2 c=13 " in address_position(page)
        shot(page, "editor.png")
    assert errors == []


def test_a_click_puts_a_house_and_the_address_holds_the_position(browser: Browser, tmp_path: Path) -> None:
    errors: list[str] = []
    table = new_game(2, seed=4)  # setup: seat 2 (@1 in the text) chooses its bonus card first
    with running_server(tmp_path / "g.sqlite3") as (base, _):
        page = open_editor(browser, f"{base}/editor?position={quote(position_to_text(table))}", errors)
        assert page.inner_text("#edstatus") == "A position the rules can reach."
        assert page.select_option("#toolseat", label="seat 1") == ["0"]  # people count from 1, the text from 0
        box = page.locator("circle[data-spot='s28']").bounding_box()
        assert box is not None
        page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        page.wait_for_selector("#edstatus.bad")  # a house during the setup: SETUP-6 says no
        text = address_position(page)
        assert " @0 h=28 left=11.2.15 " in text  # the house, and one house fewer left
        assert "SETUP-6" in page.inner_text("#problems")
    assert errors == []


def test_the_editor_speaks_french_and_plays_on_from_the_position(browser: Browser, tmp_path: Path) -> None:
    errors: list[str] = []
    with running_server(tmp_path / "g.sqlite3") as (base, _):
        page = open_editor(browser, f"{base}/editor?position={quote(TEXT)}", errors)
        page.select_option("#lang", "fr")
        page.wait_for_function("() => document.querySelector('#edstatus').innerText.startsWith('Une position')")
        assert page.inner_text("#readtext") == "Lire ce texte"
        assert page.inner_text("#headline").startswith("Le joueur 3 décide (trade_window, FISH-2).")  # @2 in the text
        page.click("#playhere")
        page.wait_for_url("**/play/**")  # seat 1 (@0) a person, the others bots: they play until it decides
        page.wait_for_selector("#status")
        assert page.inner_text("#status").startswith("À vous")
    assert errors == []


@pytest.mark.clause("FISH-1")
def test_a_rule_page_example_opens_with_the_ruling_on_its_move(browser: Browser, tmp_path: Path) -> None:
    errors: list[str] = []
    example = POSITIONS["FISH-1"]
    with running_server(tmp_path / "g.sqlite3") as (base, _):
        url = f"{base}/editor?position={quote(example['position'])}&move={quote(example['move'])}"
        page = open_editor(browser, url, errors)
        page.wait_for_selector("#ruling .ruling")
        assert page.inner_text("#ruling a.clause") == "FISH-1"
    assert errors == []
