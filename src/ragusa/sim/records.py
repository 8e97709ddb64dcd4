"""The games' records of a run: `ragusa simulate --records DIR`, one JSON file a game.

Each game `g` of the run is written to `DIR/game-<g>.json` (six digits at least) as its game record
(`ragusa.record_to_json`: what `ragusa verify` and `ragusa.replay` read), written to a temporary
file first and renamed, so a file is whole or absent. `DIR/run.json` holds the run's `RunConfig`;
a directory of another run is refused. A rerun writes the records that are missing, replaying
those games (each is a pure function of the config and its index) without adding their rows again.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable
from pathlib import Path

from .games import RunConfig

__all__ = ["RUN_FILE", "RecordDir", "record_path"]

#: the file of a records directory that names its run
RUN_FILE = "run.json"


def record_path(directory: str | os.PathLike[str], game: int) -> Path:
    """The record file of game `game` in `directory`."""
    return Path(directory) / f"game-{game:06d}.json"


class RecordDir:
    """The records directory of one run (created if needed); `ValueError` if it holds another run's."""

    def __init__(self, directory: str | os.PathLike[str], config: RunConfig) -> None:
        self.path = Path(directory)
        self.path.mkdir(parents=True, exist_ok=True)
        run = self.path / RUN_FILE
        text = json.dumps(config.to_dict(), sort_keys=True)
        if run.exists():
            try:
                stored = RunConfig.from_dict(json.loads(run.read_text(encoding="utf-8")))
            except (ValueError, KeyError, TypeError):
                raise ValueError(f"{run} is not a run's description; choose another --records directory") from None
            if stored != config:
                raise ValueError(f"{self.path} holds the records of another run; choose another --records directory")
        else:
            run.write_text(text + "\n", encoding="utf-8")

    def missing(self, games: Iterable[int]) -> set[int]:
        """The games of `games` without a record file."""
        return {g for g in games if not record_path(self.path, g).exists()}

    def write(self, game: int, record: str) -> None:
        """Write game `game`'s record, whole or not at all."""
        final = record_path(self.path, game)
        partial = final.with_name(final.name + ".partial")
        partial.write_text(record, encoding="utf-8")
        os.replace(partial, final)
