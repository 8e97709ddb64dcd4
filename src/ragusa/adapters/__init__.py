"""Adapters to the game-AI frameworks: OpenSpiel, PettingZoo and Gymnasium.

Each framework lives in its own module, imported only on demand, so the base install needs none
of them:

* `ragusa.adapters.pettingzoo` and `ragusa.adapters.gymnasium`: `pip install 'ragusa[ai]'`;
* `ragusa.adapters.openspiel`: `pip install 'ragusa[openspiel]'`.

All three use the fixed action ids and the observation vectors of `ragusa.ai`; `ragusa.adapters.table` holds what they share.
"""
