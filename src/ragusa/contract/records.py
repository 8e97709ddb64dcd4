"""Game records: a game's setup and its actions, replayed and verified.

A record (JSON, see the `record` schema) holds what `ragusa.new_game` needs (players,
seed, edition, options) and the actions taken, in order. Since `apply` is a pure function
and every random draw comes from the seeded generator inside the state, the record rebuilds
the whole game: `replay` re-applies every action (each one checked by the rules) and
`verify` reports the first illegal action, or confirms the game and its final scores.

Examples:
    >>> from ragusa import new_game, legal_actions, apply
    >>> from ragusa.contract.records import GameRecord, verify
    >>> state = new_game(3, seed=5)
    >>> actions = []
    >>> for _ in range(3):
    ...     action = legal_actions(state)[0]
    ...     actions.append(action)
    ...     state = apply(state, action)
    >>> result = verify(GameRecord(players=3, seed=5, actions=tuple(actions)))
    >>> result.ok, result.incomplete
    (False, True)
"""

from __future__ import annotations

import json
from typing import Any

import attrs

from ragusa.contract.documents import RECORD_VERSION, GameRecord
from ragusa.core.actions import Action
from ragusa.core.errors import IllegalActionError, InvalidInputError
from ragusa.core.events import Event
from ragusa.core.state import GameState
from ragusa.rules.game import new_game
from ragusa.rules.queries import is_terminal, score_breakdown, scores, winners
from ragusa.rules.resolution import step


class ReplayError(IllegalActionError):
    """Action `index` of a record is illegal; `rule` and `explanation` say why."""

    def __init__(self, index: int, rule: str, explanation: str) -> None:
        ValueError.__init__(self, f"action {index}: [{rule}] {explanation}")
        self.index = index
        self.rule = rule
        self.explanation = explanation


@attrs.frozen
class Replay:
    """A replayed record: the states before each action and the events each action produced."""

    initial: GameState
    final: GameState
    #: per action, the events it produced (ragusa.step)
    events: tuple[tuple[Event, ...], ...]


@attrs.frozen
class Verification:
    """What `verify` found."""

    #: every action was legal, the game reached its end, and the stated scores (if any) are the final scores
    ok: bool
    #: how many actions were applied legally
    applied: int
    #: the first illegal action's index, or None
    index: int | None = None
    #: the clause that forbids it
    rule: str | None = None
    explanation: str | None = None
    #: the game reached its end
    over: bool = False
    #: scores after the last legal action (final when `over`)
    scores: tuple[int, ...] = ()
    winners: tuple[int, ...] = ()
    #: the record's stated scores differ from the replayed ones
    scores_mismatch: bool = False
    #: the state after the last legal action
    state: GameState | None = None

    @property
    def incomplete(self) -> bool:
        """Every action is legal but the record stops before the game's end."""
        return self.index is None and not self.over

    def summary(self) -> str:
        """One line a person can read."""
        if self.index is not None:
            return f"action {self.index} is illegal: [{self.rule}] {self.explanation}"
        if self.scores_mismatch:
            return (
                f"all {self.applied} actions are legal, but the final scores are {list(self.scores)}, not the record's"
            )
        if not self.over:
            return f"incomplete: all {self.applied} actions are legal, but the game has not ended"
        who = ", ".join(f"seat {s}" for s in self.winners)
        return f"all {self.applied} actions are legal; final scores {list(self.scores)}; winner: {who}"


def initial_state(record: GameRecord) -> GameState:
    """The new game a record starts from; `InvalidInputError` if `new_game` refuses its setup."""
    try:
        if record.chance:
            if record.seed != 0:
                raise ValueError("a record with explicit chance has seed 0: its outcomes are among its actions")
            return new_game(record.players, edition=record.edition, options=record.options, chance=True)
        return new_game(record.players, seed=record.seed, edition=record.edition, options=record.options)
    except ValueError as exc:
        msg = str(exc)
        path = (
            "$.options"
            if "option" in msg
            else "$.edition"
            if "edition" in msg
            else "$.seed"
            if "seed" in msg
            else "$.players"
        )
        raise InvalidInputError(path, msg) from None


def replay(record: GameRecord) -> Replay:
    """Re-apply every action; raises `ReplayError` at the first illegal one."""
    start = state = initial_state(record)
    all_events: list[tuple[Event, ...]] = []
    for i, action in enumerate(record.actions):
        try:
            state, events = step(state, action)
        except IllegalActionError as exc:
            raise ReplayError(i, exc.rule, exc.explanation) from None
        all_events.append(events)
    return Replay(start, state, tuple(all_events))


def verify(record: GameRecord) -> Verification:
    """Check a record: the first illegal action (index, clause, explanation), or the final scores."""
    state = initial_state(record)
    for i, action in enumerate(record.actions):
        try:
            state, _ = step(state, action)
        except IllegalActionError as exc:
            return Verification(
                ok=False,
                applied=i,
                index=i,
                rule=exc.rule,
                explanation=exc.explanation,
                over=is_terminal(state),
                scores=scores(state),
                winners=winners(state) if is_terminal(state) else (),
                state=state,
            )
    final = scores(state)
    mismatch = record.scores is not None and tuple(record.scores) != final
    over = is_terminal(state)
    return Verification(
        ok=over and not mismatch,
        applied=len(record.actions),
        over=over,
        scores=final,
        winners=winners(state) if over else (),
        scores_mismatch=mismatch,
        state=state,
    )


def record_of(
    initial: GameState, seed: int, actions: list[Action] | tuple[Action, ...], *, final: GameState | None = None
) -> GameRecord:
    """A record of a game started as `new_game(len(initial.players), seed=seed, ...)` (or with
    `chance=True`, when `initial` has explicit chance: `seed` is then 0); with
    `final` (the state after the actions, when the game is over) it states the final scores."""
    return GameRecord(
        chance=initial.chance is not None,
        players=1 if initial.solo is not None else initial.n_players,
        seed=seed,
        edition=initial.edition,
        options=initial.options,
        actions=tuple(actions),
        scores=scores(final) if final is not None and is_terminal(final) else None,
    )


def record_to_data(record: GameRecord) -> dict[str, Any]:
    from ragusa.contract.serialization import CONVERTER

    data: dict[str, Any] = CONVERTER.unstructure(record)
    return data


def record_to_json(record: GameRecord) -> str:
    """The record as JSON text, one action per line (see the `record` schema)."""
    data = record_to_data(record)
    actions = data.pop("actions")
    head = json.dumps(data, indent=2)
    lines = ",\n".join(
        "    " + json.dumps({"type": a["type"], **{k: v for k, v in a.items() if k != "type"}}, separators=(", ", ": "))
        for a in actions
    )
    body = f'  "actions": [\n{lines}\n  ]' if actions else '  "actions": []'
    return head[:-2] + ",\n" + body + "\n}\n"


def record_from_json(text: str | bytes | Any) -> GameRecord:
    """A record from JSON text (or parsed data), validated against the `record` schema.

    Raises `InvalidInputError` naming the JSON path of the first problem.
    The actions are only checked for form here; `verify` checks them against the rules.
    """
    from ragusa.contract.schema import read_document
    from ragusa.contract.serialization import structure_checked

    data = read_document("record", text)
    record = structure_checked(data, GameRecord)
    initial_state(record)  # the setup itself must be playable
    return record


def score_table(state: GameState) -> list[dict[str, int]]:
    """The score breakdown per seat (see `ragusa.score_breakdown`)."""
    return [dict(d) for d in score_breakdown(state)]


__all__ = [
    "GameRecord",
    "RECORD_VERSION",
    "Replay",
    "ReplayError",
    "Verification",
    "initial_state",
    "record_from_json",
    "record_of",
    "record_to_data",
    "record_to_json",
    "replay",
    "score_table",
    "verify",
]
