"""What the three adapters share: a game in progress seen through action ids (`Table`),
the game's parameters checked once (`game_options`), the win reward and a text drawing.

Pure Python (no numpy): the framework modules turn the lists into arrays. Every engine name the
adapters use is imported here, so the adapters follow a move of the engine in one place.
"""

from __future__ import annotations

from collections.abc import Callable

from ragusa.adapters.game_length import max_decisions
from ragusa.ai.ids import NUM_ACTIONS, LegalIds, action_id, describe_id
from ragusa.contract.views import PlayerView, view
from ragusa.core.actions import Action, Pass
from ragusa.core.state import EDITIONS, PHASE_OVER, GameState, Options
from ragusa.rules.game import new_game
from ragusa.rules.legal import legal_actions, legal_moves
from ragusa.rules.moves import Moves
from ragusa.rules.queries import is_terminal, scores, winners
from ragusa.rules.resolution import apply

__all__ = [
    "NUM_ACTIONS",
    "PASS_ID",
    "REWARDS",
    "max_decisions",
    "reward_of",
    "OBS_HIGH",
    "PHASE_OVER",
    "SOLO_VARIANTS",
    "Action",
    "IllegalActionId",
    "Moves",
    "legal_moves",
    "Table",
    "describe_id",
    "game_options",
    "new_game",
    "RENDER_MODES",
    "check_render_mode",
    "render",
    "render_text",
    "view",
    "win_share",
    "PlayerView",
    "GameState",
    "is_terminal",
    "missing_extra",
]

#: the upper bound of the observation boxes: every feature is a count scaled to about 0..1
#: (:data:`ragusa.ai.SCALE`); this bound leaves room for the largest counts
OBS_HIGH = 10.0

#: the solo variants (SOLO-3, SOLO-5, SOLO-8) by their parameter name, and the option each sets
SOLO_VARIANTS: dict[str, str] = {
    "human_first": "solo_human_first",
    "easier_rector": "solo_easier_rector",
    "harder": "solo_harder",
}


def missing_extra(exc: ImportError, module: str, extra: str) -> str:
    """The message for an adapter whose framework is not installed."""
    return f"{module} needs {exc.name or 'a package'} (not installed): pip install 'ragusa[{extra}]'"


#: the id of `Pass()`: the one id the Gymnasium mask allows once an episode is over
PASS_ID = action_id(Pass())

#: the Gymnasium environments' rewards, given at the end (`reward_of`)
REWARDS = ("win", "margin", "share")


def reward_of(state: GameState, seat: int, kind: str) -> float:
    """`seat`'s reward at the end of a game: `"win"` +1 among the winners, -1 otherwise, 0 when every
    seat ties; `"margin"` its VP minus the best other seat's; `"share"` its share of the win."""
    if kind == "margin":
        vp = scores(state)
        return float(vp[seat] - max(v for s, v in enumerate(vp) if s != seat))
    share = win_share(state, seat)
    if kind == "share":
        return share
    if all(win_share(state, s) > 0 for s in range(state.n_players)):
        return 0.0
    return 1.0 if share > 0 else -1.0


class IllegalActionId(ValueError):
    """An action id that the deciding seat cannot take here."""


def game_options(players: int, edition: str, strict: bool = False, **variants: bool) -> Options:
    """The `Options` for the adapters' parameters; `ValueError` names a bad one."""
    if isinstance(players, bool) or not isinstance(players, int) or not 1 <= players <= 5:
        raise ValueError(f"players must be 1 (solo) to 5; got {players!r}")
    if edition not in EDITIONS:
        raise ValueError(f"edition must be one of {', '.join(map(repr, EDITIONS))}; got {edition!r}")
    unknown = sorted(set(variants) - set(SOLO_VARIANTS))
    if unknown:
        raise ValueError(f"unknown solo variant {unknown[0]!r}; choose from {', '.join(SOLO_VARIANTS)}")
    chosen = {SOLO_VARIANTS[k]: bool(v) for k, v in variants.items() if v}
    if chosen and players != 1:
        raise ValueError("the solo variants apply only to the solo game (players=1)")
    return Options(strict=bool(strict), **chosen)


def win_share(state: GameState, seat: int) -> float:
    """`seat`'s share of the win: 1/k when it is one of k winners (WIN-1, R-7), else 0."""
    won = winners(state)
    return 1.0 / len(won) if seat in won else 0.0


class Table:
    """A game in progress driven by action ids: the state, and its legal actions as ids (`moves`,
    read from the state's legal moves once per state, when first asked: a bot's turn never asks)."""

    __slots__ = ("_moves", "state")

    def __init__(self, state: GameState) -> None:
        self.state = state
        self._moves: LegalIds | None = None

    @property
    def moves(self) -> LegalIds:
        """The deciding seat's legal actions as ids, and the action of each."""
        if self._moves is None:
            self._moves = LegalIds(self.state)
        return self._moves

    @property
    def actions(self) -> tuple[Action, ...]:
        """The deciding seat's legal actions, in `ragusa.legal_actions` order."""
        return legal_actions(self.state)

    @property
    def ids(self) -> list[int]:
        """The ids of `actions`, in the same order (distinct: one legal action per id)."""
        return self.moves.ids

    def action_of(self, action: int) -> Action | None:
        """The legal action with id `action`, or None when it is not legal here (without
        listing every legal action: at a placement only the one taken is made)."""
        return self.moves.action(action)

    @property
    def over(self) -> bool:
        return is_terminal(self.state)

    @property
    def seat(self) -> int | None:
        """The deciding seat (None once the game is over)."""
        return self.state.seat

    def scores(self) -> list[int]:
        """Every seat's VP."""
        return list(scores(self.state))

    def legal_ids(self) -> list[int]:
        """The legal ids, ascending."""
        return sorted(self.moves.ids)

    def mask(self) -> list[int]:
        """1 at each legal id, 0 elsewhere (length `NUM_ACTIONS`; all zero once the game is over)."""
        out = [0] * NUM_ACTIONS
        for i in self.moves.ids:
            out[i] = 1
        return out

    def play(self, action: int) -> None:
        """Take the action with id `action`; `IllegalActionId` if it is not legal here."""
        found = self.moves.action(action)
        if found is None:
            if self.over:
                raise IllegalActionId(f"the game is over; action {action} cannot be taken")
            raise IllegalActionId(
                f"action {action} is not legal for seat {self.seat} here; legal ids: {self.legal_ids()}"
            )
        self.play_action(found)

    def play_action(self, action: Action) -> None:
        self.state = apply(self.state, action)
        self._moves = None


def render_text(state: GameState) -> str:
    """A short text picture of the game: mode, phase, who decides, and each seat's score and stock."""
    n = state.n_players
    mode = "solo against the Patrician" if state.solo is not None else f"{n} players"
    head = f"Ragusa, {state.edition} edition, {mode}: "
    if is_terminal(state):
        head += "game over, winners " + ", ".join(f"seat {s}" for s in winners(state))
    else:
        head += f"{state.phase}, seat {state.seat} to decide"
    lines = [head]
    vp = scores(state)
    for i, p in enumerate(state.players):
        bot = " (Patrician bot)" if state.solo is not None and i in state.solo.bot_seats else ""
        lines.append(
            f"  seat {i}{bot}: {vp[i]} VP, resources {list(p.resources)}, commodities {list(p.commodities)}, "
            f"houses left {p.houses_left}"
        )
    return "\n".join(lines)


#: the text render modes of the Gymnasium and PettingZoo environments
RENDER_MODES = ("human", "ansi")


def check_render_mode(mode: str | None) -> str | None:
    """`mode` if it is None or one of `RENDER_MODES`; `ValueError` names a bad one."""
    if mode is not None and mode not in RENDER_MODES:
        raise ValueError(f"render_mode must be None, 'human' or 'ansi'; got {mode!r}")
    return mode


def render(state: GameState, mode: str | None, warn: Callable[[str], object]) -> str | None:
    """An environment's `render()`: "ansi" returns `render_text(state)`, "human" prints it, and
    without a mode the framework's logger (`warn`) says so."""
    if mode is None:
        warn("render() called without a render_mode; choose 'human' or 'ansi'")
        return None
    text = render_text(state)
    if mode == "ansi":
        return text
    print(text)
    return None
