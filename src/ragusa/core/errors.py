"""The library's error types."""

from __future__ import annotations


class IllegalActionError(ValueError):
    """An action the rules forbid in this state.

    `rule` is the ID of the rule clause that forbids it; the message gives the numbers.
    """

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(f"[{rule}] {message}")
        self.rule = rule
        self.explanation = message


class InvalidInputError(ValueError):
    """A JSON document (state, action, record, view, component data) that is malformed or inconsistent.

    `path` is the JSON path of the offending value (`$` for the document itself,
    `$.players[2].commodities[1]` inside it); `explanation` says what is wrong.
    """

    def __init__(self, path: str, message: str) -> None:
        super().__init__(f"{path}: {message}")
        self.path = path
        self.explanation = message


class ComponentDataError(InvalidInputError):
    """Component data (board, cards, market) that is malformed or inconsistent.

    An `InvalidInputError` whose `path` points into the component file (`$` when
    the problem is not one value's, e.g. a board whose topology does not close).
    """

    def __init__(self, message: str, path: str = "$") -> None:
        ValueError.__init__(self, message)
        self.path = path
        self.explanation = message
