"""Every decision's record, collected, and the tables built from them, read by the phase's ordinal
(`Phase.ordinal`): what a decision offers (`OFFERS`, read by `ragusa.rules.legal`), the handler of each
kind of action it takes (`HANDLERS`, read by `apply` and `step` in `ragusa.rules.resolution`), and
how a solo bot takes it (`TURNS`, from each record's `bot`). Each record is written in the module of
its rule (`ragusa.rules.decision.Decision`); to find a decision's code, find its record in `DECISIONS`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from ragusa.core.scratch import Scratch
from ragusa.core.state import GameState, Phase
from ragusa.rules import activation, end_of_game, turn_flow
from ragusa.rules.buildings import architect, market, mason, rector, wharf
from ragusa.rules.decision import BotTurn, Decision, Resolve, Then
from ragusa.rules.moves import Moves
from ragusa.rules.solo.patrician import BOT_PHASES

#: a handler: resolve an action of the deciding seat on the scratch copy (or, for a bot's own rule,
#: carry out its choice), and what follows it
Handler = Callable[[Scratch, int, Any], None]


def in_phase_order(records: tuple[Decision, ...]) -> tuple[Decision, ...]:
    """The records in `Phase` order, one per phase, each saying how a solo bot takes it exactly when a
    bot decides in it (`BOT_PHASES`; an import error otherwise: a phase with no decision, or with two,
    or a bot with no way to take a decision its rules give it, is a mistake in the rules)."""
    found = {d.phase: d for d in records}
    if len(found) != len(records) or set(found) != set(Phase):
        raise RuntimeError(f"one decision record per phase: {[d.phase for d in records]} for {list(Phase)}")
    bot = {d.phase for d in records if d.bot is not None}
    if bot != BOT_PHASES:
        raise RuntimeError(
            f"a bot decides in phases {sorted(p.value for p in BOT_PHASES)}; their records say how in "
            f"{sorted(p.value for p in bot)}"
        )
    return tuple(found[p] for p in Phase)


#: every decision, by its phase's ordinal
DECISIONS: Final[tuple[Decision, ...]] = in_phase_order(
    (
        turn_flow.SETUP_DECISION,
        turn_flow.PLACE_DECISION,
        activation.ORDER_DECISION,
        activation.WINDOW_DECISION,
        mason.DECISION,
        architect.DECISION,
        market.DECISION,
        wharf.DECISION,
        rector.DRAW_DECISION,
        rector.KEEP_DECISION,
        end_of_game.TRADE_DECISION,
        end_of_game.OVER_DECISION,
    )
)


def followed(d: Decision, effect: Handler) -> Handler:
    """`effect` in decision `d`, then what follows it (`d.then`)."""
    phase = d.phase
    if d.then is Then.RUN:

        def then_run(w: Scratch, seat: int, a: Any) -> None:
            effect(w, seat, a)
            turn_flow.run(w)

        return then_run
    if d.then is Then.RESUME:

        def then_resume(w: Scratch, seat: int, a: Any) -> None:
            effect(w, seat, a)
            if w.phase is phase:  # no next decision of the same house was opened
                turn_flow.resume(w)

        return then_resume
    return effect


def handler(d: Decision, r: Resolve[Any]) -> Handler:
    """The handler of one `Resolve` of decision `d`: its effect, then what follows (`d.then`)."""
    return followed(d, r.effect)  # the tables look it up by the action's type: it is `r.kind`


#: per phase ordinal, what its decision offers (`Decision.offers`)
OFFERS: Final[tuple[Callable[[GameState, int], Moves], ...]] = tuple(d.offers for d in DECISIONS)
#: per phase ordinal, the handler of each kind of action its decision takes (`Decision.resolve`)
HANDLERS: Final[tuple[dict[type, Handler], ...]] = tuple({r.kind: handler(d, r) for r in d.resolve} for d in DECISIONS)
#: per phase ordinal, how a solo bot takes its decision (`Decision.bot`), or None: a bot never decides in it
TURNS: Final[tuple[BotTurn[Any] | None, ...]] = tuple(d.bot for d in DECISIONS)
#: per phase ordinal, the bots' own rule that carries out a bot's choice (`BotTurn.execute`), then what
#: follows it in the decision (`Decision.then`), or None: the choice resolves as the action it is
BOT_RULES: Final[tuple[Handler | None, ...]] = tuple(
    None if d.bot is None or d.bot.execute is None else followed(d, d.bot.execute) for d in DECISIONS
)
