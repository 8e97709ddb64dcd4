"""The decision machine: `apply` and `step`.

A state names one deciding seat and what it decides (`Phase`).
`apply` resolves the action on a scratch copy (`Scratch`) with the
handler its phase's decision declares for the action's kind (`ragusa.rules.phases.HANDLERS`, built
from each decision's record, `ragusa.rules.decision.Decision`), lets the solo bots take their
decisions through the same handlers, and freezes the result. Legal actions are listed by
`ragusa.rules.legal`; queries on a state are in `ragusa.rules.queries`.
"""

from __future__ import annotations

from typing import Any, Final

from ragusa.core.actions import Action, Trade
from ragusa.core.clauses import implements
from ragusa.core.errors import IllegalActionError
from ragusa.core.events import BotDecision, Event, Recorded, made
from ragusa.core.position import Position
from ragusa.core.scratch import Scratch
from ragusa.core.state import PHASE_OVER, PHASE_PLACE, GameState
from ragusa.rules import chance, fish, setup
from ragusa.rules.action_form import check_form
from ragusa.rules.decision import BotTurn
from ragusa.rules.phases import BOT_RULES, HANDLERS, TURNS
from ragusa.rules.solo.deal import deal_solo
from ragusa.rules.solo.patrician import BotMove, is_bot, solo_of
from ragusa.rules.turn_flow import begin_turn

# Final names of what the state and the actions' interpreted modules define: the compiled build keeps a
# Final name in a C static, and looks an imported name up in the module's globals at every use.
_OVER: Final = PHASE_OVER
_TRADE: Final = Trade


@implements("SOLO-4", "SOLO-5")
def _drive_bots(w: Scratch) -> None:
    """Solo: while a bot is the deciding seat, let it decide (`ragusa.rules.phases.TURNS`, its
    decision record's `bot`: a pure choice) and carry its choice out as the action it is, through the
    handlers of every seat's actions (`ragusa.rules.phases.HANDLERS`), or by the bots' own rule where
    they have one (`ragusa.rules.phases.BOT_RULES`: an unchecked placement from its cards, SOLO-4);
    `step` reports each decision with its explanation as a `BotDecision`.
    Returns when the human decides or the game is over, so a bot is never the deciding seat of a
    returned state."""
    solo = w.solo
    if solo is None:
        return
    bots = solo.bot_seats  # the same seats all game (the solo state changes only its cards and round)
    while (seat := w.seat) in bots and (phase := w.phase) is not _OVER:  # (no seat, None, is not a bot)
        i = phase.ordinal
        turn = TURNS[i]
        assert turn is not None, f"a bot has no decision in phase {phase!r}"
        choice = turn.choose(w, seat)  # the bot reads the scratch copy (nothing is frozen)
        w.emit(_explained, turn, w, seat, choice)
        own_rule = BOT_RULES[i]
        if own_rule is None:  # carried out as the action it is, as any seat's
            action = turn.action(choice)
            HANDLERS[i][type(action)](w, seat, action)
        else:
            own_rule(w, seat, choice)


def _explained(turn: BotTurn[Any], w: Scratch, seat: int, choice: object) -> BotDecision:
    """The `BotDecision` reporting a bot's choice: its decision and reason as text."""
    return BotDecision(seat, *turn.explain(w, seat, choice))


def decide(state: Position) -> BotMove:
    """The decision of the bot that is the deciding seat of `state`, without playing it: the action
    it takes, the decision and reason `step` reports for it, and the generator and solo state after
    its draws (only a placement draws: its cards, SOLO-4)."""
    seat = state.seat
    if seat is None or not is_bot(state, seat):
        raise ValueError("the deciding seat is not a bot")
    turn = TURNS[state.phase.ordinal]
    if turn is None:
        raise ValueError(f"a bot has no decision in phase {state.phase!r}")
    choice = turn.choose(state, seat)
    decision, reason = turn.explain(state, seat, choice)
    rng, solo = (choice[2], choice[3]) if state.phase == PHASE_PLACE else (state.rng, solo_of(state))
    return BotMove(seat, turn.action(choice), decision, reason, rng, solo)


def start_play(w: Scratch) -> None:
    """Begin play on a set-up solo game (`ragusa.rules.game.new_solo_game`): the first turn, and
    the bots' decisions until the human's first."""
    begin_turn(w, w.start_seat)
    _drive_bots(w)


def _resolve(state: GameState, action: Action, events: list[Recorded] | None, make_events: bool = False) -> GameState:
    """Resolve `action` in `state` (no action once the game is over, TURN-3), reporting to `events`
    (each event made as it happens with `make_events`, else as recorded: `ragusa.core.scratch.Scratch`)."""
    w = Scratch(state, events, make_events)  # its fields are read natively in the compiled build
    phase = w.phase
    seat = w.seat
    if phase == _OVER or seat is None:
        raise IllegalActionError("TURN-3", "the game is over; no action is legal")
    check_form(action, phase.rule)
    kind = type(action)
    if kind is _TRADE:
        assert isinstance(action, Trade)
        fish.trade(w, seat, action.resource if isinstance(action.resource, str) else repr(action.resource))
        return w.freeze()
    handler = HANDLERS[phase.ordinal].get(kind)
    if handler is None:
        raise IllegalActionError(phase.rule, f"seat {seat} must {phase.asks} now; {kind.__name__} is not a choice here")
    handler(w, seat, action)
    if w.solo is not None:
        _drive_bots(w)  # SOLO: the bots play until the human decides again
    return w.freeze()


def apply(state: GameState, action: Action) -> GameState:
    """The state after the deciding seat takes `action`. Pure: `state` is not changed.

    Raises `IllegalActionError` (a `ValueError`) naming the clause that
    forbids the action and the numbers involved.
    """
    if state.chance is not None:
        return resolve_chance(state, action, None)
    return _resolve(state, action, None)


def step(state: GameState, action: Action) -> tuple[GameState, tuple[Event, ...]]:
    """Like `apply`, plus the events saying what happened."""
    events: list[Any] = []
    if state.chance is not None:
        return resolve_chance(state, action, events), made(events)
    new = _resolve(state, action, events, True)  # the same resolution, each event made as it happens
    return new, tuple(events)


def step_recorded(state: GameState, action: Action) -> tuple[GameState, list[Recorded]]:
    """`step` with its events as the rules record them (`ragusa.core.events.Recorded`): for a
    caller that writes them straight to JSON (`ragusa.contract.views.records_to_data`)."""
    events: list[Recorded] = []
    if state.chance is not None:
        new = resolve_chance(state, action, events)
    else:
        new = _resolve(state, action, events)
    return new, events


def resolve_chance(state: GameState, action: Action | None, events: list[Recorded] | None) -> GameState:
    """`apply`/`step` on a state with explicit chance (`ragusa.rules.chance.resolve`); `action`
    None starts the setup of an empty table (`ragusa.rules.game.empty_table`)."""
    return chance.resolve(state, action, events, rerun)


def rerun(start: GameState, action: Action | None, events: list[Recorded] | None) -> GameState:
    """Resolve `action` (None: the setup) on a state with explicit chance, with the outcomes fixed
    so far (a draw past them raises `ragusa.rules.chance.NeedChance`)."""
    if action is not None:
        return _resolve(start, action, events)
    if start.solo is not None:
        w = deal_solo(0, start.edition, start.options, start.chance)
        w.ev = events
        start_play(w)
        return w.freeze()
    return setup.new_multiplayer_game(start.n_players, 0, start.edition, start.options, start.chance)
