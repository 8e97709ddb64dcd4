"""The results file: Parquet (pyarrow), one row per game and seat, written in chunks.

The run's `RunConfig` is stored in the file's schema metadata
(key `ragusa.run`), so a rerun can check that it continues the same run.

Writing is crash-safe at the file level: a `ResultWriter` writes to `<out>.partial`
(the rows already in `<out>` first, then each finished chunk as a row group) and replaces
`<out>` with it when closed, also after Ctrl-C. Until then `<out>` is untouched.
"""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from pathlib import Path
from types import TracebackType
from typing import Self

import pyarrow as pa
import pyarrow.parquet as pq

from .games import COLUMNS, MEASURED_COLUMNS, Row, RunConfig

__all__ = ["META_KEY", "SCHEMA", "ResultWriter", "StoreError", "done_games", "read_config", "read_rows", "read_table"]

META_KEY = b"ragusa.run"
_TYPES = {"int": pa.int64(), "str": pa.string(), "bool": pa.bool_()}
SCHEMA = pa.schema([pa.field(name, _TYPES[kind]) for name, kind in COLUMNS])


class StoreError(Exception):
    """A results file that cannot be used (not Parquet, another run, wrong columns)."""


def _schema(config: RunConfig) -> pa.Schema:
    return SCHEMA.with_metadata({META_KEY: json.dumps(config.to_dict(), sort_keys=True).encode()})


def read_table(path: str | os.PathLike[str]) -> pa.Table:
    """The whole results file; `StoreError` if it is not a readable results file."""
    try:
        table = pq.read_table(path)
    except (OSError, pa.ArrowException) as exc:
        raise StoreError(f"{path}: not a readable Parquet file ({exc})") from None
    missing = [f.name for f in SCHEMA if f.name not in table.column_names]
    if any(name not in MEASURED_COLUMNS for name in missing):
        raise StoreError(f"{path}: not a ragusa results file (missing columns: {', '.join(missing[:5])})")
    for name in missing:  # a file written before the measured columns: zero there
        table = table.append_column(SCHEMA.field(name), pa.array([0] * table.num_rows, SCHEMA.field(name).type))
    return table


def read_config(table: pa.Table) -> RunConfig | None:
    meta = table.schema.metadata or {}
    raw = meta.get(META_KEY)
    return RunConfig.from_dict(json.loads(raw)) if raw else None


def read_rows(path: str | os.PathLike[str]) -> list[Row]:
    """The rows of a results file, sorted by game and seat."""
    rows: list[Row] = read_table(path).select([f.name for f in SCHEMA]).to_pylist()
    rows.sort(key=lambda r: (r["game"], r["seat"]))
    return rows


def done_games(path: str | os.PathLike[str], config: RunConfig) -> set[int]:
    """Game indices already in `path` (empty if it does not exist); `StoreError` if it
    holds another run's games."""
    if not Path(path).exists():
        return set()
    table = read_table(path)
    stored = read_config(table)
    if stored is not None and stored != config:
        diff = ", ".join(
            f"{k} {v!r} (file) vs {config.to_dict()[k]!r}"
            for k, v in stored.to_dict().items()
            if config.to_dict()[k] != v
        )
        raise StoreError(f"{path} holds games of another run: {diff}; choose another --out")
    return {int(g) for g in table.column("game").to_pylist()}


class ResultWriter:
    """Append chunks of rows to `path` (see the module docs); use as a context manager."""

    def __init__(self, path: str | os.PathLike[str], config: RunConfig) -> None:
        self.path = Path(path)
        self.partial = self.path.with_name(self.path.name + ".partial")
        self.rows_written = 0
        self._writer = pq.ParquetWriter(self.partial, _schema(config))
        if self.path.exists():
            old = read_table(self.path).select([f.name for f in SCHEMA]).cast(SCHEMA)
            self._writer.write_table(old.replace_schema_metadata(_schema(config).metadata))

    def write(self, rows: Sequence[Row]) -> None:
        if rows:
            self._writer.write_table(pa.Table.from_pylist(list(rows), schema=self._writer.schema))
            self.rows_written += len(rows)

    def close(self) -> None:
        self._writer.close()
        os.replace(self.partial, self.path)

    def __enter__(self) -> Self:
        return self

    def __exit__(self, et: type[BaseException] | None, ev: BaseException | None, tb: TracebackType | None) -> None:
        self.close()
