"""The table's way around and its words, in Debian's chromium: the Patrician's decisions stepped
through like any seat's moves, links to a new game and to this browser's games from every page, the
list of games (opponents and levels, whose turn, the result) with a replay that needs no download and
keeps names and seat kinds, only the options of the chosen number of players, the end page on a
phone (the result first, 44 px controls, tables that say they scroll, cancel and undo apart), and
French and Polish pages with no English sentence and no untranslated id."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page

from tests.browser_support import new_game, open_table, shot, strict_page
from tests.test_table_words import CLAUSE, ENGLISH, IDS

#: the `browser` and `server` fixtures
pytest_plugins = ("tests.browser_fixtures",)


def _play_to_the_end(base: str, link: str, moves: int = 1000) -> None:
    """Play the seat of `link` over the protocol (its first legal move each time), at most `moves` times."""
    _, _, game, token = link.split("/")
    with httpx.Client(base_url=base, timeout=60) as c:
        for _ in range(moves):
            r = c.post("/api/message", json={"op": "legal", "game": game, "token": token}).json()
            if r["status"]["over"]:
                return
            c.post("/api/message", json={"op": "apply", "game": game, "token": token, "action": r["legal"][0]["text"]})


def _foreign_page(page: Page, where: str) -> None:
    """The page's text (its notation codes and typed notation aside) holds no English word and no id."""
    text = page.evaluate(
        "() => { const m = document.querySelector('main').cloneNode(true);"
        " m.querySelectorAll('code, input').forEach(e => e.remove()); return m.innerText; }"
    )
    text += "\n" + page.inner_text("header")
    for line in text.splitlines():
        words = ENGLISH.findall(CLAUSE.sub("", line))
        assert not words, f"English on the {where}: {words} in {line!r}"
        assert not IDS.search(line), f"an id on the {where}: {line!r}"


@pytest.mark.clause("SOLO-4", "SOLO-5")
def test_the_patricians_decisions_are_steps_in_the_page(browser: Browser, server: tuple[str, Any]) -> None:
    base, _ = server
    page = strict_page(browser, "desktop")
    new_game(page, base, 1, ["human"], seed=5)
    open_table(page)
    page.fill("#notationtext", "place s2")
    page.click("#notation button")
    page.wait_for_selector("#steps")
    # seed 5: after the person's s2, bot A places on s33 and activates silver-mine-5, bot B places on s67, ...
    n = page.evaluate("() => G.steps.length")
    assert n >= 4 and page.evaluate("() => G.steps.slice(1).every(s => s.seat !== 0)")
    page.click("#sfirst")
    assert page.inner_text("#stepat") == f"step 1 of {n}: seat 1"
    page.click("#snext")
    assert page.inner_text("#stepat") == f"step 2 of {n}: Patrician, bot A"
    assert "decides: place a house on s33" in page.inner_text(".steplog")
    assert page.locator("svg circle.changed").count() == 1  # the ring on bot A's new house only
    page.click("#snext")
    page.click("#snext")
    assert page.inner_text("#stepat") == f"step 4 of {n}: Patrician, bot B"
    page.click("#snow")
    # undo says what it takes back: the person's move and every bot decision after it
    assert page.inner_text("#undo") == f"Undo your last move and the {n - 1} bot moves after it"
    shot(page, "play-solo-steps.png")


def test_every_page_links_home_and_the_list_shows_who_plays_and_who_won(
    browser: Browser, server: tuple[str, Any]
) -> None:
    base, _ = server
    page = strict_page(browser, "desktop")
    page.goto(base + "/")
    page.wait_for_selector("#newgame")
    # the literal R-9 option is for two players only; the solo options for one
    page.select_option("select[name=players]", "3")
    assert not page.is_visible("input[name=powerhouse_any_hex]") and not page.is_visible("#solo")
    page.select_option("select[name=players]", "2")
    assert page.is_visible("input[name=powerhouse_any_hex]")
    new_game(page, base, 2, ["human", "greedy"], names=["Ana", None], seed=3)
    open_table(page)
    link = page.evaluate("() => location.pathname")
    assert page.get_attribute("#navnew", "href") == "/#new" and page.get_attribute("#navgames", "href") == "/#games"
    page.click("#navgames")
    page.wait_for_selector("ul.games li")
    row = page.inner_text("ul.games li")
    assert "Ana, game " in row and "your turn" in row and "against seat 2 (greedy bot)" in row
    _play_to_the_end(base, link)
    page.goto(base + link)
    page.wait_for_selector("#end")
    scores = page.evaluate("() => G.reply.status.scores")
    page.click("#navgames")
    page.wait_for_function(
        "() => (document.querySelector('ul.games li .tag') || {innerText: ''}).innerText.includes('VP')"
    )
    tag = page.inner_text("ul.games li .tag")
    assert tag.endswith(f"VP: {scores[0]} – {scores[1]}") and ("you won" in tag or "won by seat 2" in tag)
    shot(page, "play-games.png", full=False)
    # the replay comes from the game's record (no file), with its names and seat kinds
    page.click("ul.games button.replay")
    page.wait_for_selector("#rseats")
    seats = page.inner_text("#rseats")
    assert "Ana" in seats and "greedy bot" in seats and "person" in seats
    page.click("#rlast")
    assert "Ana" in page.inner_text("#rend")


def test_the_end_page_on_a_phone_shows_the_result_first(browser: Browser, server: tuple[str, Any]) -> None:
    base, _ = server
    page = strict_page(browser, "phone")
    new_game(page, base, 3, ["human", "greedy", "greedy"], seed=9)
    open_table(page)
    # keep a dealt card; then a tap on the board asks first on a phone: its cancel and undo are apart
    page.click("#moves button.move >> nth=0")
    page.wait_for_selector("#undo")
    page.locator("svg circle.legal[data-spot]").first.click(force=True)
    page.wait_for_selector("#cancel")
    cancel, undo = page.locator("#cancel").bounding_box(), page.locator("#undo").bounding_box()
    assert cancel and undo and undo["y"] - (cancel["y"] + cancel["height"]) >= 44
    assert page.inner_text("#undo").startswith("Undo your last move and the ")
    page.click("#cancel")
    _play_to_the_end(base, page.evaluate("() => location.pathname"))
    page.reload()
    page.wait_for_selector("#end")
    verdict = page.locator("#verdict").bounding_box()
    assert verdict and verdict["y"] + verdict["height"] < 844  # the result on the first screen
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    heights = page.eval_on_selector_all(
        "button, select, a.nav, .moves summary",
        "els => els.filter(e => e.offsetParent).map(e => e.getBoundingClientRect().height)",
    )
    assert heights and min(heights) >= 44
    wide = page.eval_on_selector_all(".scroll", "els => els.filter(e => e.scrollWidth > e.clientWidth + 2).length")
    hints = page.locator(".scrollhint").count()
    assert hints == wide  # each table wider than the phone says it scrolls
    shot(page, "play-end-phone.png", full=False)


@pytest.mark.parametrize(("lang", "players", "seats"), [("fr", 1, ["human"]), ("pl", 2, ["human", "greedy"])])
def test_french_and_polish_pages_hold_no_english(
    browser: Browser, server: tuple[str, Any], lang: str, players: int, seats: list[str]
) -> None:
    base, _ = server
    page = strict_page(browser, "desktop", locale=lang)
    new_game(page, base, players, seats, seed=4)
    open_table(page)
    link = page.evaluate("() => location.pathname")
    _foreign_page(page, "first turn")
    # the page's plural forms are the catalogue's: Polish has 1, 2-4 (22-24...), and 5+ (12-14 too)
    forms = page.evaluate("() => [1, 2, 5, 12, 22].map(n => comAmount('oil', n))")
    assert (
        forms
        == {
            "fr": ["1 Huile", "2 Huiles", "5 Huiles", "12 Huiles", "22 Huiles"],
            "pl": ["1 oliwa", "2 oliwy", "5 oliw", "12 oliw", "22 oliwy"],
        }[lang]
    )
    _play_to_the_end(base, link, moves=12)
    page.reload()
    page.wait_for_selector("#status")
    _foreign_page(page, "middle of the game")
    _play_to_the_end(base, link)
    page.reload()
    page.wait_for_selector("#end")
    _foreign_page(page, "end page")  # with the whole game's log
    page.click("#navgames")
    page.wait_for_selector("ul.games li")
    _foreign_page(page, "list of games")
