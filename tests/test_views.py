"""Player views: a seat sees the table and its own cards, never another seat's hidden cards, the
decks' order or the random generator; the deciding seat's view carries its legal actions."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ragusa import GameState, Options, apply, events_for, is_terminal, legal_actions, new_game, step
from ragusa.contract.serialization import action_to_data
from ragusa.contract.views import HIDDEN, PlayerView, view, view_to_json
from ragusa.core.events import BonusChosen
from ragusa.core.state import Phase


def hidden_values(state: GameState, seat: int) -> list[str]:
    """Every value of ``state`` that ``seat`` may not see, as it would appear in JSON text."""
    over = state.phase == Phase.OVER
    secret: list[str] = []
    for other, p in enumerate(state.players):
        if other != seat and not over:
            secret += p.bonus_cards  # SETUP-6, RECTOR-1: kept secretly (until the end scores them)
    for other, hand in enumerate(state.dealt):
        if other != seat:
            secret += hand  # SETUP-6: another seat's three dealt cards
    if state.seat != seat:
        secret += state.rector_hand  # RECTOR-1: only the drawing seat sees the two cards
    secret += state.bonus_deck + state.ship_deck  # face-down decks
    if state.solo is not None:
        for cards in state.solo.bot_cards:
            secret += cards  # SOLO-2: the bots' Patrician cards are hidden
        for pairs in state.solo.bot_pairs:
            for pair in pairs:
                if not over:  # the bots' cards, pairs included, are turned up to score at the end
                    secret += pair
    mine = set(state.players[seat].bonus_cards)  # a solo bot's pairs repeat cards it holds itself
    return [json.dumps(x) for x in secret if x not in mine] + [str(state.rng)]


def check_view(state: GameState, seat: int) -> PlayerView:
    v = view(state, seat)
    text = view_to_json(v)
    leaks = [x for x in hidden_values(state, seat) if x in text]
    assert not leaks, f"seat {seat} sees {leaks} in phase {state.phase}"
    own = state.players[seat]
    assert v.players[seat].bonus_cards == own.bonus_cards
    for other, p in enumerate(state.players):
        assert v.players[other].bonus_card_count == len(p.bonus_cards)
        if other != seat:
            assert v.players[other].bonus_cards == (p.bonus_cards if state.phase == Phase.OVER else None)
    assert v.ship_deck_size == len(state.ship_deck) and v.bonus_deck_size == len(state.bonus_deck)
    assert v.rector_hand_size == len(state.rector_hand)
    if state.seat == seat and not is_terminal(state):
        assert [action_to_data(a) for a in v.legal_actions] == [action_to_data(a) for a in legal_actions(state)]
        assert v.rector_hand == state.rector_hand
    else:
        assert v.legal_actions == () and v.rector_hand == ()
    return v


@pytest.mark.clause("SETUP-6", "RECTOR-1", "SOLO-2", "END-BONUS-1")
@settings(max_examples=40, deadline=None, derandomize=True, database=None)
@given(
    players=st.integers(1, 5),
    seed=st.integers(0, 2**32),
    edition=st.sampled_from(["1st", "2nd"]),
    easier=st.booleans(),
)
def test_no_hidden_value_appears_in_any_view(players: int, seed: int, edition: str, easier: bool) -> None:
    # A random game; at every state, every seat's serialized view is searched for every value
    # that seat may not know (other seats' card ids, deck contents, the generator state).
    rng = random.Random(seed)
    state = new_game(players, seed=seed, edition=edition, options=Options(solo_easier_rector=easier and players == 1))
    while True:
        for seat in range(state.n_players):
            check_view(state, seat)
        if is_terminal(state):
            break
        state = apply(state, rng.choice(legal_actions(state)))


@pytest.mark.clause("SETUP-6")
def test_setup_view_shows_own_dealt_cards_and_counts_the_others() -> None:
    # 3 players: every seat is dealt 3 cards (SETUP-6); the start seat decides first.
    state = new_game(3, seed=2)
    decider = state.seat
    assert decider is not None
    other = (decider + 1) % 3
    v = check_view(state, other)
    assert v.dealt == state.dealt[other] and len(v.dealt) == 3
    assert [p.dealt_count for p in v.players] == [3, 3, 3]
    assert v.legal_actions == ()
    mine = check_view(state, decider)
    assert len(mine.legal_actions) == 3  # ChooseBonus for each of its 3 cards
    # After the decider keeps its first card, its count is 1 card and 0 dealt for everyone else's view.
    after = apply(state, legal_actions(state)[0])
    w = check_view(after, other)
    assert w.players[decider].bonus_card_count == 1 and w.players[decider].bonus_cards is None
    assert w.players[decider].dealt_count == 0


@pytest.mark.clause("RECTOR-1", "SETUP-6")
def test_events_are_redacted_for_other_seats() -> None:
    state = new_game(3, seed=2)
    decider = state.seat
    assert decider is not None
    state, events = step(state, legal_actions(state)[0])
    kept = [e for e in events if isinstance(e, BonusChosen)]
    assert len(kept) == 1 and kept[0].card != HIDDEN
    mine = events_for(decider, events)
    theirs = events_for((decider + 1) % 3, events)
    assert [e for e in mine if isinstance(e, BonusChosen)] == kept
    assert [e for e in theirs if isinstance(e, BonusChosen)] == [BonusChosen(decider, HIDDEN)]


def test_view_needs_a_real_seat() -> None:
    state = new_game(2, seed=1)
    for bad in (-1, 2, True):
        with pytest.raises(ValueError):
            view(state, bad)
