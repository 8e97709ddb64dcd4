"""The decision machine: ``legal_actions``, ``apply``, ``step`` and the turn flow (TURN, END, R-14).

A state names one deciding seat and what it decides (:class:`~ragusa.state.Phase`).
:func:`apply` resolves the action on a scratch copy (:class:`~ragusa.work.Work`), then
runs every automatic step (activations, effects with no choice, the next turn) until
the next decision or the end, and freezes the result.
"""

from __future__ import annotations

from collections.abc import Callable

from . import activation, fish, scoring, setup
from .actions import (
    ACTION_TYPES,
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
from .board import BOARD, KIND_CITY, KIND_SEA, RES_INDEX
from .buildings import architect, market, mason, rector, wharf
from .clauses import implements
from .components import COMMODITIES, COMPONENTS
from .errors import IllegalActionError
from .events import Event, GameEnded, HousePlaced, Passed, VPScored
from .requirements import Refusal, evaluate, own_house_counts
from .state import (
    EMPTY,
    POWERHOUSE,
    RESERVED,
    VP_BONUS,
    VP_CATHEDRAL,
    VP_SOURCES,
    VP_WALLS,
    GameState,
    Phase,
)
from .two_player import check_powerhouse, convert_stranded_powerhouses, powerhouse_spots
from .work import Work

FISH = RES_INDEX["fish"]

#: the clause that governs each decision (named when an action does not fit it)
PHASE_RULE: dict[str, str] = {
    Phase.SETUP_BONUS: "SETUP-6",
    Phase.PLACE: "TURN-1",
    Phase.ORDER: "ACT-5",
    Phase.TRADE_WINDOW: "FISH-2",
    Phase.MASON: "MASON-1",
    Phase.ARCHITECT: "ARCHITECT-1",
    Phase.MARKET: "MARKET-1",
    Phase.WHARF: "WHARF-1",
    Phase.RECTOR_DRAW: "RECTOR-1",
    Phase.RECTOR_KEEP: "RECTOR-1",
    Phase.END_TRADE: "END-2",
    Phase.OVER: "TURN-3",
}
PHASE_DOES: dict[str, str] = {
    Phase.SETUP_BONUS: "keep one of its three dealt bonus cards (ChooseBonus)",
    Phase.PLACE: "place a house (Place) or trade fish",
    Phase.ORDER: "choose which hex of the new house activates next (ActivateHex)",
    Phase.TRADE_WINDOW: "trade fish before its house activates, or Pass",
    Phase.MASON: "choose a free wall segment (BuildWall)",
    Phase.ARCHITECT: "choose a free tower spot (BuildTower)",
    Phase.MARKET: "buy a ship (BuyShip) or Pass",
    Phase.WHARF: "sell a commodity (SellCommodity) or Pass",
    Phase.RECTOR_DRAW: "draw two bonus cards (DrawBonus) or Pass",
    Phase.RECTOR_KEEP: "keep one drawn bonus card (KeepBonus)",
    Phase.END_TRADE: "trade fish before the bonus cards score, or Pass",
}

_PLACE_HOUSE: tuple[Place, ...] = tuple(Place(s) for s in BOARD.spot_ids)
_PLACE_POWER: tuple[Place, ...] = tuple(Place(s, True) for s in BOARD.spot_ids)
_PASS = Pass()
_DRAW = DrawBonus()
_ACTIVATE: tuple[ActivateHex, ...] = tuple(ActivateHex(h) for h in BOARD.hex_ids)


# --------------------------------------------------------------------------- legal actions


def _placements(state: GameState, seat: int) -> list[Action]:
    """Every legal placement of ``seat``, each with its minimal fish trades (BUILD-8)."""
    p = state.players[seat]
    houses = state.houses
    res, com = p.resources, p.commodities
    strict = state.options.strict
    counts = own_house_counts(houses, seat)
    out: list[Action] = []
    if p.houses_left:
        for s, owner in enumerate(houses):
            if owner == EMPTY:
                t = evaluate(res, com, counts, s, False, strict)
                if t is not None:
                    out.append(Place(BOARD.spot_ids[s], False, t) if t else _PLACE_HOUSE[s])  # type: ignore[arg-type]
    if p.powerhouses_left:
        for s in powerhouse_spots(houses):
            t = evaluate(res, com, counts, s, True, strict)
            if t is not None:
                out.append(Place(BOARD.spot_ids[s], True, t) if t else _PLACE_POWER[s])  # type: ignore[arg-type]
    return out


def legal_actions(state: GameState) -> tuple[Action, ...]:
    """Every distinct legal action of the deciding seat (empty when the game is over)."""
    phase = state.phase
    seat = state.seat
    if seat is None or phase == Phase.OVER:
        return ()
    p = state.players[seat]
    acts: list[Action]
    if phase == Phase.PLACE:
        acts = _placements(state, seat)
        if not acts:
            acts = [_PASS]
    elif phase == Phase.ORDER:
        acts = [_ACTIVATE[h] for h in state.pending_hexes]
    elif phase == Phase.MASON:
        acts = [mason.WALL_ACTIONS[i] for i in mason.free_segments(state.walls)]
    elif phase == Phase.ARCHITECT:
        acts = [architect.TOWER_ACTIONS[s] for s in architect.free_tower_spots(state.towers)]
    elif phase == Phase.MARKET:
        acts = [market.BUY_ACTIONS[i] for i in market.affordable_slots(state.slots, p.commodities)]
        acts.append(_PASS)
    elif phase == Phase.WHARF:
        acts = [wharf.SELL_ACTIONS[c] for c in range(len(COMMODITIES)) if p.commodities[c]]
        acts.append(_PASS)
    elif phase == Phase.RECTOR_DRAW:
        acts = [_DRAW, _PASS]
    elif phase == Phase.RECTOR_KEEP:
        acts = [KeepBonus(c) for c in dict.fromkeys(state.rector_hand)]
    elif phase == Phase.SETUP_BONUS:
        acts = [ChooseBonus(c) for c in dict.fromkeys(state.dealt[seat])]
    else:  # TRADE_WINDOW, END_TRADE
        acts = [_PASS]
    acts.extend(fish.trade_actions(p.resources[FISH]))
    return tuple(acts)


# --------------------------------------------------------------------------- the turn flow


def _pieces_left(w: Work, seat: int) -> int:
    p = w.p(seat)
    return p.houses_left + p.powerhouses_left


@implements("TURN-1", "TWO-8")
def _begin_turn(w: Work, seat: int) -> None:
    w.turn_seat = w.seat = seat
    w.phase = Phase.PLACE
    if w.n == 2:
        convert_stranded_powerhouses(w, seat)


@implements("TURN-3", "R-14")
def _next_turn(w: Work) -> None:
    """Turns go round in seat order, skipping seats with nothing left to place. The game ends when
    nobody has a piece left (TURN-3) or every seat with pieces has passed in a row (R-14)."""
    able = [s for s in range(w.n) if _pieces_left(w, s)]
    if not able or w.passes >= len(able):
        _begin_end(w)
        return
    for k in range(1, w.n + 1):
        cand = (w.turn_seat + k) % w.n
        if cand in able:
            _begin_turn(w, cand)
            return


@implements("END-1", "END-2")
def _begin_end(w: Work) -> None:
    """Offer each seat in turn, from the start seat, a last fish trade (END-2), then score (END-1)."""
    order = [(w.start_seat + k) % w.n for k in range(w.n)]
    w.end_seats = tuple(s for s in order if w.p(s).res[FISH] >= fish.MIN_TRADE)
    w.current_hex = -1
    if w.end_seats:
        w.phase = Phase.END_TRADE
        w.seat = w.end_seats[0]
    else:
        _final_scoring(w)


@implements("END-1", "END-WALL-2", "END-CATH-1", "END-BONUS-1", "WIN-1")
def _final_scoring(w: Work) -> None:
    """Score walls, then the Cathedral, then each bonus card; the game is over."""
    w.phase = Phase.OVER
    w.seat = None
    w.end_seats = ()
    snapshot = w.freeze()
    for seat in range(w.n):
        p = w.p(seat)
        walls = scoring.wall_score(snapshot, seat)
        cath = scoring.cathedral_score(snapshot, seat)
        cards = tuple(scoring.bonus_card_score(snapshot, seat, c) for c in p.bonus_cards)
        p.vp[VP_WALLS] += walls
        p.vp[VP_CATHEDRAL] += cath
        p.vp[VP_BONUS] += sum(cards)
        p.bonus_vp = cards
        w.emit(VPScored(seat, "walls", walls, "longest wall stretch"))
        w.emit(VPScored(seat, "cathedral", cath, "Cathedral sets"))
        for card, vp in zip(p.bonus_cards, cards):
            w.emit(VPScored(seat, "bonus", vp, f"bonus card {card}"))
    if w.ev is not None:
        final = w.freeze()
        w.emit(GameEnded(scores(final), scoring.winners(final)))


def _run(w: Work) -> None:
    """Run automatic steps until a seat must decide or the game ends."""
    while True:
        if w.queue:
            if activation.activate_head(w):
                return
            continue
        if w.pending_hexes:
            if len(w.pending_hexes) > 1 and activation.order_matters(w.pending_hexes):
                w.phase = Phase.ORDER
                w.seat = w.turn_seat
                return
            activation.start_hex(w, w.pending_hexes[0])
            continue
        w.current_hex = -1
        w.placed = -1
        w.placed_power = False
        w.placements += 1
        _next_turn(w)
        return


# --------------------------------------------------------------------------- action handlers


def _spot(spot_id: object, rule: str) -> int:
    s = BOARD.spot_index.get(spot_id) if isinstance(spot_id, str) else None
    if s is None:
        raise IllegalActionError(rule, f"there is no spot {spot_id!r}")
    return s


def _trade_rule(resource: str) -> str:
    return {"wood": "BUILD-2", "stone": "BUILD-3"}.get(resource, "BUILD-7")


@implements("TURN-1", "TURN-2", "BUILD-8", "SOLO-6")
def _place(w: Work, seat: int, a: Place) -> None:
    s = _spot(a.spot, "TURN-1")
    owner = w.houses[s]
    if owner == RESERVED:
        raise IllegalActionError("SOLO-6", f"{a.spot} is reserved for the Patrician")
    if owner != EMPTY:
        who = "a powerhouse" if owner == POWERHOUSE else f"seat {owner}'s house"
        raise IllegalActionError("TURN-1", f"{a.spot} is not free: {who} stands there")
    p = w.p(seat)
    power = bool(a.powerhouse)
    if power:
        check_powerhouse(w, seat, s)
    elif p.houses_left < 1:
        rule = "TWO-1" if p.powerhouses_left else "TURN-3"
        raise IllegalActionError(rule, f"seat {seat} has no house left to place")
    counts = own_house_counts(w.houses, seat)
    verdict = evaluate(p.res, p.com, counts, s, power, w.options.strict, seat, explain=True)
    if isinstance(verdict, Refusal):
        raise IllegalActionError(verdict.rule, f"placing on {a.spot}: {verdict.message}")
    assert verdict is not None
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
    w.houses[s] = POWERHOUSE if power else seat
    if power:
        p.powerhouses_left -= 1
    else:
        p.houses_left -= 1
    w.passes = 0
    w.emit(HousePlaced(seat, a.spot, power))
    w.placed = s
    w.placed_power = power
    hexes = BOARD.spot_hexes[s]
    w.pending_hexes = tuple(h for h in hexes if BOARD.hex_kind[h] == KIND_CITY) if power else hexes
    cost = sum(fish.TRADE_COST[r] for r in trades)
    if cost > p.res[FISH]:
        # BUILD-8: the trades spend fish this very house gains, so its sea hexes activate first.
        for h in hexes:
            if BOARD.hex_kind[h] == KIND_SEA:
                activation.start_hex(w, h)
    for r in trades:
        fish.trade(w, seat, r)
    _run(w)


@implements("R-14")
def _pass_turn(w: Work, state: GameState, seat: int) -> None:
    options = _placements(state, seat)
    if options:
        example = options[0]
        assert isinstance(example, Place)
        raise IllegalActionError(
            "R-14", f"seat {seat} has a legal placement (e.g. {example.spot}); a turn may be passed only when none is"
        )
    w.passes += 1
    w.emit(Passed(seat, "turn: no legal placement"))
    _next_turn(w)


def _activate_hex(w: Work, seat: int, a: ActivateHex) -> None:
    h = BOARD.hex_index.get(a.hex) if isinstance(a.hex, str) else None
    if h is None or h not in w.pending_hexes:
        left = [BOARD.hex_ids[x] for x in w.pending_hexes]
        raise IllegalActionError("ACT-5", f"{a.hex!r} is not a hex of the new house still to activate ({left})")
    activation.start_hex(w, h)
    _run(w)


def _then_continue(effect: Callable[[Work, int, Action], None]) -> Callable[[Work, int, Action], None]:
    """Resolve a building decision, then finish that house's activation and run on."""

    def handler(w: Work, seat: int, a: Action) -> None:
        effect(w, seat, a)
        activation.finish_head(w)
        _run(w)

    return handler


def _buy(w: Work, seat: int, a: Action) -> None:
    assert isinstance(a, BuyShip)
    if isinstance(a.slot, bool) or not isinstance(a.slot, int):
        raise IllegalActionError("MARKET-1", f"a market slot is a number, got {a.slot!r}")
    market.buy(w, seat, a.slot)


def _nothing(w: Work, seat: int, a: Action) -> None:
    return None


def _window_pass(w: Work, seat: int, a: Action) -> None:
    _run(w)


def _draw(w: Work, seat: int, a: Action) -> None:
    rector.draw(w, seat)


def _end_pass(w: Work, seat: int, a: Action) -> None:
    w.end_seats = w.end_seats[1:]
    if w.end_seats:
        w.seat = w.end_seats[0]
    else:
        _final_scoring(w)


def _choose_bonus(w: Work, seat: int, a: Action) -> None:
    assert isinstance(a, ChooseBonus)
    if setup.choose_bonus(w, seat, a.card):
        _begin_turn(w, w.start_seat)


_Handler = Callable[[Work, int, Action], None]
_HANDLERS: dict[tuple[str, type], _Handler] = {
    (Phase.SETUP_BONUS, ChooseBonus): _choose_bonus,
    (Phase.PLACE, Place): lambda w, seat, a: _place(w, seat, a),  # type: ignore[arg-type]
    (Phase.ORDER, ActivateHex): lambda w, seat, a: _activate_hex(w, seat, a),  # type: ignore[arg-type]
    (Phase.TRADE_WINDOW, Pass): _window_pass,
    (Phase.MASON, BuildWall): _then_continue(lambda w, seat, a: mason.build_wall(w, seat, a.segment)),  # type: ignore[union-attr]
    (Phase.ARCHITECT, BuildTower): _then_continue(lambda w, seat, a: architect.build_tower(w, seat, a.spot)),  # type: ignore[union-attr]
    (Phase.MARKET, BuyShip): _then_continue(_buy),
    (Phase.MARKET, Pass): _then_continue(_nothing),
    (Phase.WHARF, SellCommodity): _then_continue(lambda w, seat, a: wharf.sell(w, seat, a.commodity)),  # type: ignore[union-attr]
    (Phase.WHARF, Pass): _then_continue(_nothing),
    (Phase.RECTOR_DRAW, DrawBonus): _draw,
    (Phase.RECTOR_DRAW, Pass): _then_continue(_nothing),
    (Phase.RECTOR_KEEP, KeepBonus): _then_continue(lambda w, seat, a: rector.keep(w, seat, a.card)),  # type: ignore[union-attr]
    (Phase.END_TRADE, Pass): _end_pass,
}


def _resolve(state: GameState, action: Action, events: list[Event] | None) -> GameState:
    phase = state.phase
    seat = state.seat
    if phase == Phase.OVER or seat is None:
        raise IllegalActionError("TURN-3", "the game is over; no action is legal")
    kind = type(action)
    if kind not in ACTION_TYPES:
        raise IllegalActionError(PHASE_RULE[phase], f"{action!r} is not a ragusa action")
    w = Work(state, events)
    if kind is Trade:
        assert isinstance(action, Trade)
        fish.trade(w, seat, action.resource if isinstance(action.resource, str) else repr(action.resource))
        return w.freeze()
    if kind is Pass and phase == Phase.PLACE:
        _pass_turn(w, state, seat)
        return w.freeze()
    handler = _HANDLERS.get((phase, kind))
    if handler is None:
        raise IllegalActionError(
            PHASE_RULE[phase], f"seat {seat} must {PHASE_DOES[phase]} now; {kind.__name__} is not a choice here"
        )
    handler(w, seat, action)
    return w.freeze()


def apply(state: GameState, action: Action) -> GameState:
    """The state after the deciding seat takes ``action``. Pure: ``state`` is not changed.

    Raises :class:`~ragusa.errors.IllegalActionError` (a ``ValueError``) naming the clause that
    forbids the action and the numbers involved.
    """
    return _resolve(state, action, None)


def step(state: GameState, action: Action) -> tuple[GameState, tuple[Event, ...]]:
    """Like :func:`apply`, plus the events saying what happened."""
    events: list[Event] = []
    new = _resolve(state, action, events)
    return new, tuple(events)


# --------------------------------------------------------------------------- queries


def current_player(state: GameState) -> int | None:
    """The deciding seat, or None when the game is over."""
    return None if state.phase == Phase.OVER else state.seat


def is_terminal(state: GameState) -> bool:
    return state.phase == Phase.OVER


def scores(state: GameState) -> tuple[int, ...]:
    """VP per seat so far (final once the game is over)."""
    return tuple(p.total_vp for p in state.players)


def score_breakdown(state: GameState) -> tuple[dict[str, int], ...]:
    """Per seat: VP per source (mason, fishmonger, wharf, ships, walls, cathedral) and per bonus
    card (``"bonus:<card id>"``, scored at the end), plus ``"total"``."""
    out = []
    for p in state.players:
        d = {name: p.vp[i] for i, name in enumerate(VP_SOURCES) if name != "bonus"}
        for card, vp in zip(p.bonus_cards, p.bonus_vp):
            d[f"bonus:{card}"] = vp
        d["total"] = p.total_vp
        out.append(d)
    return tuple(out)


def winners(state: GameState) -> tuple[int, ...]:
    """The winning seats (WIN-1, R-7): final once the game is over, the current leaders before."""
    return scoring.winners(state)


__all__ = [
    "apply",
    "step",
    "legal_actions",
    "current_player",
    "is_terminal",
    "scores",
    "score_breakdown",
    "winners",
    "COMPONENTS",
]
