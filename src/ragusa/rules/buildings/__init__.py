"""The ten city buildings, one module each (the three producers share `.production`).

A building whose effect asks nothing has a function that performs it for a seat (the owner of
the activating house, or the placing player for powerhouses): `production.produce`,
`fishmonger.effect`, `cathedral.effect`. A building whose effect is a decision has `has_choice(w,
seat)` (whether the seat has a choice now, R-8) and the functions that carry out the choice
(`mason.build_wall`, `architect.build_tower`, `market.buy_ship`, `wharf.sell`, `rector.keep`: each
takes the action); `ragusa.rules.activation` calls the first kind and opens the decision of the
second, which is declared once beside its rule as the module's `DECISION` (the Rector's Palace: `DRAW_DECISION` and
`KEEP_DECISION`; `ragusa.rules.decision.Decision`): what it offers, how its actions resolve.
"""
