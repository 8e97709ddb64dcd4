"""The scratch copy (:mod:`ragusa.core.work`) cannot drift from the state it copies (issue 10).

``apply`` copies a :class:`GameState` into a :class:`Work`, lets the rules edit it and freezes it
back. A field added to the state but not to the copy would be silently reset to its default by
every action; these tests fail as soon as the two disagree. (Tooling: no clause marker.)"""

from __future__ import annotations

import inspect
import random

import attrs

from ragusa import apply, is_terminal, legal_actions, new_game
from ragusa.core.state import GameState, PlayerState
from ragusa.core.work import PlayerWork, Work

STATE_FIELDS = tuple(f.name for f in attrs.fields(GameState))
PLAYER_FIELDS = tuple(f.name for f in attrs.fields(PlayerState))


def test_work_copies_every_state_field_and_nothing_else() -> None:
    copied = set(Work.__slots__) - {"n", "_pw", "ev"}
    assert copied == {"_players" if name == "players" else name for name in STATE_FIELDS}


def test_player_work_copies_every_player_field_and_nothing_else() -> None:
    renamed = {"resources": "res", "commodities": "com"}
    assert set(PlayerWork.__slots__) == {renamed.get(name, name) for name in PLAYER_FIELDS}


def test_copy_and_freeze_is_the_identity_on_real_positions() -> None:
    for players in (1, 2, 3, 4, 5):
        rng = random.Random(players)
        state = new_game(players, seed=players)
        while not is_terminal(state):
            work = Work(state)
            for seat in range(state.n_players):
                work.p(seat)  # force every player through the mutable copy as well
            assert work.freeze() == state
            acts = legal_actions(state)
            state = apply(state, acts[rng.randrange(len(acts))])
        assert Work(state).freeze() == state


def test_copy_and_freeze_name_every_field() -> None:
    """Each field is read in ``__init__`` and written back in ``freeze`` (a new field missing from
    either would be reset to its default by every action, even where real games never show it)."""
    init, freeze = inspect.getsource(Work.__init__), inspect.getsource(Work.freeze)
    for name in STATE_FIELDS:
        assert f"s.{name}" in init, name
        assert f"{name}=" in freeze, name
    init, freeze = inspect.getsource(PlayerWork.__init__), inspect.getsource(PlayerWork.freeze)
    for name in PLAYER_FIELDS:
        assert f"p.{name}" in init, name
        assert f"{name}=" in freeze, name
