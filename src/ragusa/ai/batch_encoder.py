"""`BatchEncoder`: the observations of many games at once, the rows of one array (a batched
environment's), written as `ragusa.ai.encoder.ObservationEncoder` writes one game's.

Each row's public part (`ragusa.ai.encoder.PublicPart`) is a row of one array, and every seat's
vector is taken from all of them in one numpy call; the legal ids are left to the caller, who
writes every row's mask at once (`ragusa.ai.ids.write_masks`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, cast

from ragusa.ai import encoder_parts as parts
from ragusa.ai.encoder import FloatCells, PublicPart, float_cells, write_private
from ragusa.ai.observation_layout import OBS_SIZE
from ragusa.core.state import GameState

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = ["BatchEncoder"]


class BatchEncoder:
    """The observations of `rows` games, one seat each, written into the rows of one array: what
    `ObservationEncoder.observe` gives, without the legal ids (the mask is written apart, for every
    row at once). Each row keeps its game's public part, rewritten where the state changed; the seats'
    vectors are then taken from all the rows in one numpy call."""

    def __init__(self, rows: int) -> None:
        import numpy as np

        self._bufs = np.zeros((rows, OBS_SIZE + 1), np.float32)
        self._publics: list[PublicPart | None] = [None] * rows

    def _sync(self, i: int, state: GameState, seat: int) -> int:
        """Row `i`'s public part brought to `state`; its number of seats (`seat` checked against it)."""
        w = self._publics[i]
        n = len(state.players)
        if w is None or w.n != n:  # a new row, or another number of seats: start afresh
            w = self._publics[i] = PublicPart(n, self._bufs[i])
        if w.state is not state:
            w.sync(state)
        if not 0 <= seat < n:
            raise ValueError(f"seat must be 0..{n - 1}; got {seat!r}")
        return n

    def observe(self, states: Sequence[GameState], seat: int, out: npt.NDArray[np.float32]) -> None:
        """Row `i` of `out` (C-contiguous float32, `rows` x `OBS_SIZE`) set to the observation of
        `states[i]` for `seat`, its legal part left zero."""
        sync = self._sync
        ns = {sync(i, state, seat) for i, state in enumerate(states)}
        bufs = self._bufs
        if seat == 0:  # the seats in absolute order: the rows themselves
            out[:] = bufs[:, :OBS_SIZE]
        elif len(ns) == 1:
            bufs.take(parts.gather(ns.pop(), seat), 1, out, "wrap")
        else:
            for i, state in enumerate(states):
                bufs[i].take(parts.gather(len(state.players), seat), None, out[i], "wrap")
        mv = cast(FloatCells, out.data.cast("B").cast("f"))  # the rows as one run of cells: see float_cells
        for i, state in enumerate(states):
            write_private(mv, i * OBS_SIZE, state, seat, ())

    def row(self, i: int, state: GameState, seat: int, legal: Sequence[int] | None = None) -> npt.NDArray[np.float32]:
        """The observation of `state` for `seat` from row `i`'s game (which keeps `state`), as a new
        array, its legal ids included (`legal` as for `ObservationEncoder.observe`)."""
        n = self._sync(i, state, seat)
        out: npt.NDArray[np.float32] = self._bufs[i].take(parts.gather(n, seat), None, None, "wrap")
        write_private(float_cells(out), 0, state, seat, legal)
        return out
