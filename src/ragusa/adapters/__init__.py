"""Adapters to the game-AI frameworks (issue 14): OpenSpiel, PettingZoo and Gymnasium.

Each framework lives in its own module, imported only on demand, so the base install needs none
of them:

* :mod:`ragusa.adapters.pettingzoo` and :mod:`ragusa.adapters.gymnasium`: ``pip install 'ragusa[ai]'``;
* :mod:`ragusa.adapters.openspiel`: ``pip install 'ragusa[openspiel]'``.

All three use the fixed action ids of :mod:`ragusa.ai.ids` and the observation vectors of
:mod:`ragusa.ai.observation`; :mod:`ragusa.adapters.table` holds what they share.
"""
