"""`ragusa play --human 1 [3 ...]`: play at the terminal against the built-in bots.

Each decision of a human seat shows that seat's view of the table (board, market and ships,
every seat's resources, its own hand), then its legal actions, numbered, in short notation.
Type a number or the notation (`place s28`, `trade 2 fish>wood`...); `undo`, `log`,
`help` and `quit` also work. The game runs through the JSON protocol (`ragusa.service`),
bots moving on the service side; the readable log follows every action. The text numbers seats
from 1, as the log does; `play` takes seat indices (from 0), as the protocol does.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import IO, Any

from ragusa.core.state import OPTION_NAMES, Options
from ragusa.text.log import describe_result
from ragusa.text.notation import expected_forms
from ragusa.text.seat_view import describe_view

from .protocol import handle
from .session import HUMAN
from .store import MemoryStore

__all__ = ["play"]

HELP = "Type the number of an action or its notation; undo, log, help, quit. Forms:"


class _Game:
    def __init__(self, store: MemoryStore, game: str, out: IO[str]) -> None:
        self.store, self.game, self.out = store, game, out

    def ask(self, op: str, **fields: Any) -> dict[str, Any]:
        return handle(self.store, {"op": op, "game": self.game, **fields})

    def say(self, *lines: str) -> None:
        for line in lines:
            self.out.write(line + "\n")
        self.out.flush()

    def show_turn(self, seat: int) -> list[dict[str, Any]]:
        reply = self.ask("view", seat=seat)
        self.say("", f"===== seat {seat + 1} to decide =====", *describe_view(reply["view"]), "Legal actions:")
        legal: list[dict[str, Any]] = reply["legal"]
        cells = [f"{i:>3}. {entry['text']:<26}" for i, entry in enumerate(legal, 1)]
        for k in range(0, len(cells), 3):
            self.say("".join(cells[k : k + 3]).rstrip())
        return legal

    def command(self, seat: int, text: str, legal: list[dict[str, Any]]) -> bool:
        """Act on one input line; True when the decision is made (or undone)."""
        word = text.strip().lower()
        if word in ("help", "?"):
            self.say(HELP, *(f"  {f}" for f in expected_forms(None)))
            return False
        if word == "log":
            self.say(*self.ask("log")["lines"])
            return False
        if word == "undo":
            reply = self.ask("undo")
            self.say(
                f"Undone: {reply['undone']} action(s)." if reply["ok"] else f"Cannot undo: {reply['error']['message']}"
            )
            return bool(reply["ok"])
        action: Any = text.strip()
        if word.isdigit():
            if not 1 <= int(word) <= len(legal):
                self.say(f"No action {word}: choose 1 to {len(legal)}.")
                return False
            action = legal[int(word) - 1]["action"]
        reply = self.ask("apply", seat=seat, action=action, explain=True)
        if not reply["ok"]:
            err = reply["error"]
            rule = f" [{err['rule']}]" if "rule" in err else ""
            self.say(f"Not possible{rule}: {err['message']}")
            return False
        self.say(*reply["log"])
        return True


def play(
    players: int,
    humans: Sequence[int],
    *,
    seed: int,
    bot: str | Sequence[str] = "greedy",
    edition: str = "2nd",
    options: Options | None = None,
    inp: IO[str],
    out: IO[str],
) -> int:
    """Play one game at the terminal; returns the exit code (0 at the end or on quit, 1 if input closes, 2 bad setup).

    `bot` is a bot spec (`"greedy"`, `"ismcts:200"`) for every other seat, or a list of one per
    other seat in seat order.
    """
    others = [s for s in range(players) if s not in humans]
    specs = [bot] if isinstance(bot, str) else list(bot)
    if len(specs) == 1:
        specs *= len(others)
    if len(specs) != len(others):
        out.write(f"ragusa play: {len(specs)} bot(s) given for {len(others)} bot seat(s); give 1 or {len(others)}\n")
        return 2
    by_seat = dict(zip(others, specs, strict=True))
    seats = [by_seat.get(s, HUMAN) for s in range(players)]
    store = MemoryStore(seed, bot_specs=True)
    opts = options or Options()
    reply = handle(
        store,
        {
            "op": "new_game",
            "players": players,
            "seats": seats,
            "seed": seed,
            "edition": edition,
            "options": {k: getattr(opts, k) for k in OPTION_NAMES},
        },
    )
    if not reply["ok"]:
        out.write(f"ragusa play: {reply['error']['message']}\n")
        return 2
    g = _Game(store, reply["status"]["game"], out)
    g.say(
        f"Ragusa: {players} player(s), seed {seed}, {edition} edition; human seat(s) {', '.join(str(s + 1) for s in humans)}, others: {', '.join(specs) or 'none'}."
    )
    g.say(*g.ask("log")["lines"])
    while not (status := g.ask("legal")["status"])["over"]:
        seat = status["seat"]
        legal = g.show_turn(seat)
        while True:
            out.write(f"seat {seat + 1}> ")
            out.flush()
            line = inp.readline()
            if not line:
                g.say("", "Input closed: the game stops here.")
                return 1
            if line.strip().lower() in ("quit", "exit"):
                g.say("Game abandoned.")
                return 0
            if line.strip() and g.command(seat, line, legal):
                break
    session = store.get(g.game)
    assert session is not None
    g.say("", *describe_result(session.state))
    return 0
