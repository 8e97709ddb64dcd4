"""The ten city buildings, one module each (the three producers share `.production`); here, where
the Mason and the Architect find the free site an action names to build on (`free_site_named`).

A building whose effect asks nothing has a function that performs it for a seat (the owner of
the activating house, or the placing player for powerhouses): `production.produce`,
`fishmonger.effect`, `cathedral.effect`. A building whose effect is a decision has `has_choice(w,
seat)` (whether the seat has a choice now, R-8) and the functions that carry out the choice
(`mason.build_wall`, `architect.build_tower`, `market.buy_ship`, `wharf.sell`, `rector.keep`: each
takes the action); `ragusa.rules.activation` calls the first kind and opens the decision of the
second, which is declared once beside its rule as the module's `DECISION` (the Rector's Palace:
`DRAW_DECISION` and `KEEP_DECISION`; `ragusa.rules.decision.Decision`): what it offers, how its
actions resolve, and how a solo bot takes it (SOLO-5: `mason.choose_wall`, `architect.choose_tower`,
`market.choose_ship`, `wharf.choose_sale`, and at the Rector's Palace `rector.bot_rector`, the draw's
own rule for a bot).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ragusa.core.errors import IllegalActionError
from ragusa.core.state import EMPTY


def free_site_named(
    index: Mapping[str, int], owners: Sequence[int], key: str, rule: str, unknown: str, taken: str
) -> int:
    """Where the Mason builds a wall and the Architect a tower: the index of the site an action names
    by `key` (its id in `index`: a wall segment, a tower spot) when nobody owns it yet; else
    `IllegalActionError(rule, ...)` saying so with `unknown` or `taken`, filled in with `{key}` and
    `{owner}`."""
    site = index.get(key)
    if site is None:
        raise IllegalActionError(rule, unknown.format(key=key))
    owner = owners[site]
    if owner != EMPTY:
        raise IllegalActionError(rule, taken.format(key=key, owner=owner))
    return site
