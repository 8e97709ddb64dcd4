"""The solo bots' turns (SOLO-4, SOLO-5, R-15): per phase a bot decides in, one record
(`ragusa.rules.decision.BotTurn`, listed in `BOT_TURNS`): the bot's choice, its explanation, the
action the choice is, and, where the bots have a rule of their own, how it is carried out (the turn
flow every seat follows is `ragusa.rules.turn_flow`; a bot's trade window never opens, R-16).

`ragusa.rules.resolution` plays every bot decision from these records (`ragusa.rules.phases.TURNS`),
for `apply` and `step` alike: the choice (indices, no text) is carried out on the scratch copy as
the action it is, through the phase's `Decision.resolve` as any seat's, or by the bots' own rule
(`bot_place`, `bot_rector`); only `step`, which reports each decision as a `BotDecision`, has the
explanation worded. `decide` gives a bot's decision as an action with its text, without playing it."""

from __future__ import annotations

from typing import Any, Final

from ragusa.core.actions import Action, ActivateHex, DrawBonus, Pass, Place, SellCommodity
from ragusa.core.board import BOARD
from ragusa.core.clauses import implements
from ragusa.core.components import COMMODITIES
from ragusa.core.events import Passed
from ragusa.core.position import Position
from ragusa.core.scratch import Scratch
from ragusa.core.state import (
    PHASE_ARCHITECT,
    PHASE_MARKET,
    PHASE_MASON,
    PHASE_ORDER,
    PHASE_PLACE,
    PHASE_RECTOR_DRAW,
    PHASE_WHARF,
)
from ragusa.rules.buildings import architect, market, mason, rector
from ragusa.rules.decision import BotTurn
from ragusa.rules.solo import policy, walls
from ragusa.rules.solo.patrician import BotMove, is_bot, solo_of, solo_with
from ragusa.rules.turn_flow import next_turn, put_piece, resume


@implements("SOLO-4", "R-19", "R-14")
def bot_place(w: Scratch, seat: int, choice: policy.Placement) -> None:
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


@implements("SOLO-5", "R-4")
def bot_rector(w: Scratch, seat: int, choice: None) -> None:
    """SOLO-5: a bot takes the top 2 cards face down (the last one, if only one is left: R-4) and
    keeps both, to score both; the easier variant also records them as a pair, of which only the
    better card scores (`ragusa.rules.solo.scoring.bonus_scores`)."""
    rector.draw(w, seat)
    kept = rector.keep_all(w, seat)
    if w.solo is not None and w.options.solo_easier_rector and kept:
        k = w.solo.bot_seats.index(seat)
        pairs = tuple(ps + (kept,) if j == k else ps for j, ps in enumerate(w.solo.bot_pairs))
        w.solo = solo_with(w.solo, bot_pairs=pairs)
    resume(w)


_PLACE: Final = tuple(Place(x) for x in BOARD.spot_ids)
_ACTIVATE: Final = tuple(ActivateHex(x) for x in BOARD.hex_ids)
_SELL: Final = tuple(SellCommodity(c) for c in COMMODITIES)
_PASS: Final = Pass()
_DRAW: Final = DrawBonus()


def _place_action(choice: policy.Placement) -> Action:
    return _PASS if choice[0] < 0 else _PLACE[choice[0]]


def _draw_action(choice: None) -> Action:
    return _DRAW


def _buy_action(slot: int) -> Action:
    return _PASS if slot < 0 else market.BUY_ACTIONS[slot]


def _sell_action(c: int) -> Action:
    return _PASS if c < 0 else _SELL[c]


#: every phase a bot decides in: how it decides and how its decision is carried out
BOT_TURNS: Final[tuple[BotTurn[Any], ...]] = (
    BotTurn(PHASE_PLACE, policy.choose_placement, policy.explain_placement, bot_place, _place_action),
    BotTurn(PHASE_ORDER, policy.choose_hex, policy.explain_hex, None, _ACTIVATE.__getitem__),
    BotTurn(PHASE_MASON, walls.choose_wall, walls.explain_wall, None, mason.WALL_ACTIONS.__getitem__),
    BotTurn(PHASE_ARCHITECT, walls.choose_tower, walls.explain_tower, None, architect.TOWER_ACTIONS.__getitem__),
    BotTurn(PHASE_MARKET, policy.choose_ship, policy.explain_ship, None, _buy_action),
    BotTurn(PHASE_WHARF, policy.choose_sale, policy.explain_sale, None, _sell_action),
    BotTurn(PHASE_RECTOR_DRAW, policy.no_choice, policy.explain_rector, bot_rector, _draw_action),
)


def decide(state: Position) -> BotMove:
    """The decision of the bot that is the deciding seat of `state`, without playing it: the action
    it takes, the decision and reason `step` reports for it, and the generator and solo state after
    its draws (only a placement draws: its cards, SOLO-4)."""
    seat = state.seat
    if seat is None or not is_bot(state, seat):
        raise ValueError("the deciding seat is not a bot")
    turn = next((t for t in BOT_TURNS if t.phase == state.phase), None)
    if turn is None:
        raise ValueError(f"a bot has no decision in phase {state.phase!r}")
    choice = turn.choose(state, seat)
    decision, reason = turn.explain(state, seat, choice)
    rng, solo = (choice[2], choice[3]) if state.phase == PHASE_PLACE else (state.rng, solo_of(state))
    return BotMove(seat, turn.action(choice), decision, reason, rng, solo)
