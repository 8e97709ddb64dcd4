"""A small deterministic random generator whose whole state is one integer.

PCG-XSH-RR 32 (O'Neill, 2014) on a 64-bit LCG. Pure integer arithmetic, so the
same seed gives the same numbers on every machine and Python version; the state
is an `int` kept inside `ragusa.core.state.GameState`, which keeps `apply` pure.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from types import FunctionType
from typing import Final, TypeVar

T = TypeVar("T")

_MULT: Final = 6364136223846793005
_INC: Final = 1442695040888963407
_MASK64: Final = (1 << 64) - 1
_LOW32: Final = (1 << 32) - 1
_TWO32: Final = 1 << 32

# The state in three words of 22, 22 and 20 bits (`shuffled_in_words`), and the multiplier and the
# increment cut the same way: every product of two words is below 2**44, every sum below 2**47
_K22: Final = (1 << 22) - 1
_K20: Final = (1 << 20) - 1
_M0: Final = 1408813  # _MULT & _K22 (checked below)
_M1: Final = 1094962  # (_MULT >> 22) & _K22
_M2: Final = 361759  # _MULT >> 44
_I0: Final = 2589007  # _INC & _K22
_I1: Final = 3013597  # (_INC >> 22) & _K22
_I2: Final = 82007  # _INC >> 44
assert _M0 | _M1 << 22 | _M2 << 44 == _MULT and _I0 | _I1 << 22 | _I2 << 44 == _INC


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
    """A Fisher-Yates shuffle of `items` (not modified) and the next state: for each `n` from
    `len(items)` down to 2, `below(state, n)` picks the item swapped into place `n - 1`."""
    if _IN_WORDS:
        return shuffled_in_words(state, items)
    work = list(items)
    for n in range(len(work), 1, -1):
        # `below(state, n)`, inlined, in fewer steps of Python: the rotation through the output's
        # 64-bit double (times 2**32 + 1), and the threshold (below `n`) worked out only for an
        # output below `n`
        while True:
            high = state >> 27
            state = (state * _MULT + _INC) & _MASK64
            xorshifted = ((high >> 18) ^ high) & _LOW32
            out = (xorshifted * 0x100000001 >> (high >> 32)) & _LOW32
            if out >= n or out >= _TWO32 % n:
                break
        j = out % n
        work[n - 1], work[j] = work[j], work[n - 1]
    return tuple(work), state


def shuffled_in_words(state: int, items: Sequence[T]) -> tuple[tuple[T, ...], int]:
    """`shuffled`, with the state held in three words (bits 0-21, 22-43, 44-63) while the deck is
    shuffled and put together once at the end: the same draws. The compiled build computes with
    machine words below 2**62 and a 64-bit state only as a long integer, a new object at each
    step; so this is what it runs (`shuffled` is quicker in Python)."""
    a0 = state & _K22
    a1 = (state >> 22) & _K22
    a2 = state >> 44
    work = list(items)
    for n in range(len(work), 1, -1):
        threshold = _TWO32 % n
        while True:
            high = a2 << 17 | a1 >> 5  # the old state's bits 27 to 63: all its output reads
            # state * _MULT + _INC, word by word, each carrying into the next (mod 2**64: the top
            # word keeps 20 bits)
            c0 = a0 * _M0 + _I0
            c1 = a0 * _M1 + a1 * _M0 + _I1 + (c0 >> 22)
            c2 = a0 * _M2 + a1 * _M1 + a2 * _M0 + _I2 + (c1 >> 22)
            a0, a1, a2 = c0 & _K22, c1 & _K22, c2 & _K20
            xorshifted = ((high >> 18) ^ high) & _LOW32
            rot = high >> 32
            left = -rot & 31
            out = (xorshifted >> rot) | ((xorshifted & (_LOW32 >> left)) << left)
            if out >= threshold:
                break
        j = out % n
        work[n - 1], work[j] = work[j], work[n - 1]
    return tuple(work), (a2 << 22 | a1) << 22 | a0


#: whether this module is compiled (its functions are not Python functions): the compiled build
#: shuffles in words (`shuffled_in_words`)
_IN_WORDS: Final = not isinstance(seed_state, FunctionType)
