"""ragusa: the rules of the board game Ragusa (Fabio Lopiano), as a pure-functional library."""

from __future__ import annotations

__version__ = "0.1.0"
