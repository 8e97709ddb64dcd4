"""`ragusa.events_for(seat, events)`: a seat's share of a step's events names no card its view
hides (SOLO-2 for the solo bots' Patrician and bonus cards; SETUP-6, RECTOR-1 for other seats' kept
cards), and the service's log, shown to every seat, is written from what all of them may see."""

from __future__ import annotations

import random
import re

import pytest

import ragusa
from ragusa import GameState, Options, events_for, is_terminal, legal_actions, new_game, step, view
from ragusa.contract import views
from ragusa.core.components import COMPONENTS
from ragusa.core.events import BonusChosen, BotDecision, Event
from ragusa.core.state import Phase
from ragusa.service import history, session
from ragusa.text.i18n import translator

PATRICIAN = {c.id for c in COMPONENTS.patrician_cards}
BONUS = {c.id for c in COMPONENTS.bonus_cards}
NAME = re.compile(r"(?:bonus|patrician)-[a-z0-9-]+")
SOLO_OPTIONS = (
    Options(),
    Options(solo_easier_rector=True),
    Options(solo_harder=True, solo_human_first=True),
    Options(solo_easier_rector=True, solo_human_first=True),
)


def named(events: tuple[Event, ...]) -> set[str]:
    """Every card id an event names, in any field."""
    return {m for e in events for m in NAME.findall(repr(e))} & (BONUS | PATRICIAN)


def visible(state: GameState, seat: int) -> set[str]:
    """The cards `view(state, seat)` shows: the seat's own, its dealt and drawn cards, all at the end."""
    v = view(state, seat)
    shown = set(v.dealt) | set(v.rector_hand)
    for p in v.players:
        shown |= set(p.bonus_cards or ())
    return shown


def test_events_for_is_the_root_api() -> None:
    assert ragusa.events_for is views.events_for and "events_for" in ragusa.__all__


def test_solo_events_name_no_card_the_person_cannot_see() -> None:
    # 40 solo games of every variant, random choices: the person (seat 0) gets events_for(0, events)
    leaks = raw_bot_cards = shares = 0
    for g in range(40):
        rng = random.Random(g)
        state = new_game(1, seed=g, edition="1st" if g % 2 else "2nd", options=SOLO_OPTIONS[g % 4])
        while not is_terminal(state):
            before = state
            state, events = step(state, rng.choice(legal_actions(state)))
            mine = events_for(0, events)
            shares += len(mine)
            leaks += len(named(mine) - visible(state, 0) - visible(before, 0))
            raw_bot_cards += sum(1 for e in events if isinstance(e, BonusChosen) and e.seat != 0)
    assert leaks == 0 and shares > 1000
    assert raw_bot_cards > 20  # the server's events do name the bots' cards: the test can fail


@pytest.mark.parametrize(("players", "edition"), [(2, "2nd"), (3, "1st"), (5, "2nd")])
def test_every_seats_share_agrees_with_its_view(players: int, edition: str) -> None:
    rng = random.Random(players)
    state = new_game(players, seed=players, edition=edition)
    hidden = 0
    while not is_terminal(state):
        before = state
        state, events = step(state, rng.choice(legal_actions(state)))
        for seat in range(players):
            share = events_for(seat, events)
            assert not named(share) - visible(state, seat) - visible(before, seat)
            hidden += sum(1 for e in share if isinstance(e, BonusChosen) and e.card == views.HIDDEN)
    assert hidden > 0


def test_the_share_of_all_seats_hides_every_kept_card() -> None:
    state = new_game(3, seed=2)
    state, events = step(state, legal_actions(state)[0])
    assert [e for e in events_for(None, events) if isinstance(e, BonusChosen)] == [
        BonusChosen(e.seat, views.HIDDEN) for e in events if isinstance(e, BonusChosen)
    ]


def test_a_bot_placement_reads_only_the_spot_taken() -> None:
    events = (BotDecision(1, "place s33", "SOLO-4: drew patrician-2 at random from its 3 cards; ..."),)
    assert events_for(0, events) == (BotDecision(1, "place s33", views.BOT_PLACEMENT_REASON),)
    assert events_for(1, events) == events  # the bot's own share is whole


@pytest.mark.parametrize(
    ("seat", "events", "words"),
    [
        (True, (), "seat must be a seat number"),
        (-1, (), "seat must be a seat number"),
        ("0", (), "seat must be a seat number"),
        (0, "events", "events must be the events of a step"),
        (0, 5, "events must be the events of a step"),
        (0, [BonusChosen(0, "bonus-fish"), {"type": "bonus_chosen"}], "events[1] is not a ragusa event"),
    ],
)
def test_bad_input_is_a_short_value_error(seat: object, events: object, words: str) -> None:
    with pytest.raises(ValueError) as info:
        events_for(seat, events)  # type: ignore[arg-type]
    assert words in str(info.value) and len(str(info.value)) < 160


def test_the_service_log_of_a_solo_game_names_no_hidden_card() -> None:
    s = session.create("g", players=1, seats=["human"], seed=3)
    rng = random.Random(1)
    while not is_terminal(s.state):
        s = session.apply_action(s, rng.choice(legal_actions(s.state)))
        if s.state.phase != Phase.OVER:  # at the end every card is turned up (END-BONUS-1)
            lines = s.log_lines()
            assert not {m for line in lines for m in NAME.findall(line)} & (PATRICIAN | BONUS)
    assert any("Patrician bot) decides: place" in line for line in s.log_lines())


def test_the_steps_and_the_translated_log_of_a_solo_game_name_no_hidden_card() -> None:
    # the steps since the person's last move and the log in French are written from the events
    # again: the bots' placements read the spot taken, never the Patrician card drawn (SOLO-2)
    s = session.create("g", players=1, seats=["human"], seed=1)
    rng = random.Random(1)
    bot_lines = 0
    for _ in range(12):
        since = len(s.actions)
        s = session.apply_action(s, rng.choice(legal_actions(s.state)))
        steps = history.steps_since(s, 0, since, translator("fr"))["steps"]
        lines = [line for st in steps for line in st["log"]] + history.log_in(s, translator("pl"))
        assert not {m for line in lines for m in NAME.findall(line)} & PATRICIAN
        bot_lines += sum("drew" in line or "SOLO-4" in line for line in lines)
    assert s.state.phase != Phase.OVER and bot_lines > 10  # the bots placed, and their reasons were shown
