"""Explicit chance (R-23): every random event of a game started with `new_game(..., chance=True)`
is a chance node whose outcome the caller chooses (`ChanceOutcome`), with exact probabilities.

At a chance node `is_chance(state)` is true, `current_player(state)` is `CHANCE` (-1, as in
OpenSpiel), `legal_actions(state)` lists one `ChanceOutcome` per possible outcome and
`chance_outcomes(state)` pairs each with its probability, a `Fraction`: the copies of that card
left over the cards left (a seat or a bot's card: one over their number). The state at a chance
node is the position before the action that draws (or the empty table, during the setup) with
that action and the outcomes it has drawn so far; `apply(state, ChanceOutcome(x))` fixes the
next outcome and resolves the action again from its start, until it needs no outcome it does
not have. So the rule code runs unchanged, `apply` stays pure, and the events of an action are
reported by the `step` that fixes its last outcome.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import attrs

from ragusa.core.actions import Action, ChanceOutcome
from ragusa.core.clauses import implements
from ragusa.core.errors import IllegalActionError
from ragusa.core.events import Recorded
from ragusa.core.state import ChanceNode, ChanceState, GameState, Options, SoloState
from ragusa.rules.randomness import KIND_RULE, NeedChance
from ragusa.rules.setup import blank_state
from ragusa.rules.solo.patrician import COLOUR_SEAT

if TYPE_CHECKING:  # `fractions` (with `decimal`) is imported on first use: `import ragusa` stays light
    from fractions import Fraction

__all__ = ["Rerun", "chance_outcomes", "empty_table", "is_chance", "next_node", "resolve", "with_chance"]

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


def empty_table(players: int, edition: str, options: Options) -> GameState:
    """The table of a game with explicit chance before the setup draws (1 player: the solo game)."""
    n = len(COLOUR_SEAT) if players == 1 else players
    table = blank_state(n, edition, options, 0, ChanceState())
    return attrs.evolve(table, solo=SoloState()) if players == 1 else table


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
