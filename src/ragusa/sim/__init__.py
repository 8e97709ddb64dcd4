"""Simulation at scale: `ragusa simulate` (many games in parallel, one Parquet row per seat)
and `ragusa report` (an HTML report with plots and a rating ladder).

Modules: `games` (one game -> rows; no optional dependency),
`store` (the Parquet file), `runner` (process pool / Ray),
`report`, `speedup` (the workers' speed-up), `commands` (the CLI).
Everything but `games` and `commands` needs the `sim` extra (`pip install 'ragusa[sim]'`);
this package's `__init__` imports nothing, so the base package never loads those dependencies.
"""
