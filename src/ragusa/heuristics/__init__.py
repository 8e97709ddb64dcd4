"""The bots that decide without search: `random`, `greedy` and `expert`, and the game driver.

Modules: `driver` (the `Bot` protocol, `RandomBot`, `play`), `greedy` (one-step lookahead
with `evaluate`), `expert` (the end-game planner) and `outlook` (its estimate of a seat's
final score). The search bot (`ragusa.ismcts`) builds on them; `ragusa.bots` names every
bot by spec. This package's `__init__` imports nothing.
"""
