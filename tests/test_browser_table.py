"""The table as a new player meets it, in Debian's chromium at a desktop size and a phone's (390 x 844):
explanations of every choice, the rules summary, why you decide, what changed since your move and
the bots' steps, clicks over a target's whole shape and taps near it, fish asked before they are
spent, powerhouse spots, the phone layout, names as text, this browser's games, the tab title, the
busy sign, a waiting page that keeps what is typed, French and Polish."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page, sync_playwright

from tests.browser_support import ARGS, CHROMIUM, SIZES, first_move, new_game, open_table, shot
from tests.web_support import running_server


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    if not Path(CHROMIUM).exists():
        pytest.skip(f"the browser tests need Debian's chromium at {CHROMIUM}")  # CI installs it and fails on skips
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


@pytest.fixture()
def server(tmp_path: Path) -> Iterator[tuple[str, Any]]:
    with running_server(tmp_path / "g.sqlite3") as found:
        yield found


def _page(browser: Browser, size: str, **extra: Any) -> Page:
    page = browser.new_context(**SIZES[size], **extra).new_page()  # type: ignore[arg-type]
    page.on("pageerror", lambda e: pytest.fail(f"JavaScript error: {e}"))
    page.on("dialog", lambda d: pytest.fail(f"a dialog opened: {d.message}"))
    return page


def _centre(page: Page, selector: str) -> tuple[float, float]:
    box = page.locator(selector).first.bounding_box()
    assert box is not None
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def _drive(base: str, link: str, want: Callable[[dict[str, Any]], bool], prefer: str) -> None:
    """Play the seat of `link` over the protocol until `want(answer)`, choosing moves whose
    explanation names `prefer` when there are any."""
    _, _, game, token = link.split("/")
    with httpx.Client(base_url=base, timeout=60) as c:
        for _ in range(200):
            r = c.post("/api/message", json={"op": "view", "game": game, "token": token, "explain": True}).json()
            if want(r) or r["status"]["over"]:
                return
            legal = r["legal"]
            good = [x for x in legal if prefer in x.get("explain", "") and not x.get("fish")] or legal
            c.post("/api/message", json={"op": "apply", "game": game, "token": token, "action": good[0]["text"]})
    raise AssertionError("the position was not reached")


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_the_table_explains_itself_and_marks_what_changed(browser: Browser, server: tuple[str, Any], size: str) -> None:
    base, _ = server
    page = _page(browser, size)
    new_game(page, base, 3, ["human", "greedy", "greedy"], seed=5)
    open_table(page)
    assert page.title().startswith("▶ Your turn")
    buttons = page.inner_text("#moves")
    assert buttons.count("VP per") >= 3 and "at the end (at most 12 VP)" in buttons  # each dealt card's scoring
    page.click("#rules")
    summary = page.inner_text("#rulesbox")
    # the 16 cards, and the tower card's 1st-edition scoring (ED-1)
    assert summary.count("at the end (at most 12 VP)") == 17 and "1st edition: 1 VP per tower" in summary
    if size == "phone":
        assert page.evaluate("() => document.documentElement.scrollWidth") <= 390  # the summary fits too
    page.click("#closerules")
    first_move(page)
    assert "(TURN-1)" in page.inner_text("#why")
    colours = page.evaluate(
        "() => [B.seat_colours, [...document.querySelectorAll('svg .legal')].map(e => e.getAttribute('stroke'))]"
    )
    assert colours[1] and set(colours[1]) == {"#e6007e"} and "#e6007e" not in colours[0]
    if size == "phone":
        assert page.evaluate("() => document.documentElement.scrollWidth") <= 390  # no sideways scroll
        board = page.locator("#boardwrap").bounding_box()
        act = page.locator("#act").bounding_box()
        assert board and act and board["width"] >= 370 and act["y"] >= board["y"] + board["height"]
        heights = page.eval_on_selector_all(
            "button, select", "els => els.filter(e => e.offsetParent).map(e => e.getBoundingClientRect().height)"
        )
        assert min(heights) >= 44
        shot(page, "play-phone.png", full=False)
    # a tap 8 px beside a legal spot still finds it; the phone asks first, and says what it gives
    spot = page.evaluate(
        "() => Object.keys(G.targets.spots).find(s => !G.reply.legal.some(l => l.action.spot === s && l.fish))"
    )
    x, y = _centre(page, f"circle.legal[data-spot={spot}]")
    before = page.evaluate("() => G.reply.status.actions")
    page.mouse.click(x + 8, y)
    if size == "phone":
        page.wait_for_selector(".confirm")
        assert page.evaluate("() => G.reply.status.actions") == before
        assert f"place {spot}" in page.inner_text(".confirm")
        page.click(".confirm button.move")
    page.wait_for_function("n => G.reply.status.actions > n", arg=before)
    steps = page.inner_text("#steps")
    assert "Since your last move:" in steps and page.locator("svg .changed").count() >= 2  # the bots' houses
    page.click("#sfirst")
    assert page.inner_text("#stepat").startswith("step 1 of ")
    page.click("#snext")
    assert page.inner_text("#stepat").startswith("step 2 of ")
    page.click("#snow")
    page.click("#splay")  # the bots' turns played again, one step at a time, then back to now
    page.wait_for_function("() => document.querySelector('#stepat').innerText.startsWith('step 1 of ')")
    page.wait_for_function("() => document.querySelector('#stepat').innerText.startsWith('now')", timeout=15_000)
    if size == "desktop":
        shot(page, "play-table.png")
    # the busy sign while the server answers (a slow transport through the page's one seam)
    page.evaluate(
        "() => { window.ragusaTransport = { send: async m => { await new Promise(r => setTimeout(r, 700)); return httpTransport.send(m); } }; }"
    )
    page.evaluate("() => document.querySelectorAll('#moves details').forEach(d => d.open = true)")
    page.click("#moves button.move >> nth=0")
    if page.query_selector(".confirm button.move"):
        page.click(".confirm button.move >> nth=0")
    page.wait_for_selector("#busy", state="visible")
    assert page.inner_text("#busy") == "Thinking…"
    page.wait_for_selector("#busy", state="hidden")


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_fish_are_asked_for_before_they_are_spent(browser: Browser, server: tuple[str, Any], size: str) -> None:
    base, _ = server
    page = _page(browser, size)
    new_game(page, base, 2, ["human", "greedy"], seed=3)
    open_table(page)
    _drive(
        base,
        page.url.removeprefix(base),
        lambda r: any(x.get("fish") and x["action"]["type"] == "place" for x in r["legal"]),
        "+1 fish",
    )
    page.reload()
    page.wait_for_selector("#moves")
    before = page.evaluate("() => G.reply.status.actions")
    # a click on the board at a spot whose placement trades fish: nothing is played before a confirmation
    spot, fish = page.evaluate(
        "() => { const l = G.reply.legal.find(l => l.fish && l.action.type === 'place'); return [l.action.spot, l.fish]; }"
    )
    page.locator(f"circle.legal[data-spot={spot}]").click()
    confirm = page.inner_text(".confirm")
    assert "This move spends fish:" in confirm and f"🐟 −{fish}" in confirm and f"place {spot} +" in confirm
    assert page.evaluate("() => G.reply.status.actions") == before  # nothing played yet
    page.click("#cancel")
    assert page.evaluate("() => G.reply.status.actions") == before and page.query_selector(".confirm") is None
    # the same from the list of moves, confirmed this time
    i = page.evaluate("() => G.reply.legal.findIndex(l => l.fish)")
    page.evaluate("() => document.querySelectorAll('#moves details').forEach(d => d.open = true)")
    page.click(f"#moves button[data-i='{i}']")
    assert "This move spends fish:" in page.inner_text(".confirm")
    page.click(".confirm button.move.spends")
    page.wait_for_function("n => G.reply.status.actions > n", arg=before)


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_a_tower_spot_takes_a_click_in_its_middle(browser: Browser, server: tuple[str, Any], size: str) -> None:
    base, _ = server
    page = _page(browser, size)
    new_game(page, base, 2, ["human", "random"], seed=8)
    open_table(page)
    _drive(
        base,
        page.url.removeprefix(base),
        lambda r: r["status"]["phase"] == "architect" and bool(r["legal"]),
        "Architect",
    )
    page.reload()
    page.wait_for_selector("rect.legal[data-tower]")
    spot = page.get_attribute("rect.legal[data-tower] >> nth=0", "data-tower")
    x, y = _centre(page, f"rect.legal[data-tower={spot}]")  # where the spot's house circle is drawn too
    page.mouse.click(x, y)
    if size == "phone":  # a tap first says what it will do
        assert f"tower on {spot}" in page.inner_text(".confirm")
        page.click(".confirm button.move")
    page.wait_for_function("s => document.querySelector('#message').innerText.includes('tower on ' + s)", arg=spot)


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_two_players_powerhouse_spots_look_different(browser: Browser, server: tuple[str, Any], size: str) -> None:
    base, _ = server
    page = _page(browser, size)
    new_game(page, base, 2, ["human", "greedy"], seed=2)
    open_table(page)
    first_move(page)
    page.wait_for_selector("rect.legal.power")
    # a powerhouse spot is a dashed diamond, a house spot a filled circle; a spot may be both
    assert page.locator("rect.legal.power").count() > 0 and page.locator("circle.legal").count() > 0
    page.check("#labels")
    assert page.locator("svg .spotname").count() == 75  # spot names can be shown


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_names_are_text_the_lobby_lists_the_games_and_a_waiting_page_keeps_its_typing(
    browser: Browser, server: tuple[str, Any], size: str
) -> None:
    base, _ = server
    page = _page(browser, size)
    xss = "<img src=x onerror=alert(1)>"
    new_game(page, base, 2, ["human", "human"], names=[xss, "Bea"], seed=4)
    page.wait_for_selector("#links li")
    assert page.locator("#links button.copy").count() == 2
    links = page.eval_on_selector_all("#links a", "els => els.map(a => a.getAttribute('href'))")
    page.goto(base + "/")
    games = page.inner_text("ul.games")
    assert games.count("playing") == 2 and xss in games and "Bea" in games
    assert page.locator("ul.games button.copy").count() == 2
    if size == "desktop":
        shot(page, "play-lobby.png", full=False)
    page.goto(base + links[0])
    page.wait_for_selector("#status")
    assert xss in page.inner_text("main") and page.locator("img").count() == 0  # the name stays text
    deciding = page.evaluate("() => G.reply.status.seat")
    waiting = links[1 - deciding]
    page.goto(base + waiting)
    page.wait_for_selector("#status")
    assert page.title() == "Ragusa" and "Waiting for" in page.inner_text("#status")
    page.fill("#notationtext", "place s2")
    page.focus("#notationtext")
    _, _, game, token = links[deciding].split("/")
    with httpx.Client(base_url=base) as c:
        first = c.post("/api/message", json={"op": "legal", "game": game, "token": token}).json()["legal"][0]["text"]
        c.post("/api/message", json={"op": "apply", "game": game, "token": token, "action": first})
    page.wait_for_function("() => G.reply.status.actions > 0", timeout=10_000)  # the page was redrawn
    assert page.input_value("#notationtext") == "place s2"
    assert page.evaluate("() => document.activeElement.id") == "notationtext"


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_the_table_speaks_french_and_polish(browser: Browser, server: tuple[str, Any], size: str) -> None:
    base, _ = server
    page = _page(browser, size, locale="fr-FR")
    new_game(page, base, 3, ["human", "greedy", "greedy"], seed=6)
    open_table(page)
    assert page.evaluate("() => document.documentElement.lang") == "fr"
    assert page.inner_text("#status").startswith("À vous : ")
    assert "Cave" in page.inner_text("#boardwrap") and "Palais du Recteur" in page.inner_text("#boardwrap")
    assert page.inner_text("#log").startswith("Mise en place : 3 joueurs")
    assert "PV par" in page.inner_text("#moves") and page.title().startswith("▶ À vous")
    shot(page, f"play-french{'-phone' if size == 'phone' else ''}.png", full=size == "desktop")
    page.select_option("#lang", "pl")
    page.wait_for_function("() => document.documentElement.lang === 'pl'")
    page.wait_for_function(
        "() => document.querySelector('#log') && document.querySelector('#log').innerText.startsWith('Przygotowanie: graczy 3')"
    )
    assert "Winiarnia" in page.inner_text("#boardwrap")


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_the_seat_picker_offers_the_levels_with_what_each_is(
    browser: Browser, server: tuple[str, Any], size: str
) -> None:
    base, _ = server
    page = _page(browser, size)
    page.goto(base + "/")
    page.wait_for_selector("#newgame")
    options = page.eval_on_selector_all("select[name=seat1] option", "os => os.map(o => [o.value, o.textContent])")
    values = [v for v, _ in options]
    # a person, the three levels easiest first, then the other bots; a bot seat starts at easy
    assert values[:4] == ["human", "easy", "medium", "hard"] and {"greedy", "expert", "random", "ismcts"} <= set(values)
    assert page.input_value("select[name=seat1]") == "easy" and page.input_value("select[name=seat0]") == "human"
    texts = dict(options)
    assert texts["hard"] == "hard — the search bot: half a second of tree search a move, guided by the expert"
    assert "plans for the end-game scoring" in texts["medium"]
    assert page.inner_text("#seatnote1") == "easy: the greedy bot: the best next step, no plan (about 1 ms a move)"
    page.select_option("select[name=seat1]", "hard")
    assert page.inner_text("#seatnote1").endswith("guided by the expert (0.5 s a move)")
    if size == "phone":
        assert page.evaluate("() => document.documentElement.scrollWidth") <= 390  # the long options fit
        shot(page, "play-start-phone.png", full=False)
    page.select_option("select[name=seat1]", "greedy")
    assert page.inner_text("#seatnote1") == ""
    new_game(page, base, 2, ["human", "medium"], seed=3)
    open_table(page)
    assert "medium bot" in page.inner_text(".side")
    page.goto(base + "/")
    page.select_option("#lang", "fr")
    page.wait_for_function("() => document.documentElement.lang === 'fr'")
    hard = page.eval_on_selector("select[name=seat1] option[value=hard]", "o => o.textContent")
    assert hard.endswith(
        "le robot chercheur : une demi-seconde de recherche arborescente par coup, guidée par l'expert"
    )


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_buildings_ships_and_cards_say_what_they_do_on_hover_and_tap(
    browser: Browser, server: tuple[str, Any], size: str
) -> None:
    base, _ = server
    page = _page(browser, size)
    new_game(page, base, 3, ["human", "greedy", "greedy"], seed=5)
    open_table(page)
    # a building: its hover text (the hex's title) and a tap on the hex show what it does
    box = page.evaluate(
        """() => { const p = [...document.querySelectorAll('svg polygon')]
             .find(e => e.querySelector('title') && e.querySelector('title').textContent.startsWith('Mason:'));
           const r = p.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2, p.querySelector('title').textContent]; }"""
    )
    assert box[2] == "Mason: build a wall segment: 1 VP + 1 per house and tower of yours at its two ends"
    page.mouse.click(box[0], box[1])
    assert page.inner_text("#tip") == box[2]
    # a ship in the market: its good, stars, VP and cost, on hover (title) and tap
    slot = page.locator(".slot").first
    tip = slot.get_attribute("title") or ""
    assert " stars: " in tip and " VP when bought" in tip
    slot.click()
    assert page.inner_text("#tip") == tip
    # a dealt bonus card: its scoring
    chip = page.locator("#act .chip, .hand .chip").first
    chip.click()
    assert "VP per" in page.inner_text("#tip") and "at the end (at most 12 VP)" in page.inner_text("#tip")


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_a_hex_to_activate_takes_a_click_near_its_corner(browser: Browser, server: tuple[str, Any], size: str) -> None:
    base, _ = server
    page = _page(browser, size)
    new_game(page, base, 2, ["human", "random"], seed=17)
    open_table(page)
    _drive(base, page.url.removeprefix(base), lambda r: r["status"]["phase"] == "order" and bool(r["legal"]), "")
    page.reload()
    page.wait_for_selector("polygon.legal[data-hex]")
    hexes = page.eval_on_selector_all("polygon.legal[data-hex]", "els => els.map(e => e.dataset.hex)")
    # 85 % of the way from the hex's centre to its top corner: far from the centre, still on its shape
    x, y = page.evaluate(
        """id => { const g = geometry(B), [cx, cy] = g.centre[id], m = document.querySelector('#boardwrap svg').getScreenCTM();
             const px = cx, py = cy - 0.85 * SIZE; return [m.a * px + m.c * py + m.e, m.b * px + m.d * py + m.f]; }""",
        hexes[-1],
    )
    before = page.evaluate("() => G.reply.status.actions")
    explain = page.evaluate("id => G.reply.legal.find(l => l.action.hex === id).explain", hexes[-1])
    page.mouse.click(x, y)
    if size == "phone":
        assert explain in page.inner_text(".confirm")
        page.click(".confirm button.move")
    page.wait_for_function("n => G.reply.status.actions > n", arg=before)
    assert page.inner_text("#message") == f"played: {explain}"  # e.g. "Winery next: makes 1 wine per grapes ..."
