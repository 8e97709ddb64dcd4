"""Action notation: every legal action round-trips through its text form; bad text is explained."""

from __future__ import annotations

import random

import pytest

from ragusa import (
    ActivateHex,
    BuyShip,
    ChooseBonus,
    InvalidInputError,
    Pass,
    Place,
    Trade,
    apply,
    is_terminal,
    legal_actions,
    new_game,
)
from ragusa.text.notation import format_action, parse_action


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
@pytest.mark.parametrize("edition", ["1st", "2nd"])
def test_every_legal_action_of_a_random_game_round_trips(players: int, edition: str) -> None:
    rng = random.Random(players * 10 + len(edition))
    state = new_game(players, seed=rng.randrange(1000), edition=edition)
    seen: set[str] = set()
    while not is_terminal(state):
        actions = legal_actions(state)
        texts = [format_action(a) for a in actions]
        assert len(set(texts)) == len(texts)  # distinct actions, distinct texts
        for a, text in zip(actions, texts):
            assert parse_action(state, text) == a
            seen.add(text.split()[0])
        state = apply(state, actions[rng.randrange(len(actions))])
    assert "place" in seen
    if players > 1:
        assert {"bonus", "trade", "pass"} <= seen
    if players == 2:
        assert "power" in seen


def test_short_forms() -> None:
    assert format_action(Place("s28", False, ("wood", "stone"))) == "place s28 +wood +stone"
    assert format_action(Place("s12", True)) == "power s12"
    assert format_action(Trade("wood")) == "trade 2 fish>wood"
    assert format_action(Trade("silver_ore")) == "trade 4 fish>silver-ore"
    assert format_action(ChooseBonus("bonus-stone")) == "bonus stone"
    assert format_action(BuyShip(2)) == "buy 2"


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("  PLACE  s28  +stone +wood ", Place("s28", False, ("wood", "stone"))),
        ("place s28 +wood+wood", Place("s28", False, ("wood", "wood"))),
        ("trade wood", Trade("wood")),
        ("trade fish>stone", Trade("stone")),
        ("trade 4 fish > ore", Trade("silver_ore")),
        ("bonus bonus-walls", ChooseBonus("bonus-walls")),
        ("hex forest-2", ActivateHex("forest-2")),
        ("pass", Pass()),
    ],
)
def test_lenient_spellings(text: str, action: object) -> None:
    assert parse_action(None, text) == action


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("", "empty action"),
        ("fly s1", "unknown word 'fly'"),
        ("place s999", "unknown spot 's999'"),
        ("place s1 wood", "+<resource>"),
        ("trade 3 fish>wood", "1 wood costs 2 fish, not 3"),
        ("trade fish>fish", "'fish' cannot be bought"),
        ("buy 9", "market slot must be 0 to 4"),
        ("sell gold", "unknown commodity 'gold'"),
        ("keep nothing", "unknown bonus card 'bonus-nothing'"),
        ("pass now", "pass takes no argument"),
    ],
)
def test_bad_text_names_the_problem_and_the_expected_forms(text: str, problem: str) -> None:
    state = new_game(3, seed=1)  # the first decision: keep a dealt bonus card
    with pytest.raises(InvalidInputError) as info:
        parse_action(state, text)
    assert problem in str(info.value)
    assert "expected bonus <card>" in str(info.value)
    assert "place <spot>" not in str(info.value)  # only the forms that fit this decision
