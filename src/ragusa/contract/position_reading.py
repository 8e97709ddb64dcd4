"""Reading a position text (`.position_text`): the fields to the state's JSON data, then the
JSON reader's validation; every problem is an `InvalidInputError` at a column of the text."""

from __future__ import annotations

import hashlib
import random

from ragusa.contract.position_data import build_data, finish
from ragusa.contract.position_fields import MAX_TEXT, Fields, fill_decks
from ragusa.core.errors import InvalidInputError
from ragusa.core.rng import seed_state
from ragusa.core.state import GameState

__all__ = ["read_position"]


def _draw_seed(text: str, seed: int | None) -> random.Random:
    if seed is None:
        seed = int.from_bytes(hashlib.sha256(text.encode("utf-8", "replace")).digest()[:8], "big")
    return random.Random(seed)


def read_position(text: str, seed: int | None) -> GameState:
    """The position of `text` (see `ragusa.contract.position_text.position_from_text`)."""
    if len(text) > MAX_TEXT:
        raise InvalidInputError("column 1", f"{len(text):,} characters; a position text has at most {MAX_TEXT:,}")
    if "\n" in text.strip() or "\r" in text.strip():
        col = min(i for i in (text.find("\n"), text.find("\r")) if i >= 0) + 1
        raise InvalidInputError(f"column {col}", "a line break; a position text is one line")
    t = Fields(text)
    data, where = build_data(t)
    rng = _draw_seed(text, seed)
    if t.table.get("draw", (0, ""))[1] != "setup":  # while the setup draws, no deck is made yet
        fill_decks(data, rng, {deck: t.table.get(deck, (1, "?")) for deck in ("ships", "bonus")})
    if "chance" not in t.table and t.table.get("seed", (0, "?"))[1] == "?":
        data["rng"] = seed_state(rng.getrandbits(64))
    return finish(t, data, where)
