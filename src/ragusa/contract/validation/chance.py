"""Checks of a state with explicit chance (`GameState.chance`): no generator, the cards not
drawn yet kept sorted at the top of the decks, and a chance node that is exactly the draw its
remembered action (or the setup, on the empty table) makes after the outcomes fixed so far."""

from __future__ import annotations

import attrs

from ragusa.contract.validation.common import Found
from ragusa.core.errors import IllegalActionError
from ragusa.core.state import GameState
from ragusa.rules.chance import KIND_RULE, next_node
from ragusa.rules.game import empty_table
from ragusa.rules.resolution import rerun


def is_setup_node(s: GameState) -> bool:
    """Whether `s` is a chance node of the setup (the empty table: no decision position yet)."""
    return s.chance is not None and s.chance.node is not None and not s.chance.action


def check_chance(s: GameState, found: Found) -> None:
    ch = s.chance
    if ch is None:
        return
    if s.rng != 0:
        found.add("R-23", "$.rng", "a game with explicit chance has no generator: rng is 0")
    for name, deck, hidden in (("ship", s.ship_deck, ch.ship_hidden), ("bonus", s.bonus_deck, ch.bonus_hidden)):
        path = f"$.chance.{name}_hidden"
        if not 0 <= hidden <= len(deck):
            found.add(KIND_RULE[name], path, f"{hidden} cards not drawn yet; the {name} deck holds {len(deck)}")
        elif list(deck[:hidden]) != sorted(deck[:hidden]):
            found.add(
                KIND_RULE[name], f"$.{name}_deck", "the cards not drawn yet are kept sorted (their order is not fixed)"
            )
    node = ch.node
    if node is None:
        if ch.action or ch.fixed:
            found.add("R-23", "$.chance.action", "only a chance node remembers an action and its outcomes")
        return
    if len(node.outcomes) != len(node.counts) or len(set(node.outcomes)) != len(node.outcomes):
        found.add(KIND_RULE[node.kind], "$.chance.node.counts", "one count per outcome, each outcome once")
    if is_setup_node(s):
        table = empty_table(1 if s.solo is not None else s.n_players, s.edition, s.options)
        if attrs.evolve(s, chance=None) != attrs.evolve(table, chance=None) or ch.ship_hidden or ch.bonus_hidden:
            found.add("R-23", "$", "while the setup draws, the state is the empty table")
    if found:
        return
    try:
        expected = next_node(s, rerun)
    except IllegalActionError as exc:
        found.add(exc.rule, "$.chance.fixed", f"the remembered action and its outcomes cannot be resolved: {exc}")
        return
    if expected != node:
        found.add(KIND_RULE[node.kind], "$.chance.node", "not the draw the remembered action makes next")
