"""Every random event of the rules, in one place: shuffle a deck, draw its top card, draw the
start seat, deal the solo Patrician cards, a solo bot's random pick of its cards; and explicit
chance (R-23), where each of those events is a chance node whose outcome the caller chooses.

In a seeded game (`GameState.chance` is None) the draws read the pre-shuffled decks and the state's
generator (`ragusa.core.rng`) exactly as the rules always have. In a game with explicit chance
(`new_game(..., chance=True)`) the decks hold their cards not drawn yet as a sorted multiset at the
top (`ChanceState.ship_hidden`, `ChanceState.bonus_hidden`), the generator field counts the outcomes
used while an action is resolved, and a draw takes the next outcome fixed for that action
(`ChanceState.fixed`) or, when there is none left, raises `NeedChance` naming the event; `resolve`
turns that into a chance node.

At a chance node `is_chance(state)` is true, `current_player(state)` is `CHANCE` (-1, as in
OpenSpiel), `legal_actions(state)` lists one `ChanceOutcome` per possible outcome and
`chance_outcomes(state)` pairs each with its probability, a `Fraction`: the copies of that card
left over the cards left (a seat or a bot's card: one over their number). The state at a chance
node is the position before the action that draws (or the empty table, during the setup) with
that action and the outcomes it has drawn so far; `apply(state, ChanceOutcome(x))` fixes the
next outcome and resolves the action again from its start, until it needs no outcome it does
not have. So the rule code runs unchanged, `apply` stays pure, and the events of an action are
reported by the `step` that fixes its last outcome.

This module sits at the bottom of the rules: it imports no other rules module (the action resolver
is passed to `resolve` and `next_node`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Final

import attrs

from ragusa.core import rng
from ragusa.core.actions import Action, ChanceOutcome
from ragusa.core.clauses import implements
from ragusa.core.errors import IllegalActionError
from ragusa.core.events import Recorded
from ragusa.core.position import Position
from ragusa.core.scratch import Scratch
from ragusa.core.state import ChanceNode, ChanceState, GameState

if TYPE_CHECKING:  # `fractions` (with `decimal`) is imported on first use: `import ragusa` stays light
    from fractions import Fraction

__all__ = [
    "KIND_RULE",
    "NeedChance",
    "Rerun",
    "bonus_deck_dealing",
    "bot_pick",
    "chance_outcomes",
    "deal_patrician",
    "deck_node",
    "draw_cards",
    "draw_seat",
    "draw_top",
    "is_chance",
    "new_deck",
    "next_node",
    "resolve",
    "with_chance",
]

#: the clause of each kind of random event
KIND_RULE: Final[dict[str, str]] = {
    "ship": "SETUP-5",
    "bonus": "SETUP-6",
    "patrician": "SOLO-2",
    "bot_card": "SOLO-4",
    "start_seat": "SETUP-7",
}


class NeedChance(Exception):
    """A draw whose outcome is not fixed yet (explicit chance); `node` names what is drawn."""

    def __init__(self, node: ChanceNode) -> None:
        super().__init__(node.kind)
        self.node = node


def deck_node(kind: str, cards: Sequence[str]) -> ChanceNode:
    """The chance node drawing one card of the multiset `cards` (each id once, sorted, with its copies)."""
    counted = sorted(Counter(cards).items())
    return ChanceNode(kind, tuple(c for c, _ in counted), tuple(n for _, n in counted))


def _fixed(chance: ChanceState, cursor: int, node: ChanceNode) -> str | int:
    """The outcome fixed at position `cursor` (it must be one of the node's), or `NeedChance`."""
    if cursor >= len(chance.fixed):
        raise NeedChance(node)
    out = chance.fixed[cursor]
    if out not in node.outcomes:
        raise IllegalActionError(KIND_RULE[node.kind], f"{out!r} cannot be drawn here (a {node.kind} draw)")
    return out


def _outcome(w: Scratch, node: ChanceNode) -> str | int:
    assert w.chance is not None
    out = _fixed(w.chance, w.rng, node)
    w.rng += 1
    return out


def _hidden(chance: ChanceState, deck: str, n: int) -> ChanceState:
    if deck == "ship":
        return attrs.evolve(chance, ship_hidden=n)
    return attrs.evolve(chance, bonus_hidden=n)


@implements("SETUP-5", "SETUP-6")
def new_deck(w: Scratch, deck: str, cards: Sequence[str]) -> None:
    """Shuffle `cards` into the ship deck (`deck` "ship") or the bonus deck ("bonus")."""
    if w.chance is None:
        out, w.rng = rng.shuffled(w.rng, cards)
    else:
        out = tuple(sorted(cards))
        w.chance = _hidden(w.chance, deck, len(out))
    if deck == "ship":
        w.ship_deck = out
    else:
        w.bonus_deck = out


def draw_top(w: Scratch, deck: str) -> str:
    """Take the top card of the ship deck (`deck` "ship") or the bonus deck ("bonus"); not empty."""
    ship = deck == "ship"
    cards = w.ship_deck if ship else w.bonus_deck
    ch = w.chance
    hidden = 0 if ch is None else (ch.ship_hidden if ship else ch.bonus_hidden)
    if not hidden:
        card, rest = cards[0], cards[1:]
    else:
        assert ch is not None
        card = str(_outcome(w, deck_node(deck, cards[:hidden])))
        i = cards.index(card)
        rest = cards[:i] + cards[i + 1 :]
        w.chance = _hidden(ch, deck, hidden - 1)
    if ship:
        w.ship_deck = rest
    else:
        w.bonus_deck = rest
    return card


def draw_cards(w: Scratch, deck: str, n: int) -> tuple[str, ...]:
    """Take the top `n` cards of a deck (fewer if it holds fewer, R-4)."""
    if w.chance is None and deck == "bonus":
        out, w.bonus_deck = w.bonus_deck[:n], w.bonus_deck[n:]
        return out
    cards = w.ship_deck if deck == "ship" else w.bonus_deck
    return tuple(draw_top(w, deck) for _ in range(min(n, len(cards))))


@implements("SETUP-7")
def draw_seat(w: Scratch, players: int) -> int:
    """The start seat, one of `players` seats, each as likely."""
    if w.chance is None:
        seat, w.rng = rng.below(w.rng, players)
        return seat
    out = _outcome(w, ChanceNode("start_seat", tuple(range(players)), (1,) * players))
    assert isinstance(out, int)
    return out


@implements("SOLO-4")
def bot_pick(state: Position, r: int, seat: int, cards: Sequence[str]) -> tuple[int, int]:
    """A solo bot at `seat` draws one of its `cards` at random: its index, and the next `r`
    (the generator state; with explicit chance, the count of outcomes used)."""
    ch = state.chance
    if ch is None:
        return rng.below(r, len(cards))
    out = _fixed(ch, r, ChanceNode("bot_card", tuple(cards), (1,) * len(cards), seat))
    return cards.index(str(out)), r + 1


@implements("SOLO-2")
def deal_patrician(chance: ChanceState | None, r: int, cards: Sequence[str], k: int) -> tuple[tuple[str, ...], int]:
    """Solo setup: `k` of the Patrician `cards`, in the order the bots are dealt them (the first
    half to bot A), and the next `r`. Seeded: all shuffled, the top `k` kept and shuffled again."""
    if chance is None:
        drawn, r = rng.shuffled(r, cards)
        return rng.shuffled(r, drawn[:k])
    return _deal(chance, r, "patrician", cards, k)


@implements("SOLO-2")
def bonus_deck_dealing(
    chance: ChanceState | None, r: int, cards: Sequence[str], k: int
) -> tuple[tuple[str, ...], ChanceState | None, int]:
    """Solo setup: the bonus deck, its top `k` cards dealt one to each colour (they are the first
    `k` of the deck returned), the chance state (the rest not drawn yet) and the next `r`."""
    if chance is None:
        deck, r = rng.shuffled(r, cards)
        return deck, None, r
    dealt, r = _deal(chance, r, "bonus", cards, k)
    rest = list(cards)
    for card in dealt:
        rest.remove(card)
    return (*dealt, *sorted(rest)), attrs.evolve(chance, bonus_hidden=len(rest)), r


def _deal(chance: ChanceState, r: int, kind: str, pool: Sequence[str], k: int) -> tuple[tuple[str, ...], int]:
    """Explicit chance: draw `k` cards of `pool` one by one (`kind` "patrician" or "bonus"),
    without putting them back: the cards, and the next count of outcomes used."""
    left = list(pool)
    out: list[str] = []
    for _ in range(k):
        card = str(_fixed(chance, r, deck_node(kind, left)))
        left.remove(card)
        out.append(card)
        r += 1
    return tuple(out), r


# Explicit chance: the chance node a draw stops at, its outcomes, and resolving an action again
# with the outcomes fixed so far.

#: resolves an action (None: the setup) of a state with explicit chance with the outcomes fixed so
#: far, raising `NeedChance` for the next: `ragusa.rules.resolution.rerun`
Rerun = Callable[[GameState, Action | None, list[Recorded] | None], GameState]


def is_chance(state: GameState) -> bool:
    """Whether `state` is a chance node (a random event waits for its outcome)."""
    return state.chance is not None and state.chance.node is not None


def chance_outcomes(state: GameState) -> list[tuple[ChanceOutcome, Fraction]]:
    """Each outcome of the pending random event with its exact probability (they sum to 1);
    empty when `state` is not a chance node."""
    node = state.chance.node if state.chance is not None else None
    if node is None:
        return []
    from fractions import Fraction

    total = sum(node.counts)
    return [(ChanceOutcome(o), Fraction(n, total)) for o, n in zip(node.outcomes, node.counts)]


def with_chance(state: GameState, ship_hidden: int | None = None, bonus_hidden: int | None = None) -> GameState:
    """The decision position `state` of a seeded game as a position with explicit chance: the
    top `ship_hidden` ships and `bonus_hidden` bonus cards (default: the whole decks) are not
    drawn yet, and the generator is dropped. Play goes on as the same game with chance nodes
    (e.g. a determinized sample, `ragusa.ai.determinize`, searched with chance nodes)."""
    if state.chance is not None:
        raise ValueError("the state already has explicit chance")
    ships = len(state.ship_deck) if ship_hidden is None else ship_hidden
    bonus = len(state.bonus_deck) if bonus_hidden is None else bonus_hidden
    if not (0 <= ships <= len(state.ship_deck) and 0 <= bonus <= len(state.bonus_deck)):
        raise ValueError(f"the decks hold {len(state.ship_deck)} ships and {len(state.bonus_deck)} bonus cards")
    return attrs.evolve(
        state,
        rng=0,
        ship_deck=(*sorted(state.ship_deck[:ships]), *state.ship_deck[ships:]),
        bonus_deck=(*sorted(state.bonus_deck[:bonus]), *state.bonus_deck[bonus:]),
        chance=ChanceState(ship_hidden=ships, bonus_hidden=bonus),
    )


def next_node(state: GameState, rerun: Rerun) -> ChanceNode | None:
    """The draw that `state`'s remembered action (or setup) makes after its fixed outcomes, or
    None if it needs no more: what `state.chance.node` must be (validation checks it)."""
    ch = state.chance
    assert ch is not None
    start = attrs.evolve(state, rng=0, chance=attrs.evolve(ch, node=None, action=(), fixed=ch.fixed))
    try:
        rerun(start, ch.action[0] if ch.action else None, None)
    except NeedChance as need:
        return need.node
    return None


def _refuse_outcome(state: GameState, action: Action) -> None:
    """Refuse an outcome when no random event is pending, any other action while one is (R-23),
    and an outcome the pending draw cannot give (the draw's own clause, `KIND_RULE`)."""
    assert state.chance is not None
    node = state.chance.node
    if node is None:
        if isinstance(action, ChanceOutcome):
            raise IllegalActionError("R-23", f"no random event is pending; seat {state.seat} decides now, not chance")
        return
    if not isinstance(action, ChanceOutcome):
        raise IllegalActionError(
            "R-23",
            f"a random event is pending (a {node.kind} draw): apply a ChanceOutcome, not {action!r}",
        )
    out = action.outcome
    if type(out) not in (str, int) or out not in node.outcomes:
        raise IllegalActionError(
            KIND_RULE[node.kind], f"{out!r} cannot come out of this {node.kind} draw; possible: {list(node.outcomes)}"
        )


@implements("R-23")
def resolve(state: GameState, action: Action | None, events: list[Recorded] | None, rerun: Rerun) -> GameState:
    """`apply` (and `step`, with `events`) on a state with explicit chance; `action` None starts
    the setup of the empty table `state`. `rerun` resolves an action (None: the setup) with the
    outcomes fixed so far (`ragusa.rules.resolution.rerun`: passed in, since the engine calls this)."""
    ch = state.chance
    assert ch is not None
    if action is not None:
        _refuse_outcome(state, action)
    if isinstance(action, ChanceOutcome):
        todo, fixed = ch.action, (*ch.fixed, action.outcome)
    else:
        todo, fixed = ((action,) if action is not None else ()), ()
    start = attrs.evolve(state, rng=0, chance=attrs.evolve(ch, node=None, action=(), fixed=fixed))
    got: list[Recorded] | None = [] if events is not None else None
    try:
        out = rerun(start, todo[0] if todo else None, got)
    except NeedChance as need:
        return attrs.evolve(state, rng=0, chance=attrs.evolve(ch, node=need.node, action=todo, fixed=fixed))
    assert out.chance is not None
    if out.rng != len(fixed):
        raise IllegalActionError("R-23", f"{len(fixed)} outcomes are fixed but the action drew {out.rng}")
    if events is not None and got is not None:
        events.extend(got)
    return attrs.evolve(out, rng=0, chance=attrs.evolve(out.chance, node=None, action=(), fixed=()))
