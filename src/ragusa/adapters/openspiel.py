"""Ragusa as an OpenSpiel game, `python_ragusa`. Needs `pip install 'ragusa[openspiel]'`.

Importing this module registers the game:

Examples:
    >>> import pyspiel
    >>> import ragusa.adapters.openspiel
    >>> game = pyspiel.load_game("python_ragusa", {"players": 3})
    >>> game.num_players(), game.num_distinct_actions() > 0, game.max_chance_outcomes()
    (3, True, 57)
    >>> state = game.new_initial_state()
    >>> state.is_chance_node(), len(state.chance_outcomes())  # the setup's first ship
    (True, 26)

Parameters: `players` (1 = solo against the Patrician, whose bots play inside the engine; 2-5),
`edition` ("1st", "2nd"), `strict` (R-3's strict reading) and the solo variants
`human_first`, `easier_rector`, `harder`.

**Chance.** `EXPLICIT_STOCHASTIC`: every random event is a chance node (the engine's explicit
chance, `ragusa.new_game(..., chance=True)`): each ship and bonus card drawn (the setup's deal
included), the start seat, the solo Patrician cards dealt and each card a solo bot draws. The
probabilities are exact (copies left over cards left, as floats). Chance actions are the fixed
outcome ids of `ragusa.ai.chance` (57: ships, bonus cards, Patrician cards, seats), in a space
of their own next to the decision ids. At a chance node the observations are those of the
position before the action that draws, and nobody has legal actions. The game has no `seed`
parameter any more: the initial state is the chance node before the setup's first draw.

Actions are the fixed ids of `ragusa.ai.ids` (the same space in every mode); the returns at
the end are each seat's share of the win (1/k for each of k winners, else 0). The observation
tensor is `ragusa.ai.observation` of the player's view and the
information-state tensor is `ragusa.ai.information_state` (the observation and
the player's own actions), both written by the fast encoder (`ragusa.ai.ObservationEncoder`, one per
observer); both carry named views (`observer.dict`) by layout part. The
strings are the view as JSON (plus the player's own action ids for the information state).
`resample_from_infostate` draws a full state with `ragusa.ai.determinize`
and turns it back into a state with explicit chance (the decks' undrawn cards unknown again,
`ragusa.with_chance`), so OpenSpiel's IS-MCTS works on it and samples chance nodes
in its simulations. Serialization keeps the state as ragusa's JSON.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from ragusa.adapters.table import missing_extra

try:
    import numpy as np
    import pyspiel
except ImportError as exc:  # the framework is an optional extra
    raise ImportError(missing_extra(exc, __name__, "openspiel")) from exc

from ragusa.adapters.table import (
    NUM_ACTIONS,
    SOLO_VARIANTS,
    GameState,
    PlayerView,
    Table,
    describe_id,
    game_options,
    max_decisions,
    new_game,
    render_text,
    view,
    win_share,
)
from ragusa.ai.chance import NUM_OUTCOMES, chance_ids, outcome_from_id
from ragusa.ai.determinization import determinize
from ragusa.ai.encoder import ObservationEncoder
from ragusa.ai.ids import action_id
from ragusa.ai.observation_vectors import INFO_LAYOUT, LAYOUT
from ragusa.contract.serialization import action_from_json, action_to_json, state_from_json, state_to_json
from ragusa.contract.views import view_to_json
from ragusa.core.actions import Action, ChanceOutcome
from ragusa.rules.chance import is_chance, with_chance

__all__ = ["MAX_GAME_LENGTH", "PARAMETERS", "RagusaGame", "RagusaObserver", "RagusaState"]

#: the game's parameters and their defaults
PARAMETERS: dict[str, Any] = {
    "players": 2,
    "edition": "2nd",
    "strict": False,
    **dict.fromkeys(SOLO_VARIANTS, False),
}

#: the most decisions one game can take, by players (1 = solo): `ragusa.adapters.table.max_decisions`,
#: a bound proven from the rules and counted from the board (chance nodes not counted)
MAX_GAME_LENGTH: dict[int, int] = {players: max_decisions(players) for players in range(1, 6)}


def _game_type(players: int) -> pyspiel.GameType:
    return pyspiel.GameType(
        short_name="python_ragusa",
        long_name="Python Ragusa",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=(pyspiel.GameType.Utility.CONSTANT_SUM if players > 1 else pyspiel.GameType.Utility.GENERAL_SUM),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=5,
        min_num_players=1,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=PARAMETERS,
    )


def _game_info(players: int) -> pyspiel.GameInfo:
    return pyspiel.GameInfo(
        num_distinct_actions=NUM_ACTIONS,
        max_chance_outcomes=NUM_OUTCOMES,
        num_players=players,
        min_utility=0.0,
        max_utility=1.0,
        utility_sum=1.0 if players > 1 else None,
        max_game_length=MAX_GAME_LENGTH[players],
    )


class _Held:
    """The immutable part of a state: the ragusa state and each player's own actions. Shared by
    clones (`deepcopy` returns it as is); pickled, for OpenSpiel's serialization, as JSON."""

    __slots__ = ("_views", "own", "table")

    def __init__(self, state: GameState, own: tuple[tuple[Action, ...], ...]) -> None:
        self.table = Table(state)
        self.own = own
        self._views: dict[int, PlayerView] = {}

    def view(self, seat: int) -> PlayerView:
        """`seat`'s view (kept: the observation and its string both ask)."""
        v = self._views.get(seat)
        if v is None:
            v = self._views[seat] = view(self.table.state, seat)
        return v

    def __deepcopy__(self, memo: dict[int, Any]) -> _Held:
        return self

    def __reduce__(self) -> tuple[Callable[[str, list[list[str]]], _Held], tuple[str, list[list[str]]]]:
        own = [[action_to_json(a) for a in actions] for actions in self.own]
        return (_held_from_json, (state_to_json(self.table.state), own))


def _held_from_json(state: str, own: list[list[str]]) -> _Held:
    return _Held(state_from_json(state), tuple(tuple(action_from_json(a) for a in actions) for actions in own))


class RagusaGame(pyspiel.Game):
    """`python_ragusa` (parameters: see the module docs)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        p = {**PARAMETERS, **(params or {})}
        players = p["players"]
        variants = {k: bool(p[k]) for k in SOLO_VARIANTS}
        self.options = game_options(players, p["edition"], bool(p["strict"]), **variants)
        self.players = int(players)
        self.edition = str(p["edition"])
        super().__init__(_game_type(self.players), _game_info(self.players), p)
        # states are immutable: one start shared by every initial state (OpenSpiel's Clone and
        # deserialization make an initial state first, then overwrite it)
        self._start = _Held(
            new_game(self.players, edition=self.edition, options=self.options, chance=True), ((),) * self.players
        )

    def new_initial_state(self) -> RagusaState:
        return RagusaState(self, self._start)

    def make_py_observer(
        self, iig_obs_type: pyspiel.IIGObservationType | None = None, params: dict[str, Any] | None = None
    ) -> RagusaObserver:
        if params:
            raise ValueError(f"the ragusa observer takes no parameters; got {params}")
        info = iig_obs_type is not None and iig_obs_type.perfect_recall
        if iig_obs_type is not None and (
            not iig_obs_type.public_info or iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
        ):
            raise ValueError("ragusa provides one player's observation and information state only")
        return RagusaObserver(info)


class RagusaState(pyspiel.State):
    """A position of `python_ragusa`: a ragusa `GameState` plus each
    player's own actions (for the information state)."""

    def __init__(self, game: RagusaGame, start: _Held) -> None:
        super().__init__(game)
        self.held = start

    @property
    def ragusa_state(self) -> GameState:
        """The ragusa game state (read only)."""
        return self.held.table.state

    def current_player(self) -> int:
        t = self.held.table
        if t.over:
            return int(pyspiel.PlayerId.TERMINAL)
        if is_chance(t.state):
            return int(pyspiel.PlayerId.CHANCE)
        assert t.seat is not None
        return t.seat

    def _legal_actions(self, player: int) -> list[int]:
        return self.held.table.legal_ids() if player >= 0 and player == self.current_player() else []

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The outcome ids of the pending random event with their probabilities (exact
        fractions as floats; empty at a decision)."""
        return [(i, float(p)) for i, p in chance_ids(self.held.table.state)]

    def _apply_action(self, action: int) -> None:
        h = self.held
        if is_chance(h.table.state):
            table = Table(h.table.state)
            table.play_action(self._outcome(int(action)))
            self.held = _Held(table.state, h.own)
            return
        seat = h.table.seat
        assert seat is not None
        found = h.table.action_of(int(action))
        if found is None:
            raise ValueError(f"action {action} ({describe_id(int(action))}) is not legal for player {seat} here")
        table = Table(h.table.state)
        table.play_action(found)
        own = tuple(a + (found,) if i == seat else a for i, a in enumerate(h.own))
        self.held = _Held(table.state, own)

    def _outcome(self, action: int) -> ChanceOutcome:
        legal = [i for i, _ in chance_ids(self.held.table.state)]
        if action not in legal:
            raise ValueError(f"chance outcome {action} cannot come out here; possible: {legal}")
        return outcome_from_id(action)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"chance: {outcome_from_id(int(action)).outcome}"
        return describe_id(int(action))

    def is_terminal(self) -> bool:
        return self.held.table.over

    def returns(self) -> list[float]:
        n = len(self.held.own)
        if not self.held.table.over:
            return [0.0] * n
        return [win_share(self.held.table.state, s) for s in range(n)]

    def resample_from_infostate(self, player: int, sampler: Any) -> RagusaState:
        """A state `player` cannot tell from this one, hidden cards drawn uniformly
        (`ragusa.ai.determinize`); `sampler()` gives the randomness."""
        seed = int(float(sampler()) * 2**53) if callable(sampler) else random.getrandbits(53)
        real = self.held.table.state.chance
        sample = determinize(self.held.view(player), random.Random(seed))
        if real is not None:
            sample = with_chance(sample, min(real.ship_hidden, len(sample.ship_deck)), real.bonus_hidden)
        out: RagusaState = self.get_game().new_initial_state()
        out.held = _Held(sample, self.held.own)
        return out

    def __str__(self) -> str:
        return render_text(self.held.table.state)


class RagusaObserver:
    """OpenSpiel's observer: one flat float32 `tensor`, `dict` of named views onto it (the
    parts of `ragusa.ai.LAYOUT`, or of `INFO_LAYOUT` for the information
    state), `set_from` and `string_from`."""

    def __init__(self, info: bool) -> None:
        self.info = info
        self._encoder = ObservationEncoder()
        layout = INFO_LAYOUT if info else LAYOUT
        size = max(s.stop for s in layout.values())
        self.tensor = np.zeros(size, np.float32)
        self.dict = {name: self.tensor[s] for name, s in sorted(layout.items(), key=lambda kv: kv[1].start)}

    def set_from(self, state: RagusaState, player: int) -> None:
        h = state.held
        t = h.table
        legal = t.ids if t.seat == player and not t.over else None
        if self.info:
            self.tensor[:] = self._encoder.information_state(t.state, player, h.own[player], legal)
        else:
            self.tensor[:] = self._encoder.observe(t.state, player, legal)

    def string_from(self, state: RagusaState, player: int) -> str:
        h = state.held
        text = view_to_json(h.view(player))
        if self.info:
            text += "\nown actions: " + " ".join(str(action_id(a)) for a in h.own[player])
        return text


pyspiel.register_game(_game_type(2), RagusaGame)
