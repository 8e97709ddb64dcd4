"""How the protocol lists a decision's actions: each as an entry of its notation, its JSON and
the fish it spends (`entry`), found again by the action's identity (`Entries`)."""

from __future__ import annotations

import functools
import operator
from collections.abc import Sequence
from typing import Any

from ragusa.contract.serialization import action_to_data
from ragusa.core.actions import Action
from ragusa.text.explain import fish_spent
from ragusa.text.notation import format_action

__all__ = ["Entries", "entry"]


@functools.lru_cache(maxsize=8192)
def entry(action: Action) -> dict[str, Any]:
    """An action as the protocol lists it: its notation (`text`), its JSON (`action`) and the fish it
    spends (`fish`, when it does). Actions are values: the entry is shared, never to be changed."""
    entry: dict[str, Any] = {"text": format_action(action), "action": action_to_data(action)}
    fish = fish_spent(action)
    if fish:
        entry["fish"] = fish
    return entry


_ACTION = operator.itemgetter("action")


class Entries:
    """The entry (`entry`) of each action a game's sessions have listed, by the action's id, for
    listing a decision's actions without hashing each (most, such as a house on a given spot, are
    the same objects from one decision to the next), and each such action by the id of its JSON in
    the entry (`action_of`). The actions and entries are kept, so that no id is reused while it is
    known; after `LIMIT` of them, they are forgotten."""

    LIMIT = 4096
    __slots__ = ("by_id", "by_json", "kept")

    def __init__(self) -> None:
        self.by_id: dict[int, dict[str, Any]] = {}
        self.by_json: dict[int, Action] = {}
        self.kept: list[Action] = []

    def of(self, actions: Sequence[Action]) -> tuple[dict[str, Any], ...]:
        """The entry of each of `actions`."""
        if not self.by_id or len(self.kept) > self.LIMIT:  # none known (a session just read, say)
            return self._known(actions)
        found: list[dict[str, Any] | None] = list(map(self.by_id.get, map(id, actions)))
        if not all(found):  # an entry is a non-empty dict
            for i, action in enumerate(actions):
                if found[i] is None:
                    made = found[i] = self.by_id[id(action)] = entry(action)
                    self.by_json[id(made["action"])] = action
                    self.kept.append(action)
        return tuple(found)  # type: ignore[arg-type]  # every one is found now

    def _known(self, actions: Sequence[Action]) -> tuple[dict[str, Any], ...]:
        """The entries of `actions`, all of them known from now on (and only them)."""
        made = tuple(map(entry, actions))
        self.by_id = dict(zip(map(id, actions), made))
        self.by_json = dict(zip(map(id, map(_ACTION, made)), actions))
        self.kept = list(actions)
        return made

    def action_of(self, data: object) -> Action | None:
        """The action whose listed JSON is the very object `data` (a caller in this process sending
        back what `legal` answered), if it is one."""
        return self.by_json.get(id(data))
