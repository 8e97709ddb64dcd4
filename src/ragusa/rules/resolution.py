"""The decision machine: `apply` and `step`.

A state names one deciding seat and what it decides (`Phase`).
`apply` resolves the action on a scratch copy (`Scratch`) with the
handler of its phase (`_HANDLERS`), lets `ragusa.rules.turn_flow` run every automatic step
until the next decision or the end, and freezes the result. Legal actions are listed by
`ragusa.rules.legal`; queries on a state are in `ragusa.rules.queries`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final, NoReturn, TypeVar

from ragusa.core.actions import (
    Action,
    ActivateHex,
    BuildTower,
    BuildWall,
    BuyShip,
    ChooseBonus,
    DrawBonus,
    KeepBonus,
    Pass,
    Place,
    SellCommodity,
    Trade,
)
from ragusa.core.board import BOARD, RES_INDEX
from ragusa.core.clauses import implements
from ragusa.core.errors import IllegalActionError
from ragusa.core.events import (
    BotDecision,
    Event,
    Passed,
    Recorded,
    made,
)
from ragusa.core.scratch import Scratch
from ragusa.core.state import (
    EMPTY,
    PHASE_OVER,
    PHASE_PLACE,
    POWERHOUSE,
    RESERVED,
    GameState,
    Phase,
)
from ragusa.rules import activation, chance, fish, setup
from ragusa.rules.action_form import check_form
from ragusa.rules.buildings import architect, market, mason, rector, wharf
from ragusa.rules.end_of_game import final_scoring
from ragusa.rules.legal import board_facts_of, legal_moves
from ragusa.rules.placement_rule import explain_refusal
from ragusa.rules.solo import bot_turns
from ragusa.rules.solo.deal import deal_solo
from ragusa.rules.turn_flow import begin_turn, next_turn, put_piece, resume, run
from ragusa.rules.two_player import (
    check_powerhouse,
)

FISH: Final = RES_INDEX["fish"]

# --------------------------------------------------------------------------- action handlers


def _spot(spot_id: object, rule: str) -> int:
    s = BOARD.spot_index.get(spot_id) if isinstance(spot_id, str) else None
    if s is None:
        raise IllegalActionError(rule, f"there is no spot {spot_id!r}")
    return s


def _trade_rule(resource: str) -> str:
    return {"wood": "BUILD-2", "stone": "BUILD-3"}.get(resource, "BUILD-7")


@implements("TURN-1", "TURN-2", "BUILD-8")
def _place(w: Scratch, seat: int, a: Place) -> None:
    s = _spot(a.spot, "TURN-1")
    power = bool(a.powerhouse)
    verdict = legal_moves(w.source).trades_for(s, power)
    if verdict is None:
        _refuse_placement(w, seat, s, power)
    else:
        trades = tuple(a.trades)
        if trades != verdict:
            if not trades:
                raise IllegalActionError(
                    _trade_rule(verdict[0]),
                    f"placing on {a.spot} needs fish trades for {', '.join(verdict)} first; "
                    f"include them: Place({a.spot!r}, trades={verdict!r}) (BUILD-8)",
                )
            raise IllegalActionError(
                "BUILD-8",
                f"the trades made for a placement are its shortfall, {list(verdict) or 'none'}; got {list(trades)} "
                "(trade more with separate Trade actions)",
            )
        put_piece(w, seat, s, power, trades)


def _refuse_placement(w: Scratch, seat: int, s: int, power: bool) -> NoReturn:
    """Say why a placement the legal moves do not hold is refused: the spot is reserved (SOLO-6) or
    taken (TURN-1), the piece is not the seat's to place (TWO-1, TURN-3, TWO-2), or the requirements
    refuse it (`ragusa.rules.placement_rule.explain_refusal`)."""
    spot = BOARD.spot_ids[s]
    owner = w.houses[s]
    if owner == RESERVED:
        raise IllegalActionError("SOLO-6", f"{spot} is reserved for the Patrician")
    if owner != EMPTY:
        who = "a powerhouse" if owner == POWERHOUSE else f"seat {owner}'s house"
        raise IllegalActionError("TURN-1", f"{spot} is not free: {who} stands there")
    p = w.player_state(seat)
    if power:
        check_powerhouse(w, seat, s)
    elif p.houses_left < 1:
        rule = "TWO-1" if p.powerhouses_left else "TURN-3"
        raise IllegalActionError(rule, f"seat {seat} has no house left to place")
    _, needs = board_facts_of(w.source).needs(seat)
    why = explain_refusal(needs.counts, p.resources, p.commodities, s, power, w.options.strict, seat)
    raise IllegalActionError(why.rule, f"placing on {spot}: {why.message}")


@implements("R-14")
def _pass_turn(w: Scratch, seat: int) -> None:
    moves = legal_moves(w.source)
    if moves.houses or moves.power:  # the first placement listed, for the message
        example = moves.actions[0]
        assert isinstance(example, Place)
        raise IllegalActionError(
            "R-14", f"seat {seat} has a legal placement (e.g. {example.spot}); a turn may be passed only when none is"
        )
    w.passes += 1
    w.emit(Passed, seat, "turn: no legal placement")
    next_turn(w)


@implements("SOLO-4", "SOLO-5")
def _drive_bots(w: Scratch) -> None:
    """Solo: while a bot is the deciding seat, let it decide (`ragusa.rules.solo.bot_turns.TURNS`: a
    pure choice) and carry its choice out as the action it is, through the handlers of every seat's
    actions (`_HANDLERS`), or by the bots' own rule where they have one (an unchecked placement,
    SOLO-4; both Rector's cards, SOLO-5); `step` reports each decision with its explanation as a
    `BotDecision`.
    Returns when the human decides or the game is over, so a bot is never the deciding seat of a
    returned state."""
    while w.solo is not None and w.phase != PHASE_OVER and w.seat is not None and w.seat in w.solo.bot_seats:
        seat = w.seat
        turn = bot_turns.TURNS[w.phase]
        choice = turn.choose(w, seat)  # the bot reads the scratch copy (nothing is frozen)
        w.emit(_explained, turn, w, seat, choice)
        if turn.execute is None:  # carried out as the action it is, as any seat's
            action = turn.action(choice)
            _HANDLERS[w.phase, type(action)](w, seat, action)
        else:
            turn.execute(w, seat, choice)


def _explained(turn: bot_turns.BotTurn[Any], w: Scratch, seat: int, choice: object) -> BotDecision:
    """The `BotDecision` reporting a bot's choice: its decision and reason as text."""
    return BotDecision(seat, *turn.explain(w, seat, choice))


def start_play(w: Scratch) -> None:
    """Begin play on a set-up solo game (`ragusa.rules.game.new_solo_game`): the first turn, and
    the bots' decisions until the human's first."""
    begin_turn(w, w.start_seat)
    _drive_bots(w)


def _activate_hex(w: Scratch, seat: int, a: ActivateHex) -> None:
    """ACT-5: activate the hex `a` names next, if it is one of the new house's still to activate."""
    h = BOARD.hex_index.get(a.hex) if isinstance(a.hex, str) else None
    if h is None or h not in w.pending_hexes:
        left = [BOARD.hex_ids[x] for x in w.pending_hexes]
        raise IllegalActionError("ACT-5", f"{a.hex!r} is not a hex of the new house still to activate ({left})")
    activation.start_hex(w, h)
    run(w)


_Handler = Callable[[Scratch, int, Action], None]
A = TypeVar(
    "A", Place, ActivateHex, BuildWall, BuildTower, BuyShip, SellCommodity, KeepBonus, ChooseBonus, DrawBonus, Pass
)


def _on(kind: type[A], effect: Callable[[Scratch, int, A], None]) -> _Handler:
    """A handler for actions of `kind`: the dispatch table looks it up by the action's type, so
    the check below only narrows the type for the effect."""

    def handler(w: Scratch, seat: int, a: Action) -> None:
        assert isinstance(a, kind)
        effect(w, seat, a)

    return handler


def _then_continue(kind: type[A], effect: Callable[[Scratch, int, A], None]) -> _Handler:
    """Resolve a building decision, then finish that house's activation and run on."""

    def resolve(w: Scratch, seat: int, a: A) -> None:
        effect(w, seat, a)
        resume(w)

    return _on(kind, resolve)


def _buy(w: Scratch, seat: int, a: BuyShip) -> None:
    """MARKET-1: buy the ship in the slot `a` names."""
    if isinstance(a.slot, bool) or not isinstance(a.slot, int):
        raise IllegalActionError("MARKET-1", f"a market slot is a number, got {a.slot!r}")
    market.buy(w, seat, a.slot)


def _nothing(w: Scratch, seat: int, a: Pass) -> None:
    return None


def _window_pass(w: Scratch, seat: int, a: Pass) -> None:
    run(w)


@implements("RECTOR-1", "SOLO-8", "R-21")
def _draw(w: Scratch, seat: int, a: DrawBonus) -> None:
    if w.solo is not None and w.options.solo_harder and seat not in w.solo.bot_seats:
        rector.take_top(w, seat)  # SOLO-8: the human takes the top card, with no choice
        resume(w)
        return
    rector.draw(w, seat)


def _end_pass(w: Scratch, seat: int, a: Pass) -> None:
    w.end_seats = w.end_seats[1:]
    if w.end_seats:
        w.seat = w.end_seats[0]
    else:
        final_scoring(w)


def _choose_bonus(w: Scratch, seat: int, a: ChooseBonus) -> None:
    if setup.choose_bonus(w, seat, a.card):
        begin_turn(w, w.start_seat)


def _build_wall(w: Scratch, seat: int, a: BuildWall) -> None:
    mason.build_wall(w, seat, a.segment)


def _build_tower(w: Scratch, seat: int, a: BuildTower) -> None:
    architect.build_tower(w, seat, a.spot)


def _sell(w: Scratch, seat: int, a: SellCommodity) -> None:
    wharf.sell(w, seat, a.commodity)


def _keep(w: Scratch, seat: int, a: KeepBonus) -> None:
    rector.keep(w, seat, a.card)


#: the handler of each (phase, action type); a pair not listed is not a choice in that phase
_HANDLERS: Final[dict[tuple[Phase, type], _Handler]] = {
    (Phase.SETUP_BONUS, ChooseBonus): _on(ChooseBonus, _choose_bonus),
    (Phase.PLACE, Place): _on(Place, _place),
    (Phase.ORDER, ActivateHex): _on(ActivateHex, _activate_hex),
    (Phase.TRADE_WINDOW, Pass): _on(Pass, _window_pass),
    (Phase.MASON, BuildWall): _then_continue(BuildWall, _build_wall),
    (Phase.ARCHITECT, BuildTower): _then_continue(BuildTower, _build_tower),
    (Phase.MARKET, BuyShip): _then_continue(BuyShip, _buy),
    (Phase.MARKET, Pass): _then_continue(Pass, _nothing),
    (Phase.WHARF, SellCommodity): _then_continue(SellCommodity, _sell),
    (Phase.WHARF, Pass): _then_continue(Pass, _nothing),
    (Phase.RECTOR_DRAW, DrawBonus): _on(DrawBonus, _draw),
    (Phase.RECTOR_DRAW, Pass): _then_continue(Pass, _nothing),
    (Phase.RECTOR_KEEP, KeepBonus): _then_continue(KeepBonus, _keep),
    (Phase.END_TRADE, Pass): _on(Pass, _end_pass),
}


def _resolve(state: GameState, action: Action, events: list[Recorded] | None) -> GameState:
    """Resolve `action` in `state` (no action once the game is over, TURN-3), reporting to `events`."""
    phase = state.phase
    seat = state.seat
    if phase == PHASE_OVER or seat is None:
        raise IllegalActionError("TURN-3", "the game is over; no action is legal")
    check_form(action, phase.rule)
    kind = type(action)
    w = Scratch(state, events)
    if kind is Trade:
        assert isinstance(action, Trade)
        fish.trade(w, seat, action.resource if isinstance(action.resource, str) else repr(action.resource))
        return w.freeze()
    if kind is Pass and phase == PHASE_PLACE:
        _pass_turn(w, seat)
        _drive_bots(w)  # SOLO: the bots play until the human decides again
        return w.freeze()
    handler = _HANDLERS.get((phase, kind))
    if handler is None:
        raise IllegalActionError(phase.rule, f"seat {seat} must {phase.asks} now; {kind.__name__} is not a choice here")
    handler(w, seat, action)
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
    new, recorded = step_recorded(state, action)
    return new, made(recorded)


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
    None starts the setup of an empty table (`ragusa.rules.chance.empty_table`)."""
    return chance.resolve(state, action, events, rerun)


def rerun(start: GameState, action: Action | None, events: list[Recorded] | None) -> GameState:
    """Resolve `action` (None: the setup) on a state with explicit chance, with the outcomes fixed
    so far (a draw past them raises `ragusa.rules.randomness.NeedChance`)."""
    if action is not None:
        return _resolve(start, action, events)
    if start.solo is not None:
        w = deal_solo(0, start.edition, start.options, start.chance)
        w.ev = events
        start_play(w)
        return w.freeze()
    return setup.new_multiplayer_game(start.n_players, 0, start.edition, start.options, start.chance)
