"""A small deterministic random generator whose whole state is one integer.

PCG-XSH-RR 32 (O'Neill, 2014) on a 64-bit LCG. Pure integer arithmetic, so the
same seed gives the same numbers on every machine and Python version; the state
is an `int` kept inside `ragusa.core.state.GameState`, which keeps `apply` pure.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import Final, TypeVar

T = TypeVar("T")

_MULT: Final = 6364136223846793005
_INC: Final = 1442695040888963407
_MASK64: Final = (1 << 64) - 1
_LOW32: Final = (1 << 32) - 1


#: bits of a seed drawn from the operating system (:func:`fresh_seed`)
SEED_BITS: Final = 128


def fresh_seed() -> int:
    """A seed from the operating system's secure random source (128 bits), for a game nobody
    can reproduce by trying seeds: a seat that sees its cards cannot recover the deck order."""
    return int.from_bytes(os.urandom(SEED_BITS // 8), "big")


def seed_state(seed: int) -> int:
    """The generator state for a seed (any integer; reduced modulo 2**64)."""
    state = 0
    state = (state * _MULT + _INC) & _MASK64
    state = (state + (seed & _MASK64)) & _MASK64
    state = (state * _MULT + _INC) & _MASK64
    return state


def next_u32(state: int) -> tuple[int, int]:
    """One 32-bit output and the next state."""
    old = state
    new = (old * _MULT + _INC) & _MASK64
    xorshifted = (((old >> 18) ^ old) >> 27) & 0xFFFFFFFF
    rot = old >> 59
    out = ((xorshifted >> rot) | (xorshifted << ((-rot) & 31))) & 0xFFFFFFFF
    return out, new


def below(state: int, n: int) -> tuple[int, int]:
    """A uniform integer in `0..n-1` (rejection sampling, no modulo bias) and the next state."""
    if n <= 0:
        raise ValueError("below() needs n >= 1")
    threshold = (1 << 32) % n
    while True:
        # `next_u32`, inlined (setups shuffle decks draw by draw), on the old state's bits 27 to 63,
        # which are all its output reads: below 2**37, so the compiled build works them out as
        # machine words (the 64-bit state is a long integer there), the rotation too (masked before
        # it shifts left, never past 32 bits)
        high = state >> 27
        state = (state * _MULT + _INC) & _MASK64
        xorshifted = ((high >> 18) ^ high) & _LOW32
        rot = high >> 32
        left = -rot & 31
        out = (xorshifted >> rot) | ((xorshifted & (_LOW32 >> left)) << left)
        if out >= threshold:
            return out % n, state


def shuffled(state: int, items: Sequence[T]) -> tuple[tuple[T, ...], int]:
    """A Fisher-Yates shuffle of `items` (not modified) and the next state."""
    work = list(items)
    for i in range(len(work) - 1, 0, -1):
        j, state = below(state, i + 1)
        work[i], work[j] = work[j], work[i]
    return tuple(work), state
