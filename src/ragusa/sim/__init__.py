"""Simulation at scale: ``ragusa simulate`` (many games in parallel, one Parquet row per seat)
and ``ragusa report`` (an HTML report with plots and a rating ladder).

Modules: :mod:`~ragusa.sim.games` (one game -> rows; no optional dependency),
:mod:`~ragusa.sim.store` (the Parquet file), :mod:`~ragusa.sim.runner` (process pool / Ray),
:mod:`~ragusa.sim.report`, :mod:`~ragusa.sim.bench`, :mod:`~ragusa.sim.commands` (the CLI).
Everything but ``games`` and ``commands`` needs the ``sim`` extra (``pip install 'ragusa[sim]'``);
this package's ``__init__`` imports nothing, so the base package never loads those dependencies.
"""
