"""The library's error types."""

from __future__ import annotations

import attrs

#: an error message quotes at most this many characters of what it was given
MAX_MESSAGE = 400


def excerpt(text: str, limit: int = 120) -> str:
    """`text` cut to `limit` characters (with `...`), so that an error never quotes a whole input."""
    return text if len(text) <= limit else text[: limit - 3] + "..."


class IllegalActionError(ValueError):
    """An action the rules forbid in this state, or something that is not an action at all.

    `rule` is the ID of the rule clause that forbids it (as on the docs' rules pages); the message gives the numbers.
    """

    def __init__(self, rule: str, message: str) -> None:
        message = excerpt(message, MAX_MESSAGE)
        super().__init__(f"[{rule}] {message}")
        self.rule = rule
        self.explanation = message


@attrs.frozen
class Refusal:
    """Why an action is not legal, as data: the clause that forbids it and the words with the
    numbers (`IllegalActionError(refusal.rule, refusal.message)` raises it)."""

    rule: str
    message: str


class GameNotOverError(ValueError):
    """A question only the end of the game answers (the winners), asked before it."""


@attrs.frozen
class Violation:
    """One invariant a game position breaks: the rule clause, the JSON path of the value, what is wrong."""

    clause: str
    path: str
    message: str

    def __str__(self) -> str:
        return f"{self.path}: {self.explained}"

    @property
    def explained(self) -> str:
        """The message naming the clause."""
        return self.message if f"({self.clause}" in self.message else f"{self.message} ({self.clause})"


class InvalidInputError(ValueError):
    """A JSON document (state, action, record, view, component data) that is malformed or inconsistent.

    `path` is the JSON path of the offending value (`$` for the document itself,
    `$.players[2].commodities[1]` inside it); `explanation` says what is wrong. A position that
    breaks the rules' invariants lists every `Violation` in `violations` (`path` and
    `explanation` are then the first one's).
    """

    def __init__(self, path: str, message: str, violations: tuple[Violation, ...] = ()) -> None:
        message = excerpt(message, MAX_MESSAGE) if not violations else message
        super().__init__(f"{path}: {message}")
        self.path = path
        self.explanation = message
        self.violations = violations


def refusal(violations: list[Violation] | tuple[Violation, ...]) -> InvalidInputError:
    """The error refusing a position with these violations (at least one), listing them all."""
    first = violations[0]
    if len(violations) == 1:
        return InvalidInputError(first.path, first.explained, tuple(violations))
    listed = "; ".join(str(v) for v in violations[:20])
    more = f"; and {len(violations) - 20} more" if len(violations) > 20 else ""
    return InvalidInputError(
        first.path,
        f"{first.explained} [{len(violations)} violations: {listed}{more}]",
        tuple(violations),
    )


class ComponentDataError(InvalidInputError):
    """Component data (board, cards, market) that is malformed or inconsistent.

    An `InvalidInputError` whose `path` points into the component file (`$` when
    the problem is not one value's, e.g. a board whose topology does not close).
    """

    def __init__(self, message: str, path: str = "$") -> None:
        ValueError.__init__(self, message)
        self.path = path
        self.explanation = message
        self.violations = ()
