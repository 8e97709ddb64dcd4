"""The turn flow (TURN, R-14), every seat's: whose turn it is, placing the piece, and the automatic
steps between decisions.

`begin_turn` and `next_turn` go round the seats and see when the game ends; `put_piece` puts a
placed piece on the board and starts its activations (TURN-2); `run` runs every automatic step
(activations, effects with no choice, the next turn) until a seat must decide or the game ends
(`ragusa.rules.end_of_game`). The turn's decision, place a piece or pass (`PLACE_DECISION`, with a solo
bot's unchecked placement from its cards, `bot_place`, SOLO-4), and the setup's bonus choice before
the first turn (`SETUP_DECISION`) are declared here (`ragusa.rules.decision.Decision`).
"""

from __future__ import annotations

from typing import Final, NoReturn

from ragusa.core.actions import Action, ChooseBonus, Pass, Place
from ragusa.core.board import BOARD, KIND_CITY, KIND_SEA, RES_INDEX
from ragusa.core.clauses import implements
from ragusa.core.errors import IllegalActionError
from ragusa.core.events import Passed
from ragusa.core.scratch import Scratch
from ragusa.core.state import (
    EMPTY,
    PHASE_ORDER,
    PHASE_PLACE,
    PHASE_SETUP_BONUS,
    POWERHOUSE,
    RESERVED,
    GameState,
)
from ragusa.rules import fish, setup
from ragusa.rules.activation import activate_head, finish_head, order_matters, start_hex
from ragusa.rules.decision import BotTurn, Decision, Resolve
from ragusa.rules.end_of_game import begin_end
from ragusa.rules.moves import PASS, Moves, board_facts_of, offer, placement_moves, placements_of
from ragusa.rules.placement_rule import explain_refusal
from ragusa.rules.requirements import facts_after_placing
from ragusa.rules.solo import patrician
from ragusa.rules.solo.policy import Placement, choose_placement, explain_placement
from ragusa.rules.two_player import (
    check_powerhouse,
    convert_stranded_powerhouses,
)

FISH: Final = RES_INDEX["fish"]
_SPOT_HEXES: Final = BOARD.spot_hexes
_SPOT_INDEX: Final = BOARD.spot_index
_HEX_KIND: Final = BOARD.hex_kind


@implements("TURN-1", "TWO-8", "SOLO-3")
def begin_turn(w: Scratch, seat: int) -> None:
    w.turn_seat = w.seat = seat
    w.phase = PHASE_PLACE
    if w.n == 2:
        convert_stranded_powerhouses(w, seat)
    if w.solo is not None and seat == w.start_seat:
        w.solo = patrician.solo_with(w.solo, round=w.solo.round + 1)  # SOLO-3: the next round begins


@implements("TURN-3", "R-14", "SOLO-7", "R-22")
def next_turn(w: Scratch) -> None:
    """Turns go round in seat order, skipping seats with nothing left to place. The game ends when
    nobody has a piece left (TURN-3), every seat with pieces has passed in a row (R-14), or, solo,
    right after the human's last house (SOLO-7: when the human plays first, the bots keep their
    9th house, R-22)."""
    if w.solo is not None and not w.pieces_left(patrician.HUMAN):
        begin_end(w)  # SOLO-7: the human's last house ends the game
        return
    if not w.passes:  # the common case, decided without listing every seat
        for k in range(1, w.n + 1):
            cand = (w.turn_seat + k) % w.n
            if w.pieces_left(cand):
                begin_turn(w, cand)
                return
        begin_end(w)
        return
    able = 0  # the seats with a piece left
    for s in range(w.n):
        if w.pieces_left(s):
            able += 1
    if not able or w.passes >= able:
        begin_end(w)
        return
    for k in range(1, w.n + 1):
        cand = (w.turn_seat + k) % w.n
        if w.pieces_left(cand):
            begin_turn(w, cand)
            return


def run(w: Scratch) -> None:
    """Run automatic steps until a seat must decide or the game ends."""
    while True:
        if w.queue:
            if activate_head(w):
                return
            continue
        pending = w.pending_hexes
        if pending:
            if len(pending) > 1 and order_matters(pending, w.resource(w.turn_seat, FISH), len(w.bonus_deck)):
                w.phase = PHASE_ORDER
                w.seat = w.turn_seat
                return
            start_hex(w, pending[0])
            continue
        w.current_hex = -1
        w.placed = -1
        w.placed_power = False
        w.placements += 1
        next_turn(w)
        return


def resume(w: Scratch) -> None:
    """A building's decision is carried out: the activation of its house is complete, and the
    automatic steps go on (`run`). Every seat's decisions end so, the solo bots' included."""
    finish_head(w)
    run(w)


@implements("TURN-1", "TURN-2", "BUILD-8", "SOLO-4")
def put_piece(w: Scratch, seat: int, s: int, power: bool, trades: tuple[str, ...]) -> None:
    """Put the piece on spot `s` and activate its hexes: the placement code shared by checked
    placements (`_place`) and the solo bots' unchecked ones (`bot_place`, SOLO-4)."""
    p = w.p(seat)
    before = w.houses
    w.set_house(s, POWERHOUSE if power else seat)
    w.facts = facts_after_placing(w.facts, before, w.houses, s, w.n)  # the board facts kept with the board
    if power:
        p.powerhouses_left -= 1
    else:
        p.houses_left -= 1
    w.passes = 0
    w.house_placed(seat, s, power)
    w.placed = s
    w.placed_power = power
    hexes = _SPOT_HEXES[s]
    w.pending_hexes = tuple(h for h in hexes if _HEX_KIND[h] == KIND_CITY) if power else hexes
    if trades and sum(fish.TRADE_COST[r] for r in trades) > p.res[FISH]:
        # BUILD-8: the trades spend fish this very house gains, so its sea hexes activate first.
        for h in hexes:
            if _HEX_KIND[h] == KIND_SEA:
                start_hex(w, h)
    for r in trades:
        fish.trade(w, seat, r)
    run(w)


def _trade_rule(resource: str) -> str:
    return {"wood": "BUILD-2", "stone": "BUILD-3"}.get(resource, "BUILD-7")


@implements("TURN-1", "TURN-2", "BUILD-8")
def _place(w: Scratch, seat: int, a: Place) -> None:
    s = _SPOT_INDEX.get(a.spot)  # the action's form is checked: its spot is a str
    if s is None:
        raise IllegalActionError("TURN-1", f"there is no spot {a.spot!r}")
    power = bool(a.powerhouse)
    verdict = placement_moves(w.source).trades_for(s, power)
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
def _pass_turn(w: Scratch, seat: int, a: Pass) -> None:
    moves = placement_moves(w.source)
    if moves.houses or moves.power:  # the first placement listed, for the message
        example = moves.actions[0]
        assert isinstance(example, Place)
        raise IllegalActionError(
            "R-14", f"seat {seat} has a legal placement (e.g. {example.spot}); a turn may be passed only when none is"
        )
    w.passes += 1
    w.emit(Passed, seat, "turn: no legal placement")
    next_turn(w)


@implements("SOLO-4", "R-19", "R-14")
def bot_place(w: Scratch, seat: int, choice: Placement) -> None:
    """SOLO-4: a bot places on the spot its card gave, replacing the black house there, with no
    requirement check; the hexes activate as usual (through the human's placement code). With no
    card left it passes its turn (R-19, R-14; never with the standard cards)."""
    s, _, w.rng, w.solo = choice
    if s >= 0:
        put_piece(w, seat, s, False, ())
        return
    w.passes += 1
    w.emit(Passed, seat, "turn: no Patrician card with a free spot")
    next_turn(w)


_PLACE: Final = tuple(Place(x) for x in BOARD.spot_ids)


def _placement_action(choice: Placement) -> Action:
    return PASS if choice[0] < 0 else _PLACE[choice[0]]


#: a turn's decision: place a piece with its fish trades, or pass with no legal placement (TURN-1,
#: R-14); a solo bot places from its Patrician cards, by its own rule (SOLO-4)
PLACE_DECISION: Final[Decision] = Decision(
    PHASE_PLACE,
    ("TURN-1", "TURN-2", "BUILD-8", "TWO-1", "R-14", "SOLO-4", "R-19"),
    placements_of,
    (Resolve(Place, _place), Resolve(Pass, _pass_turn)),
    bot=BotTurn(choose_placement, explain_placement, _placement_action, bot_place),
)


def _bonus_offers(state: GameState, seat: int) -> Moves:
    """One of the seat's three dealt bonus cards."""
    return offer(state, seat, [ChooseBonus(c) for c in dict.fromkeys(state.dealt[seat])])


def _bonus_chosen(w: Scratch, seat: int, a: ChooseBonus) -> None:
    """The seat keeps its card; when the last seat has kept one, the first turn begins (TURN-1)."""
    if setup.choose_bonus(w, seat, a.card):
        begin_turn(w, w.start_seat)


#: the setup's decision: each seat keeps one of its three dealt bonus cards (SETUP-6)
SETUP_DECISION: Final[Decision] = Decision(
    PHASE_SETUP_BONUS, ("SETUP-6",), _bonus_offers, (Resolve(ChooseBonus, _bonus_chosen),)
)
