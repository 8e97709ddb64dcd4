"""Golden records: a full game written as a transcript that pins everything observable.

A golden file names its game (players, seed, edition, options), then for every decision the
deciding seat, the phase, every legal action (as JSON), the action taken and the events it
produced, and ends with the final state as JSON. :func:`transcript` rebuilds that text from the
game's header and its actions alone, so replaying a golden file and comparing the text byte for
byte proves that a refactor changed nothing a user can observe.

Only the public API is used here, so the transcript keeps its meaning across internal moves.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from typing import Any

from ragusa import (
    Action,
    GameState,
    Options,
    action_from_json,
    action_to_json,
    apply,
    is_terminal,
    legal_actions,
    new_game,
    state_to_json,
    step,
)
from ragusa.contract.serialization import event_to_json


def header(players: int, seed: int, edition: str, options: Options) -> dict[str, Any]:
    return {
        "players": players,
        "seed": seed,
        "edition": edition,
        "options": {
            "strict": options.strict,
            "solo_human_first": options.solo_human_first,
            "solo_easier_rector": options.solo_easier_rector,
            "solo_harder": options.solo_harder,
        },
    }


def options_of(head: dict[str, Any]) -> Options:
    return Options(**head["options"])


def transcript(head: dict[str, Any], actions: Sequence[Action]) -> str:
    """The golden text of the game ``head`` played with ``actions`` (every one must be legal)."""
    state = new_game(head["players"], seed=head["seed"], edition=head["edition"], options=options_of(head))
    out = ["game " + json.dumps(head, sort_keys=True)]
    for k, action in enumerate(actions):
        legal = legal_actions(state)
        out.append(f"step {k} seat {state.seat} phase {state.phase} legal {len(legal)}")
        out.extend("  legal " + action_to_json(a) for a in legal)
        out.append("  action " + action_to_json(action))
        state, events = step(state, action)
        out.extend("  event " + event_to_json(e) for e in events)
    out.append(f"terminal {is_terminal(state)}")
    out.append("final " + state_to_json(state))
    return "\n".join(out) + "\n"


def actions_of(text: str) -> tuple[dict[str, Any], list[Action]]:
    """The header and the actions taken, read back from a golden text."""
    lines = text.splitlines()
    head = json.loads(lines[0].removeprefix("game "))
    actions = [action_from_json(line.removeprefix("  action ")) for line in lines if line.startswith("  action ")]
    return head, actions


def states_of(text: str) -> Iterator[GameState]:
    """Every state of a golden game, from the new game to the end, replayed from its text."""
    head, actions = actions_of(text)
    state = new_game(head["players"], seed=head["seed"], edition=head["edition"], options=options_of(head))
    yield state
    for action in actions:
        state = apply(state, action)
        yield state
