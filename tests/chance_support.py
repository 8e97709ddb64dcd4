"""Replaying a seeded game with explicit chance: the outcomes the seeded game drew, read from its
generator and decks (an oracle independent of `ragusa.rules.chance`)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

import attrs

from ragusa import GameState, Options, legal_actions, new_game, step
from ragusa.core import rng
from ragusa.core.actions import Action, ChanceOutcome
from ragusa.core.components import COMPONENTS
from ragusa.core.events import Event
from ragusa.core.state import ChanceNode
from ragusa.rules.chance import chance_outcomes, is_chance

SHIPS = [s.id for s in COMPONENTS.ships]
BONUS = [c.id for c in COMPONENTS.bonus_cards]
PATRICIAN = [c.id for c in COMPONENTS.patrician_cards]

#: every mode: (players, edition, options)
MODES: list[tuple[int, str, Options]] = [
    *((n, e, Options()) for n in (2, 3, 4, 5) for e in ("1st", "2nd")),
    (2, "2nd", Options(strict=True, powerhouse_any_hex=True)),
    *((1, e, Options()) for e in ("1st", "2nd")),
    *((1, e, Options(**{v: True})) for e in ("1st", "2nd") for v in ("solo_human_first", "solo_easier_rector")),
    *((1, e, Options(solo_harder=True)) for e in ("1st", "2nd")),
]


class Oracle:
    """The outcomes a seeded game draws while one action (or the setup) resolves, in the order the
    rules draw them: ships and bonus cards from the top of the decks as they were when the action
    began, the solo bots' picks from the generator, the setup's Patrician cards and start seat."""

    def __init__(self, ships: list[str], bonus: list[str], r: int, fixed: list[str | int] | None = None) -> None:
        self.decks = {"ship": ships, "bonus": bonus}
        self.taken = {"ship": 0, "bonus": 0}
        self.r = r
        self.fixed = list(fixed or [])
        self.bonus_hidden = len(bonus)
        self.ship_hidden = len(ships)

    def outcome(self, node: ChanceNode) -> str | int:
        if node.kind in ("ship", "bonus"):
            deck, i = self.decks[node.kind], self.taken[node.kind]
            hidden = self.ship_hidden if node.kind == "ship" else self.bonus_hidden
            # the node offers exactly the cards the seeded deck has not drawn yet, above the known tail
            assert Counter(dict(zip(node.outcomes, node.counts))) == Counter(deck[i:hidden])
            self.taken[node.kind] = i + 1
            return deck[i]
        if node.kind == "bot_card":
            k, self.r = rng.below(self.r, len(node.outcomes))
            return node.outcomes[k]
        return self.fixed.pop(0)  # the setup's Patrician cards, the start seat


def setup_oracle(players: int, seed: int) -> Oracle:
    """The seeded setup's draws, from the same generator calls in the same order."""
    r = rng.seed_state(seed)
    if players == 1:
        drawn, r = rng.shuffled(r, PATRICIAN)
        dealt, r = rng.shuffled(r, drawn[:6])
        bonus, r = rng.shuffled(r, BONUS)
        ships, r = rng.shuffled(r, SHIPS)
        return Oracle(list(ships), list(bonus), r, list(dealt))
    ships, r = rng.shuffled(r, SHIPS)
    bonus, r = rng.shuffled(r, BONUS)
    start, r = rng.below(r, players)
    return Oracle(list(ships), list(bonus), r, [start])


#: chance nodes resolved by `resolve` so far (tests check that play drew some)
RESOLVED = Counter[str]()


def resolve(state: GameState, oracle: Oracle, events: list[Event]) -> GameState:
    """Apply the oracle's outcomes while `state` is a chance node, checking each node's probabilities."""
    while is_chance(state):
        RESOLVED[_node(state).kind] += 1
        outcomes = chance_outcomes(state)
        assert sum(p for _, p in outcomes) == 1
        assert [o for o, _ in outcomes] == list(legal_actions(state))
        state, got = step(state, ChanceOutcome(oracle.outcome(_node(state))))
        events.extend(got)
    return state


def _node(state: GameState) -> ChanceNode:
    assert state.chance is not None and state.chance.node is not None
    return state.chance.node


def same_position(chance: GameState, seeded: GameState) -> None:
    """Equal but for the generator and the order of the cards not drawn yet."""
    ch = chance.chance
    assert ch is not None and ch.node is None and chance.rng == 0
    for deck, hidden in (("ship_deck", ch.ship_hidden), ("bonus_deck", ch.bonus_hidden)):
        mine, theirs = getattr(chance, deck), getattr(seeded, deck)
        assert mine[:hidden] == tuple(sorted(theirs[:hidden])) and mine[hidden:] == theirs[hidden:], deck

    def rest(s: GameState) -> GameState:
        return attrs.evolve(s, rng=0, chance=None, ship_deck=(), bonus_deck=())

    assert rest(chance) == rest(seeded)


def replay(mode: tuple[int, str, Options], seed: int) -> Iterator[tuple[GameState, GameState]]:
    """Play a seeded game with random actions and the same game with explicit chance, the chance
    nodes given the seeded game's draws; yield both after the setup and after every action."""
    players, edition, options = mode
    seeded = new_game(players, seed=seed, edition=edition, options=options)
    chance = new_game(players, edition=edition, options=options, chance=True)
    chance = resolve(chance, setup_oracle(players, seed), [])
    yield chance, seeded
    pick = random.Random(seed)
    while legal_actions(seeded):
        action: Action = pick.choice(legal_actions(seeded))
        assert legal_actions(chance) == legal_actions(seeded)
        oracle = Oracle(list(seeded.ship_deck), list(seeded.bonus_deck), seeded.rng)
        assert chance.chance is not None
        oracle.ship_hidden, oracle.bonus_hidden = chance.chance.ship_hidden, chance.chance.bonus_hidden
        seeded, want = step(seeded, action)
        chance, got = step(chance, action)
        events = list(got)
        chance = resolve(chance, oracle, events)
        assert events == list(want)
        yield chance, seeded
