"""The library's error types."""

from __future__ import annotations


class IllegalActionError(ValueError):
    """An action the rules forbid in this state.

    ``rule`` is the SPEC.md clause ID that forbids it; the message gives the numbers.
    """

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(f"[{rule}] {message}")
        self.rule = rule
        self.explanation = message


class ComponentDataError(ValueError):
    """Component data (board, cards, market) that is malformed or inconsistent."""


class InvalidInputError(ValueError):
    """A JSON document (state, action, record) that is malformed or inconsistent.

    ``path`` is the JSON path of the offending value (``$`` for the document itself).
    """

    def __init__(self, path: str, message: str) -> None:
        super().__init__(f"{path}: {message}")
        self.path = path
        self.explanation = message
