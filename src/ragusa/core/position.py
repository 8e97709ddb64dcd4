"""What the solo bots' policy reads of a position (issue 12).

A frozen `GameState` and the scratch copy an action is resolving
(`Work`) both provide it, so the bots decide on the scratch copy in the
middle of an action without freezing it first.
"""

from __future__ import annotations

from typing import Protocol

from ragusa.core.state import Options, Phase, PlayerState, SoloState

__all__ = ["Position"]


class Position(Protocol):
    """The readable parts of a position that the solo policy and wall scoring use."""

    @property
    def edition(self) -> str: ...
    @property
    def options(self) -> Options: ...
    @property
    def rng(self) -> int: ...
    @property
    def phase(self) -> Phase: ...
    @property
    def seat(self) -> int | None: ...
    @property
    def players(self) -> tuple[PlayerState, ...]: ...
    @property
    def houses(self) -> tuple[int, ...]: ...
    @property
    def towers(self) -> tuple[int, ...]: ...
    @property
    def walls(self) -> tuple[int, ...]: ...
    @property
    def market(self) -> tuple[int, int, int]: ...
    @property
    def slots(self) -> tuple[str | None, ...]: ...
    @property
    def bonus_deck(self) -> tuple[str, ...]: ...
    @property
    def pending_hexes(self) -> tuple[int, ...]: ...
    @property
    def solo(self) -> SoloState | None: ...
