"""What the protocol tells a table: each legal action's effect and fish, why a seat decides now,
the steps since an action and what they changed, seat names, the log in French and Polish, undo
refused once the game is over, the solo setup and result lines. (The web page: test_browser*.)"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from ragusa import apply, legal_actions, new_game
from ragusa.core.actions import BuildWall, BuyShip, Place, SellCommodity
from ragusa.core.board import BOARD
from ragusa.core.components import COMPONENTS
from ragusa.core.events import ResourceGained, VPScored
from ragusa.core.state import GameState, Phase
from ragusa.rules.buildings.mason import mason_vp
from ragusa.service.protocol import handle
from ragusa.service.store import MemoryStore
from ragusa.text.describe import describe_card
from ragusa.text.explain import explain_action, fish_spent, why_now
from ragusa.text.i18n import choose_language, translator
from ragusa.text.log import describe_event, describe_setup
from tests.protocol_support import check
from tests.support import tool


def _ask(store: MemoryStore, msg: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = json.loads(json.dumps(handle(store, msg)))  # as a client gets it
    check(out)
    return out


def _play_until(state: GameState, done: Any, seed: int = 1) -> GameState:
    rng = random.Random(seed)
    for _ in range(3000):
        if done(state):
            return state
        state = apply(state, rng.choice(legal_actions(state)))
    raise AssertionError("no such position in the game")


@pytest.mark.clause("MASON-1")
def test_a_wall_says_its_vp_worked_out() -> None:
    state = _play_until(new_game(3, seed=2), lambda s: s.phase == Phase.MASON)
    assert state.seat is not None
    for action in legal_actions(state):
        assert isinstance(action, BuildWall)
        seg = BOARD.wall_index[action.segment]
        vp = mason_vp(state.houses, state.towers, state.seat, seg)
        a, b = (BOARD.spot_ids[s] for s in BOARD.wall_spots[seg])
        # MASON-1: 1 VP for the wall plus 1 per own house and tower at its two ends
        assert explain_action(state, action) == f"+{vp} VP (1 + {vp - 1} of your houses and towers at {a} and {b})"


@pytest.mark.clause("WHARF-1", "MARKET-1")
def test_a_sale_and_a_ship_say_their_vp_and_cost() -> None:
    state = _play_until(new_game(3, seed=4), lambda s: s.phase in (Phase.WHARF, Phase.MARKET), seed=3)
    for action in legal_actions(state):
        text = explain_action(state, action)
        if isinstance(action, SellCommodity):
            value = (1, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7)[
                state.market[("silver", "wine", "oil").index(action.commodity)]
            ]
            assert text == f"sell 1 {action.commodity}: {value} VP (its market value)"
        elif isinstance(action, BuyShip):
            ship = state.slots[action.slot]
            assert ship is not None and text.startswith(f"slot {action.slot}: ") and " stars, for " in text
            assert "+" in text and "market goes down 1" in text


@pytest.mark.clause("FISH-1", "BUILD-8")
def test_a_placement_that_trades_says_how_many_fish() -> None:
    place = Place("s28", False, ("wood", "stone"))
    # FISH-1: 2 fish a wood, 3 a stone
    assert fish_spent(place) == 5
    text = explain_action(new_game(3, seed=1), place)
    assert text.endswith("; spends 5 fish for wood, stone")


def test_legal_entries_carry_the_explanation_and_the_fish() -> None:
    store = MemoryStore(1)
    r = _ask(store, {"op": "new_game", "players": 2, "seats": ["human", "human"], "seed": 5})
    game = r["status"]["game"]
    seat = r["status"]["seat"]
    r = _ask(store, {"op": "legal", "game": game, "seat": seat})
    assert r["legal"] and not any("explain" in entry for entry in r["legal"])  # only when asked for
    r = _ask(store, {"op": "legal", "game": game, "seat": seat, "explain": True})
    assert r["legal"] and all(entry["explain"] for entry in r["legal"])
    assert all(("fish" in e) == ("+" in e["text"] or e["text"].startswith("trade")) for e in r["legal"])


@pytest.mark.clause("ACT-3", "ARCHITECT-1")
def test_why_a_seat_decides_names_the_house_that_woke_it() -> None:
    def woken_by_another(s: GameState) -> bool:
        return s.phase in (Phase.MASON, Phase.ARCHITECT, Phase.MARKET, Phase.WHARF) and s.seat != s.turn_seat

    state = _play_until(new_game(4, seed=9), woken_by_another, seed=5)
    assert state.seat is not None
    why = why_now(state, state.seat)
    placed, mine = BOARD.spot_ids[state.placed], BOARD.spot_ids[state.queue[0]]
    assert why.startswith(f"Seat {state.turn_seat + 1} placed a house on {placed} next to the ")
    assert f"which activates your house on {mine}" in why
    assert why.endswith(f"({state.phase.rule}).")
    assert why_now(state, (state.seat + 1) % 4) == ""


def test_steps_since_an_action_say_what_changed() -> None:
    store = MemoryStore(2)
    r = _ask(store, {"op": "new_game", "players": 3, "seats": ["human", "greedy", "greedy"], "seed": 7})
    game = r["status"]["game"]
    for _ in range(2):  # keep a card, then place
        legal = _ask(store, {"op": "legal", "game": game, "seat": 0})["legal"]
        before = _ask(store, {"op": "view", "game": game, "seat": 0})["status"]["actions"]
        _ask(store, {"op": "apply", "game": game, "seat": 0, "action": legal[0]["text"]})
    r = _ask(store, {"op": "view", "game": game, "seat": 0, "since": before + 1})
    steps = r["steps"]
    assert r["since"] == before + 1 and len(steps) == r["status"]["actions"] - before - 1
    assert {s["seat"] for s in steps} <= {1, 2} and all(s["log"] for s in steps)
    placed = [spot for s in steps for spot in s["changed"]["houses"]]
    assert set(placed) <= set(r["changed"]["houses"]) and placed  # the bots' houses are marked
    assert all(r["view"]["houses"][BOARD.spot_index[spot]] in (1, 2) for spot in placed)


def test_undo_is_refused_once_the_game_is_over() -> None:
    store = MemoryStore(3)
    r = _ask(store, {"op": "new_game", "players": 2, "seats": ["human", "random"], "seed": 3})
    game = r["status"]["game"]
    while not r["status"]["over"]:
        legal = _ask(store, {"op": "legal", "game": game, "seat": 0})["legal"]
        r = _ask(store, {"op": "apply", "game": game, "seat": 0, "action": legal[-1]["text"]})
    assert r["status"]["undo"] is False
    out = _ask(store, {"op": "undo", "game": game, "seat": 0})
    assert out["ok"] is False and out["error"]["rule"] == "TURN-3" and "game is over" in out["error"]["message"]


def test_seat_names_are_kept_as_given_and_checked() -> None:
    store = MemoryStore(4)
    xss = "<img src=x onerror=alert(1)>"
    r = _ask(store, {"op": "new_game", "players": 2, "seats": ["human", "greedy"], "names": [f"  {xss} ", None]})
    assert r["status"]["names"] == [xss, None]
    for names, words in (
        ([1, None], "expected string or null"),
        (["x" * 41, None], "at most 40"),
        (["a"], "2 entries"),
    ):
        bad = _ask(store, {"op": "new_game", "players": 2, "seats": ["human", "greedy"], "names": names})
        assert bad["ok"] is False and words in bad["error"]["message"]


def test_the_log_in_french_and_polish_english_by_default() -> None:
    store = MemoryStore(5)
    r = _ask(store, {"op": "new_game", "players": 3, "seats": ["human", "greedy", "greedy"], "seed": 11})
    game = r["status"]["game"]
    english = _ask(store, {"op": "log", "game": game, "seat": 0})["lines"]
    assert english == store.sessions[game].log_lines()
    french = _ask(store, {"op": "log", "game": game, "seat": 0, "lang": "fr"})["lines"]
    polish = _ask(store, {"op": "log", "game": game, "seat": 0, "lang": "pl"})["lines"]
    assert len(french) == len(english) == len(polish)
    assert french[0].startswith("Mise en place : 3 joueurs") and polish[0].startswith("Przygotowanie: graczy 3")
    assert "Argent" in french[1] and "srebro" in polish[1]
    bad = _ask(store, {"op": "log", "game": game, "seat": 0, "lang": "de"})
    assert bad["ok"] is False and '"de" is not one of ["en", "fr", "pl"]' in bad["error"]["message"]
    info = _ask(store, {"op": "info", "lang": "fr"})
    assert (
        info["strings"]["building\x04Winery"] == "Cave" and info["components"]["buildings"]["winery"]["name"] == "Cave"
    )
    # ED-1: the tower card pays 1 VP a tower in the 1st edition, 2 in the 2nd
    assert info["components"]["cards"]["1st"]["bonus-towers"]["text"].startswith("1 PV par tour")
    assert info["components"]["cards"]["2nd"]["bonus-towers"]["text"].startswith("2 PV par tour")
    # the levels in the language asked for, in English without lang
    hard = [lv for lv in info["levels"] if lv["name"] == "hard"][0]
    assert hard["budget"] == "0,5 s par coup" and hard["description"].startswith("le robot chercheur : ")
    english_hard = [lv for lv in _ask(store, {"op": "info"})["levels"] if lv["name"] == "hard"][0]
    assert english_hard["budget"] == "0.5 s a move" and english_hard["description"].startswith("the search bot: ")


@pytest.mark.clause("FISHMONGER-1")
def test_the_fishmongers_line_is_in_the_logs_language() -> None:
    # 4 fish at the Fishmonger score 2 VP (1 VP per 2 fish): the reason in each language
    event = VPScored(0, "fishmonger", 2, "4 fish at the Fishmonger")
    assert describe_event(event) == "seat 1 scores 2 VP (4 fish at the Fishmonger)"
    assert describe_event(event, None, translator("fr")) == "joueur 1 marque 2 PV (4 Poissons au Poissonnier)"
    assert describe_event(event, None, translator("pl")) == "gracz 1 zdobywa 2 PZ (4 ryby u Handlarza rybami)"
    # the number agrees with its noun: 1 fish, 5 fish (Polish has three forms, French two)
    one = VPScored(0, "fishmonger", 0, "1 fish at the Fishmonger")
    five = VPScored(0, "fishmonger", 2, "5 fish at the Fishmonger")
    assert describe_event(one, None, translator("fr")) == "joueur 1 marque 0 PV (1 Poisson au Poissonnier)"
    assert describe_event(one, None, translator("pl")) == "gracz 1 zdobywa 0 PZ (1 ryba u Handlarza rybami)"
    assert describe_event(five, None, translator("pl")) == "gracz 1 zdobywa 2 PZ (5 ryb u Handlarza rybami)"


@pytest.mark.clause("SOLO-2")
def test_the_solo_setup_logs_the_persons_card_and_the_reserved_spots() -> None:
    store = MemoryStore(6)
    r = _ask(store, {"op": "new_game", "players": 1, "seats": ["human"], "seed": 3})
    session = store.sessions[r["status"]["game"]]
    card = session.initial.players[0].bonus_cards[0]
    lines = describe_setup(session.initial)
    assert any(line.startswith("The human's bonus card, face up (SOLO-2): ") and card != "" for line in lines)
    reserved = next(line for line in lines if line.startswith("The Patrician reserves 18 spots"))
    assert len(reserved.split(": ", 1)[1].rstrip(".").split(", ")) == 18


def test_the_language_follows_accept_language() -> None:
    assert choose_language("pl-PL,pl;q=0.9,en;q=0.8") == "pl"
    assert choose_language("de-DE,fr;q=0.5,en;q=0.7") == "en"
    assert choose_language("de, fr;q=0.5") == "fr"
    assert choose_language(None) == "en"
    assert (
        translator("fr").building("oil-press") == "Pressoir"
        and translator("pl").building("oil-press") == "Tłocznia oliwy"
    )


def test_the_catalogues_are_complete() -> None:
    # every message of the text, the page and the component data is translated, with the same {fields}
    assert tool("i18n.py").problems() == []


@pytest.mark.clause("END-BONUS-1", "ED-1")
def test_the_rules_summary_gives_every_bonus_cards_scoring_from_the_data() -> None:
    page = (Path(__file__).parents[1] / "docs" / "rules-in-five-minutes.md").read_text(encoding="utf-8")
    rows = [line for line in page.splitlines() if line.startswith("| ") and "(`bonus-" in line]
    expected = []
    for card in COMPONENTS.bonus_cards:
        second, first = describe_card(card.id, "2nd"), describe_card(card.id, "1st")
        expected.append(
            f"| {translator('en').card(card.id)} (`{card.id}`) | {second} | {'the same' if first == second else first} |"
        )
    assert rows == expected
    # ED-1 worked out: the tower card pays 2 VP a tower in the 2nd edition, 1 in the 1st
    assert "| Towers (`bonus-towers`) | 2 VP per tower of yours on the board" in page
    assert "| 1 VP per tower of yours on the board, at the end (at most 12 VP) |" in page


def test_one_unit_of_a_resource_is_named_in_the_singular() -> None:
    """A hex gives 1 of its resource (ACT-1): the log says "1 olive", "1 grape" in English, and each
    catalogue's own name in French ("1 Olive") and Polish (one unit: "oliwki")."""
    olives = ResourceGained(0, "olives", "olive-grove-1", 3)
    assert describe_event(olives) == "olive-grove-1: seat 1 gains 1 olive (now 3)"
    assert describe_event(ResourceGained(1, "grapes", "vineyard-2", 1)) == "vineyard-2: seat 2 gains 1 grape (now 1)"
    assert describe_event(ResourceGained(1, "wood", "forest-2", 2)) == "forest-2: seat 2 gains 1 wood (now 2)"
    assert "gagne 1 Olive (maintenant 3)" in str(describe_event(olives, tr=translator("fr")))
    assert "otrzymuje 1 jednostkę: oliwki (teraz 3)" in str(describe_event(olives, tr=translator("pl")))
