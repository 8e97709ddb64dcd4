"""A decision, declared once: `Decision`, one record per phase, written in the module of its rule.

A record says what the deciding seat is offered (`offers`: its legal moves), how each kind of action
resolves (`resolve`: the rule's effect) and what follows it (`then`), for a building's decision,
which building opens it and when (`building`, `has_choice`, R-8), and, for a decision a solo bot
takes, how it takes it (`bot`, a `BotTurn`: its choice, the explanation, the action the choice is).
`ragusa.rules.phases` collects the records and builds every table from them: the legal-move
dispatch (`ragusa.rules.legal`), the handlers of `apply` and `step` (`ragusa.rules.resolution`), the
solo bots' turns, the decisions an activation opens (`ragusa.rules.activation`).

What follows an action is declared (`Then`), not called, so that a building's record needs nothing
above its building: the turn flow that carries the game on sits above the buildings. For the same
reason a bot's choice in a building's decision is written in the building's module: it reads the
building's rule (the Mason's VP, the Market's costs), and the record names it.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from typing import Any, Generic, TypeVar

import attrs

from ragusa.core.actions import Action
from ragusa.core.position import Position
from ragusa.core.scratch import Scratch
from ragusa.core.state import GameState, Phase
from ragusa.rules.moves import Moves

A = TypeVar("A", bound=Action)
C = TypeVar("C")


class Then(enum.Enum):
    """What follows the effect of an action the decision takes (`Decision.then`)."""

    #: the effect carries the game on itself (or the decision ends the game)
    NOTHING = "nothing"
    #: the automatic steps run on until the next decision (`ragusa.rules.turn_flow.run`)
    RUN = "run"
    #: the activation of the house is complete and the steps run on (`ragusa.rules.turn_flow.resume`),
    #: unless the effect opened the next decision of the same house (the Rector's draw opens the keep)
    RESUME = "resume"


@attrs.frozen
class Resolve(Generic[A]):
    """How an action of one kind resolves in a decision: `effect` edits the scratch copy (raising
    `IllegalActionError` where the rule refuses)."""

    kind: type[A]
    effect: Callable[[Scratch, int, A], None]


@attrs.frozen
class BotTurn(Generic[C]):
    """How a solo bot takes a decision (`Decision.bot`): `choose`, its choice (a pure function of the
    position); `explain`, the decision and the reason as text (for `step`'s `BotDecision`); `action`,
    the action the choice is; `execute`, the bots' own rule that carries the choice out on the scratch
    copy (what follows is the decision's `then`, as for any seat's action), or None where the action
    resolves as any seat's (the decision's `resolve`)."""

    choose: Callable[[Position, int], C]
    explain: Callable[[Position, int, C], tuple[str, str]]
    action: Callable[[C], Action]
    execute: Callable[[Scratch, int, C], None] | None = None


@attrs.frozen
class Decision:
    """One decision (a `Phase`): `clauses`, the rule clauses that govern it (the phase's own
    `Phase.rule` first); `offers`, the legal moves of the deciding seat (`ragusa.rules.moves.Moves`);
    `resolve`, how each kind of action it takes resolves (a kind not listed is not a choice here;
    fish trades, FISH-2, resolve in every phase that offers them); `then`, what follows the effect;
    `building` and `has_choice`, for a building's decision, the building whose activation opens it
    and whether the owner has a choice now (R-8); `bot`, how a solo bot takes it (None: a bot never
    decides in it)."""

    phase: Phase
    clauses: tuple[str, ...]
    offers: Callable[[GameState, int], Moves]
    resolve: tuple[Resolve[Any], ...]
    then: Then = Then.NOTHING
    building: str | None = None
    has_choice: Callable[[Scratch, int], bool] | None = None
    bot: BotTurn[Any] | None = None


def building_decision(
    building: str,
    phase: Phase,
    clauses: tuple[str, ...],
    offers: Callable[[GameState, int], Moves],
    has_choice: Callable[[Scratch, int], bool],
    *resolve: Resolve[Any],
    bot: BotTurn[Any] | None = None,
) -> Decision:
    """The decision a building's activation opens when the owner has a choice (`has_choice`, R-8); it
    is part of that house's activation, which goes on once it is resolved (`Then.RESUME`). `bot`: how
    a solo bot takes it (SOLO-5)."""
    return Decision(phase, clauses, offers, resolve, Then.RESUME, building, has_choice, bot)


def no_choice(state: Position, seat: int) -> None:
    """A bot's choice where it has nothing to choose (the Rector's Palace: it takes both cards, SOLO-5)."""
    return None


def nothing(w: Scratch, seat: int, a: Action) -> None:
    """The effect of passing a choice: none (what follows is the decision's `Then`)."""
    return None
