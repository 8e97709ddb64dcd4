"""What a table reads, through the protocol: complete French and Polish games (solo included) whose
log, explanations and steps hold no English sentence and no untranslated id; numbers that agree
with their nouns; seats counted from 1; the Patrician's decisions as steps of their own."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest

from ragusa import apply, legal_actions, new_game
from ragusa.core.actions import Place
from ragusa.core.board import BOARD, KIND_CITY
from ragusa.core.components import BUILDINGS, COMPONENTS, RESOURCES
from ragusa.service.protocol import handle
from ragusa.service.store import MemoryStore
from ragusa.text.bot_text import bot_decision, bot_reason
from ragusa.text.explain import explain_action
from ragusa.text.i18n import translator
from tests.protocol_support import check

#: English words that no French or Polish line may hold (whole words)
ENGLISH = re.compile(
    r"\b(the|and|of|seat|seats|places|gains|makes|decides|activates|house|houses|fish|trade|trades|sell|sells|take|"
    r"card|cards|wall|tower|ship|ships|stars|turn|winner|winners|human|bot|bots|pass|passes|buys|draws|"
    r"keeps|scores|stone|wood|grapes|silver|wine|oil|ore|nothing|none)\b",
    re.IGNORECASE,
)
#: a clause ID (TURN-1, SOLO-5, END-BONUS-1), named as it is in every language
CLAUSE = re.compile(r"\b[A-Z]+(?:-[A-Z]+)*-\d+[a-z]?\b")
#: ids a person never reads: resource and building ids, ship, card and Patrician-card ids, hex kinds in English
IDS = re.compile(
    r"silver_ore|oil-press|rectors-palace|ship-\d+|bonus-[a-z]|patrician-\d|\b(?:forest|quarry|silver-mine|"
    r"vineyard|olive-grove|sea)-\d"
)


def _ask(store: MemoryStore, msg: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = json.loads(json.dumps(handle(store, msg)))
    check(out)
    assert out["ok"], out
    return out


def _foreign(text: str, where: str) -> None:
    """`text` (French or Polish) names no English word and no id."""
    words = ENGLISH.findall(CLAUSE.sub("", text))
    assert not words, f"English in {where}: {words} in {text!r}"
    assert not IDS.search(text), f"an id in {where}: {text!r}"


def _play_out(lang: str, players: int, seats: list[str], seed: int) -> int:
    """Play the person's seat (the first listed move each time) to the end, reading every line the
    table shows in `lang`; the number of lines read."""
    store = MemoryStore(seed)
    game = _ask(store, {"op": "new_game", "players": players, "seats": seats, "seed": seed})["status"]["game"]
    read, seen = 0, 0
    for _ in range(400):
        view = _ask(store, {"op": "view", "game": game, "seat": 0, "since": seen, "lang": lang, "explain": True})
        seen = view["status"]["actions"]
        for step in view["steps"]:
            for line in step["log"]:
                _foreign(line, "a step's log")
                read += 1
        if view["status"]["over"]:
            break
        if view["why"]:
            _foreign(view["why"], "why the seat decides")
        for entry in view["legal"]:
            _foreign(entry["explain"], "a move's explanation")
        first = view["legal"][0]["text"]
        _ask(store, {"op": "apply", "game": game, "seat": 0, "action": first, "lang": lang})
    assert view["status"]["over"]
    for line in _ask(store, {"op": "log", "game": game, "seat": 0, "lang": lang})["lines"]:
        _foreign(line, "the log")
        read += 1
    return read


@pytest.mark.clause("SOLO-4", "SOLO-5", "SOLO-7")
@pytest.mark.parametrize("lang", ["fr", "pl"])
def test_a_whole_solo_game_reads_in_french_and_polish(lang: str) -> None:
    assert _play_out(lang, 1, ["human"], seed=5) > 500


@pytest.mark.parametrize("lang", ["fr", "pl"])
def test_a_whole_three_player_game_reads_in_french_and_polish(lang: str) -> None:
    assert _play_out(lang, 3, ["human", "greedy", "random"], seed=8) > 300


def test_numbers_agree_with_their_nouns() -> None:
    fr, pl = translator("fr"), translator("pl")
    # Polish: 1, then 2-4 (not 12-14), then 5 and up
    assert [pl.commodities("oil", n) for n in (1, 2, 5, 12, 22)] == [
        "1 oliwa",
        "2 oliwy",
        "5 oliw",
        "12 oliw",
        "22 oliwy",
    ]
    assert [pl.resources("silver_ore", n) for n in (1, 3, 5)] == ["1 ruda srebra", "3 rudy srebra", "5 rud srebra"]
    assert [fr.resources("fish", n) for n in (0, 1, 2)] == ["0 Poisson", "1 Poisson", "2 Poissons"]
    assert translator("en").resources("silver_ore", 1) == "1 silver ore"
    assert fr.ngettext("{n} step", "{n} steps", 7) == "7 steps"  # not in the catalogue: English


def test_seats_are_counted_from_one() -> None:
    assert translator("en").seat(0) == "seat 1" and translator("fr").seat(2) == "joueur 3"


@pytest.mark.clause("SOLO-5", "R-17")
def test_a_bots_decision_and_reason_in_words() -> None:
    fr, pl = translator("fr"), translator("pl")
    # the rules word the decision with ids; a person reads the ship's good and stars
    assert bot_decision("buy slot 2 (ship-17)").startswith("buy the ship in slot 2: ")
    assert "ship-17" not in bot_decision("buy slot 2 (ship-17)", fr)
    assert bot_decision("take 1 bonus card", pl) == "bierze 1 kartę bonusową"
    assert bot_decision("take 2 bonus cards", pl) == "bierze 2 karty bonusowe"
    assert bot_decision("trade fish for grapes, grapes", fr) == "échanger du Poisson contre 2 Raisins"
    # the Wharf's reason keeps its number: the market value 4
    reason = "SOLO-5 Wharf: wine has the highest market value, 4"
    assert "(4)" in bot_reason("sell wine", reason, fr) and bot_reason("sell wine", reason) == reason


@pytest.mark.clause("SOLO-4", "SOLO-5")
def test_the_patricians_decisions_are_steps_of_their_own() -> None:
    # seed 5: the person's first placement (s2) is followed by bot A placing on s33 and activating
    # silver-mine-5, then bot B placing on s67 (each a decision of the rules inside the action)
    store = MemoryStore(1)
    game = _ask(store, {"op": "new_game", "players": 1, "seats": ["human"], "seed": 5})["status"]["game"]
    before = _ask(store, {"op": "view", "game": game, "seat": 0})["status"]["actions"]
    _ask(store, {"op": "apply", "game": game, "seat": 0, "action": "place s2"})
    view = _ask(store, {"op": "view", "game": game, "seat": 0, "since": before})
    steps = view["steps"]
    assert steps[0]["seat"] == 0 and steps[0]["changed"]["houses"] == ["s2"]
    assert [s["seat"] for s in steps[1:4]] == [1, 1, 2]
    assert steps[1]["changed"]["houses"] == ["s33"] and steps[3]["changed"]["houses"] == ["s67"]
    assert all("(Patrician bot) decides" in s["log"][0] for s in steps[1:])
    # the board of each step: bot A's house on s33 from its step on, bot B's on s67 only from its own
    s33, s67 = BOARD.spot_index["s33"], BOARD.spot_index["s67"]
    assert steps[0]["view"]["houses"][s33] != 1 and steps[1]["view"]["houses"][s33] == 1
    assert steps[2]["view"]["houses"][s67] != 2 and steps[3]["view"]["houses"][s67] == 2
    assert steps[-1]["view"] == view["view"]
    # the person's step is the human's; every later one is a bot decision, so undo counts them
    assert sum(1 for s in steps if s["seat"] != 0) == len(steps) - 1


@pytest.mark.clause("ACT-3", "WINERY-1", "OILPRESS-1", "SILVERSMITH-1", "FISHMONGER-1")
def test_a_placement_gives_each_buildings_gain_and_whose_houses_it_also_works_for() -> None:
    state = new_game(3, seed=4)
    rng = random.Random(2)
    producers = {"winery": ("grapes", "wine"), "oil-press": ("olives", "oil"), "silversmith": ("silver_ore", "silver")}
    for _ in range(600):
        found = None
        for a in legal_actions(state):
            if not isinstance(a, Place) or a.powerhouse:
                continue
            hexes = BOARD.spot_hexes[BOARD.spot_index[a.spot]]
            for h in hexes:
                building = BUILDINGS[BOARD.hex_building[h]] if BOARD.hex_kind[h] == KIND_CITY else ""
                others = {o for s in BOARD.hex_spots[h] if (o := state.houses[s]) >= 0 and o != state.seat}
                if building in producers and others:
                    found = (a, hexes, building, others)
        if found is not None:
            break
        state = apply(state, rng.choice(legal_actions(state)))
    assert found is not None and state.seat is not None
    action, hexes, building, others = found
    resource, commodity = producers[building]
    # the producer makes 1 commodity per resource held, counting what the spot's own hexes give first
    gained = sum(1 for h in hexes if BOARD.hex_kind[h] != KIND_CITY and COMPONENTS.board.hexes[h].resource == resource)
    n = min(state.players[state.seat].resources[RESOURCES.index(resource)] + gained, 12)
    text = explain_action(state, action)
    name = {"winery": "Winery", "oil-press": "Oil Press", "silversmith": "Silversmith"}[building]
    who = " and ".join(f"seat {o + 1}" for o in sorted(others))
    assert f"{name}: +{n} {commodity} (also works for the houses of {who} around it, ACT-3)" in text
