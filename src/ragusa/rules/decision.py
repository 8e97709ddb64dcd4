"""A decision, declared once: `Decision`, one record per phase, written in the module of its rule.

A record says what the deciding seat is offered (`offers`: its legal moves), how each kind of action
resolves (`resolve`: the rule's effect, then what follows it), and, for a building's decision, which
building opens it and when (`building`, `has_choice`, R-8). A solo bot's way of taking a decision is
a `BotTurn` record beside the bot's rule (`ragusa.rules.solo.bot_turns`). `ragusa.rules.phases`
collects the records and builds every table from them: the legal-move dispatch
(`ragusa.rules.legal`), the handlers of `apply` and `step` (`ragusa.rules.resolution`), the solo
bots' turns, the decisions an activation opens (`ragusa.rules.activation`).

What follows an action is declared (`Then`), not called, so that a building's record needs nothing
above its building: the turn flow that carries the game on sits above the buildings.
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
class Decision:
    """One decision (a `Phase`): `clauses`, the rule clauses that govern it (the phase's own
    `Phase.rule` first); `offers`, the legal moves of the deciding seat (`ragusa.rules.moves.Moves`);
    `resolve`, how each kind of action it takes resolves (a kind not listed is not a choice here;
    fish trades, FISH-2, resolve in every phase that offers them); `then`, what follows the effect;
    `building` and `has_choice`, for a building's decision, the building whose activation opens it
    and whether the owner has a choice now (R-8)."""

    phase: Phase
    clauses: tuple[str, ...]
    offers: Callable[[GameState, int], Moves]
    resolve: tuple[Resolve[Any], ...]
    then: Then = Then.NOTHING
    building: str | None = None
    has_choice: Callable[[Scratch, int], bool] | None = None


@attrs.frozen
class BotTurn(Generic[C]):
    """A solo bot's decision in one phase: `choose`, its choice (a pure function of the position);
    `explain`, the decision and the reason as text (for `step`'s `BotDecision`); `action`, the
    action the choice is; `execute`, the bots' own rule that carries the choice out on the scratch
    copy, or None where the action resolves as any seat's (the phase's `Decision.resolve`)."""

    phase: Phase
    choose: Callable[[Position, int], C]
    explain: Callable[[Position, int, C], tuple[str, str]]
    execute: Callable[[Scratch, int, C], None] | None
    action: Callable[[C], Action]


def building_decision(
    building: str,
    phase: Phase,
    clauses: tuple[str, ...],
    offers: Callable[[GameState, int], Moves],
    has_choice: Callable[[Scratch, int], bool],
    *resolve: Resolve[Any],
) -> Decision:
    """The decision a building's activation opens when the owner has a choice (`has_choice`, R-8); it
    is part of that house's activation, which goes on once it is resolved (`Then.RESUME`)."""
    return Decision(phase, clauses, offers, resolve, Then.RESUME, building, has_choice)


def nothing(w: Scratch, seat: int, a: Action) -> None:
    """The effect of passing a choice: none (what follows is the decision's `Then`)."""
    return None
