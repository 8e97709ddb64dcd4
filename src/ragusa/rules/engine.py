"""The decision machine: ``legal_actions``, ``apply``, ``step`` and the turn flow (TURN, END, R-14).

A state names one deciding seat and what it decides (:class:`~ragusa.core.state.Phase`).
:func:`apply` resolves the action on a scratch copy (:class:`~ragusa.core.work.Work`), then
runs every automatic step (activations, effects with no choice, the next turn) until
the next decision or the end, and freezes the result.
"""

from __future__ import annotations

from collections.abc import Callable

import attrs

from ragusa.rules import activation, fish, scoring, setup
from ragusa.rules.solo import policy as solo_policy
from ragusa.rules.solo import scoring as solo_scoring
from ragusa.core.actions import (
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
from ragusa.core.board import BOARD, KIND_CITY, KIND_SEA, RES_INDEX
from ragusa.rules.buildings import architect, market, mason, rector, wharf
from ragusa.core.clauses import implements
from ragusa.core.components import COMMODITIES, COMPONENTS
from ragusa.core.errors import IllegalActionError
from ragusa.core.events import BotDecision, Event, GameEnded, HousePlaced, Passed, VPScored
from ragusa.rules.requirements import explain_refusal, minimal_trades, own_house_counts, placements
from ragusa.core.state import (
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
from ragusa.rules.two_player import check_powerhouse, convert_stranded_powerhouses, powerhouse_spots
from ragusa.core.work import Work

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
        free = [s for s, owner in enumerate(houses) if owner == EMPTY]
        for s, t in placements(res, com, counts, free, False, strict):
            out.append(Place(BOARD.spot_ids[s], False, t) if t else _PLACE_HOUSE[s])
    if p.powerhouses_left:
        for s, t in placements(res, com, counts, powerhouse_spots(houses), True, strict):
            out.append(Place(BOARD.spot_ids[s], True, t) if t else _PLACE_POWER[s])
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


@implements("TURN-1", "TWO-8", "SOLO-3")
def _begin_turn(w: Work, seat: int) -> None:
    w.turn_seat = w.seat = seat
    w.phase = Phase.PLACE
    if w.n == 2:
        convert_stranded_powerhouses(w, seat)
    if w.solo is not None and seat == w.start_seat:
        w.solo = attrs.evolve(w.solo, round=w.solo.round + 1)  # SOLO-3: the next round begins


@implements("TURN-3", "R-14")
def _next_turn(w: Work) -> None:
    """Turns go round in seat order, skipping seats with nothing left to place. The game ends when
    nobody has a piece left (TURN-3) or every seat with pieces has passed in a row (R-14)."""
    able = [s for s in range(w.n) if w.pieces_left(s)]
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
    if w.solo is not None:  # SOLO-7, R-16: the bots trade by their own rule in _final_scoring
        order = [s for s in order if s not in w.solo.bot_seats]
    w.end_seats = tuple(s for s in order if w.resource(s, FISH) >= fish.MIN_TRADE)
    w.current_hex = -1
    if w.end_seats:
        w.phase = Phase.END_TRADE
        w.seat = w.end_seats[0]
    else:
        _final_scoring(w)


@implements("SOLO-7", "R-16")
def _bot_end_trades(w: Work) -> None:
    """SOLO-7: just before the scoring, each bot trades its fish the way that scores most for its
    resource bonus cards (decided by :func:`ragusa.rules.solo.choose_end_trades`)."""
    assert w.solo is not None
    for seat in w.solo.bot_seats:
        move = solo_scoring.choose_end_trades(w.freeze(), seat)
        w.emit(BotDecision(seat, move.decision, move.reason))
        for r in move.trades:
            fish.trade(w, seat, r)


@implements("END-1", "END-WALL-2", "END-CATH-1", "END-BONUS-1", "WIN-1", "SOLO-7")
def _final_scoring(w: Work) -> None:
    """Score walls, then the Cathedral, then each bonus card; the game is over.

    Solo (SOLO-7): the bots first make their end trades; every bonus card scores (the easier
    variant scores only the better card of each bot's Rector pair, SOLO-5)."""
    w.phase = Phase.OVER
    w.seat = None
    w.end_seats = ()
    if w.solo is not None:
        _bot_end_trades(w)
    snapshot = w.freeze()
    for seat in range(w.n):
        p = w.p(seat)
        walls = scoring.wall_score(snapshot, seat)
        cath = scoring.cathedral_score(snapshot, seat)
        if w.solo is not None:
            scored = solo_scoring.bonus_scores(snapshot, seat)
        else:
            scored = tuple((scoring.bonus_card_score(snapshot, seat, c), f"bonus card {c}") for c in p.bonus_cards)
        cards = tuple(vp for vp, _ in scored)
        p.vp[VP_WALLS] += walls
        p.vp[VP_CATHEDRAL] += cath
        p.vp[VP_BONUS] += sum(cards)
        p.bonus_vp = cards
        w.emit(VPScored(seat, "walls", walls, "longest wall stretch"))
        w.emit(VPScored(seat, "cathedral", cath, "Cathedral sets"))
        for vp, why in scored:
            w.emit(VPScored(seat, "bonus", vp, why))
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
            if len(w.pending_hexes) > 1 and activation.order_matters(w.pending_hexes, w.resource(w.turn_seat, FISH)):
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
    verdict = minimal_trades(p.res, p.com, counts, s, power, w.options.strict)
    if verdict is None:
        why = explain_refusal(p.res, p.com, counts, s, power, w.options.strict, seat)
        raise IllegalActionError(why.rule, f"placing on {a.spot}: {why.message}")
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
    _put_piece(w, seat, s, power, trades)


@implements("TURN-1", "TURN-2", "BUILD-8", "SOLO-4")
def _put_piece(w: Work, seat: int, s: int, power: bool, trades: tuple[str, ...]) -> None:
    """Put the piece on spot ``s`` and activate its hexes: the placement code shared by checked
    placements (:func:`_place`) and the solo bots' unchecked ones (:func:`_bot_place`, SOLO-4)."""
    p = w.p(seat)
    w.houses[s] = POWERHOUSE if power else seat
    if power:
        p.powerhouses_left -= 1
    else:
        p.houses_left -= 1
    w.passes = 0
    w.emit(HousePlaced(seat, BOARD.spot_ids[s], power))
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


@implements("SOLO-4")
def _bot_place(w: Work, seat: int, a: Place) -> None:
    """SOLO-4: a bot places on its Patrician card's spot, replacing the black house there, with no
    requirement check; the hexes activate as usual (through the human's placement code)."""
    s = _spot(a.spot, "SOLO-4")
    if w.houses[s] not in (EMPTY, RESERVED) or w.p(seat).houses_left < 1:  # pragma: no cover - the solo policy guarantees it
        raise AssertionError(f"bot seat {seat} cannot place on {a.spot}")
    _put_piece(w, seat, s, False, ())


@implements("SOLO-4", "R-14")
def _bot_pass(w: Work, seat: int, a: Pass) -> None:
    """A bot with no Patrician card spot left passes its turn (R-14; never with the standard cards)."""
    w.passes += 1
    w.emit(Passed(seat, "turn: no Patrician card with a free spot"))
    _next_turn(w)


@implements("SOLO-5", "R-4")
def _bot_rector(w: Work, seat: int, a: DrawBonus) -> None:
    """SOLO-5: a bot draws the top 2 cards and keeps both (the easier variant also records them as a pair)."""
    rector.draw(w, seat)
    kept = rector.keep_all(w, seat)
    if w.solo is not None and w.options.solo_easier_rector and kept:
        k = w.solo.bot_seats.index(seat)
        pairs = tuple(ps + (kept,) if j == k else ps for j, ps in enumerate(w.solo.bot_pairs))
        w.solo = attrs.evolve(w.solo, bot_pairs=pairs)
    activation.finish_head(w)
    _run(w)


@implements("SOLO-4", "SOLO-5")
def _drive_bots(w: Work) -> None:
    """Solo: while a bot is the deciding seat, let it decide (:func:`ragusa.rules.solo.decide`, a pure
    choice with its reason) and execute the decision through the same rule code as the human's
    actions; each decision is reported as a :class:`~ragusa.core.events.BotDecision`. Returns when the
    human decides or the game is over, so a bot is never the deciding seat of a returned state."""
    while w.solo is not None and w.phase != Phase.OVER and w.seat is not None and w.seat in w.solo.bot_seats:
        seat = w.seat
        phase = w.phase
        move = solo_policy.decide(w.freeze())
        w.rng = move.rng
        w.solo = move.solo
        w.emit(BotDecision(seat, move.decision, move.reason))
        action = move.action
        if phase == Phase.PLACE:
            if isinstance(action, Place):
                _bot_place(w, seat, action)
            else:
                assert isinstance(action, Pass)
                _bot_pass(w, seat, action)
        elif phase == Phase.RECTOR_DRAW and isinstance(action, DrawBonus):
            _bot_rector(w, seat, action)
        else:
            _HANDLERS[(phase, type(action))](w, seat, action)


def start_play(w: Work) -> None:
    """Begin play on a set-up solo game (:func:`ragusa.rules.solo.new_solo_game`): the first turn, and
    the bots' decisions until the human's first."""
    _begin_turn(w, w.start_seat)
    _drive_bots(w)


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


@implements("RECTOR-1", "SOLO-8", "R-21")
def _draw(w: Work, seat: int, a: Action) -> None:
    if w.solo is not None and w.options.solo_harder and seat not in w.solo.bot_seats:
        rector.take_top(w, seat)  # SOLO-8: the human takes the top card, with no choice
        activation.finish_head(w)
        _run(w)
        return
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
        _drive_bots(w)  # SOLO: the bots play until the human decides again
        return w.freeze()
    handler = _HANDLERS.get((phase, kind))
    if handler is None:
        raise IllegalActionError(
            PHASE_RULE[phase], f"seat {seat} must {PHASE_DOES[phase]} now; {kind.__name__} is not a choice here"
        )
    handler(w, seat, action)
    _drive_bots(w)  # SOLO: the bots play until the human decides again
    return w.freeze()


def apply(state: GameState, action: Action) -> GameState:
    """The state after the deciding seat takes ``action``. Pure: ``state`` is not changed.

    Raises :class:`~ragusa.core.errors.IllegalActionError` (a ``ValueError``) naming the clause that
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
