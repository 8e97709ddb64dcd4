"""One simulated game in, one row per seat out (pure Python: no optional dependency here).

A run is described by a `RunConfig` (seed, players, edition, bot specs, strict R-3, deal repeats).
Game `g` of a run is a pure function of `(config, g)`: its seed is `game_seed`
(a hash of the run seed and its deal, `g // repeat`), the bots' `random.Random` is seeded with the same
number, and the bots take the seats by rotation (`seat_bots`). A bot spec may name a bot of your
own (`module:factory`, `path/to/file.py:factory`: `ragusa.bots.make_bot` with `imports=True`). So a game's rows do not
depend on which worker, process or machine plays it, nor on the order games are played in.

Solo games (`players == 1`): the bot spec plays the human seat 0; seats 1 and 2 are the
Patrician's bots A and B (the engine plays them), reported as `patrician-a` / `patrician-b`.
"""

from __future__ import annotations

import hashlib
import os
import random
import resource
import time
from collections.abc import Callable, Sequence
from typing import Any

import attrs

from ragusa.bots import Bot, make_bot
from ragusa.contract.records import record_of, record_to_json
from ragusa.core.actions import Action
from ragusa.core.components import BUILDINGS
from ragusa.core.events import Event, HouseActivated, HousePlaced
from ragusa.core.state import VP_SOURCES, GameState, Options
from ragusa.rules.game import new_game, new_solo_game
from ragusa.rules.legal import legal_actions
from ragusa.rules.queries import score_breakdown, winners
from ragusa.rules.resolution import step

__all__ = [
    "COLUMNS",
    "JobResult",
    "INT_COLUMNS",
    "MEASURED_COLUMNS",
    "SOLO_BOTS",
    "Row",
    "RunConfig",
    "game_seed",
    "own_bots",
    "Job",
    "play_batch",
    "play_game",
    "play_game_record",
    "play_job",
    "seat_bots",
]

#: names reported for the solo game's engine-played seats 1 and 2
SOLO_BOTS: tuple[str, str] = ("patrician-a", "patrician-b")

#: a result row: column name -> value (int, bool or str)
Row = dict[str, Any]

VP_COLUMNS: tuple[str, ...] = tuple(f"vp_{s}" for s in VP_SOURCES) + ("vp_total",)
ACT_COLUMNS: tuple[str, ...] = tuple(f"act_{b.replace('-', '_')}" for b in BUILDINGS)
#: integer columns, in file order
INT_COLUMNS: tuple[str, ...] = (
    ("game", "seed", "players", "seats", "seat", "start_seat", "position")
    + VP_COLUMNS
    + ("rank", "decisions", "seat_decisions", "houses_placed")
    + ACT_COLUMNS
)
#: the columns that measure the machine rather than the game: CPU microseconds (`time.process_time`)
#: the seat's bot spent choosing, over its `seat_decisions`; the only columns that differ between
#: two plays of a game, and the only ones a results file may lack (a file written before them)
MEASURED_COLUMNS: tuple[str, ...] = ("cpu_us",)
#: every column, in file order: (name, kind) with kind "int", "str" or "bool"
COLUMNS: tuple[tuple[str, str], ...] = (
    tuple((c, "int") for c in INT_COLUMNS[:7])
    + (("edition", "str"), ("bot", "str"))
    + tuple((c, "int") for c in INT_COLUMNS[7:])
    + (("winner", "bool"),)
    + tuple((c, "int") for c in MEASURED_COLUMNS)
)
_ACT_KEY = {b: f"act_{b.replace('-', '_')}" for b in BUILDINGS}


@attrs.frozen
class RunConfig:
    """What every game of a run shares; stored in the results file to check a resumed run."""

    seed: int
    players: int
    edition: str = "2nd"
    bots: tuple[str, ...] = ("greedy",)
    strict: bool = False
    #: how many consecutive games play each deal: game `g` plays deal `g // repeat`, so with
    #: `repeat` equal to the seats and as many bot specs, the bots rotate over the seats of each deal
    repeat: int = 1

    def deal(self, game: int) -> int:
        """The deal (the game seed's index) game `game` plays."""
        return game // self.repeat

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {
            "seed": self.seed,
            "players": self.players,
            "edition": self.edition,
            "bots": list(self.bots),
            "strict": self.strict,
        }
        if self.repeat != 1:  # a file of a run without repeats keeps its metadata
            d["repeat"] = self.repeat
        return d

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> RunConfig:
        return cls(
            int(d["seed"]),
            int(d["players"]),
            str(d["edition"]),
            tuple(str(b) for b in d["bots"]),
            bool(d["strict"]),
            int(d.get("repeat", 1)),
        )


def game_seed(run_seed: int, game: int) -> int:
    """The seed of game `game` of a run: the first 8 bytes of SHA-256 of `"run_seed:game"` (63 bits)."""
    digest = hashlib.sha256(f"{run_seed}:{game}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def seat_bots(bots: Sequence[str], seats: int, game: int) -> tuple[str, ...]:
    """The bot spec of each seat in game `game`: seat `s` gets `bots[(s + game) % len(bots)]`,
    so over `len(bots)` consecutive games every bot sits in every seat equally often."""
    return tuple(bots[(s + game) % len(bots)] for s in range(seats))


def _new_state(config: RunConfig, seed: int, opening: list[Event]) -> GameState:
    options = Options(strict=config.strict)
    if config.players == 1:
        return new_solo_game(seed, config.edition, options, opening)
    return new_game(config.players, seed=seed, edition=config.edition, options=options)


def _ranks(totals: Sequence[int], won: Sequence[int]) -> list[int]:
    """Rank 1 for the winners (WIN-1 tie-breaks included), then by total VP; equal keys share a rank."""
    keys = [(s in won, t) for s, t in enumerate(totals)]
    return [1 + sum(1 for other in keys if other > k) for k in keys]


def own_bots(spec: str) -> Bot:
    """`make_bot(spec, imports=True)`: a run's bots may be bots of your own."""
    return make_bot(spec, imports=True)


def play_game(config: RunConfig, game: int, bot_factory: Callable[[str], Bot] = own_bots) -> list[Row]:
    """Play game `game` of the run `config` to the end; one row per seat, by seat."""
    return play_game_record(config, game, bot_factory)[0]


def play_game_record(
    config: RunConfig, game: int, bot_factory: Callable[[str], Bot] = own_bots
) -> tuple[list[Row], str]:
    """`play_game`'s rows and the game's record (JSON, `ragusa.record_to_json`: what `ragusa verify`
    and `ragusa.replay` read)."""
    seed = game_seed(config.seed, config.deal(game))
    opening: list[Event] = []
    state = start = _new_state(config, seed, opening)
    taken: list[Action] = []
    n = state.n_players
    human = seat_bots(config.bots, 1 if config.players == 1 else n, game)
    names = human + SOLO_BOTS if config.players == 1 else human
    bots = [bot_factory(spec) for spec in human]
    rng = random.Random(seed)
    counts = [dict.fromkeys(_ACT_KEY.values(), 0) for _ in range(n)]
    placed = [0] * n
    own = [0] * n
    cpu = [0.0] * n
    decisions = 0
    events: list[Event] = list(opening)
    clock = time.process_time
    while state.seat is not None:
        seat = state.seat
        actions = legal_actions(state)
        t0 = clock()
        action = bots[seat].choose(state, actions, rng)
        cpu[seat] += clock() - t0
        taken.append(action)
        state, evs = step(state, action)
        events.extend(evs)
        decisions += 1
        own[seat] += 1
    for ev in events:
        if isinstance(ev, HouseActivated) and 0 <= ev.seat < n:
            counts[ev.seat][_ACT_KEY[ev.building]] += 1
        elif isinstance(ev, HousePlaced):
            placed[ev.seat] += 1
    rows = _rows(config, game, seed, state, names, counts, placed, own, decisions)
    for s, row in enumerate(rows):
        row["cpu_us"] = round(cpu[s] * 1e6)
    return rows, record_to_json(record_of(start, seed, taken, final=state))


def _rows(
    config: RunConfig,
    game: int,
    seed: int,
    state: GameState,
    names: Sequence[str],
    counts: list[dict[str, int]],
    placed: list[int],
    own: list[int],
    decisions: int,
) -> list[Row]:
    n = state.n_players
    breakdown = score_breakdown(state)
    won = winners(state)
    totals = [b["total"] for b in breakdown]
    ranks = _ranks(totals, won)
    rows = []
    for s in range(n):
        b = breakdown[s]
        vp = {f"vp_{src}": b.get(src, 0) for src in VP_SOURCES if src != "bonus"}
        vp["vp_bonus"] = sum(v for k, v in b.items() if k.startswith("bonus:"))
        row: Row = {
            "game": game,
            "seed": seed,
            "players": config.players,
            "seats": n,
            "seat": s,
            "start_seat": state.start_seat,
            "position": (s - state.start_seat) % n,
            "edition": config.edition,
            "bot": names[s],
            **vp,
            "vp_total": b["total"],
            "rank": ranks[s],
            "decisions": decisions,
            "seat_decisions": own[s],
            "houses_placed": placed[s],
            **counts[s],
            "winner": s in won,
        }
        rows.append(row)
    return rows


@attrs.frozen
class JobResult:
    """A finished batch: its number, its rows, and what it cost the process that played it."""

    number: int
    rows: list[Row]
    #: CPU seconds the batch took, and the process's peak resident memory (KiB) after it
    cpu: float
    peak_rss_kib: int
    #: each game's record (JSON), by game index, when the job asked for them
    records: dict[int, str] = attrs.Factory(dict)


#: a worker's task: (batch number, config, game indices, whether to return the games' records, the
#: directory the run was started in: a bot of your own named by a relative path or a module there)
Job = tuple[int, RunConfig, list[int], bool, str]


def play_job(job: Job) -> JobResult:
    """A worker's task: `(batch number, config, game indices, records?, directory)` in, the batch's rows
    (and records) out. It lives here, not in the runner, so that a worker imports nothing but the game code."""
    number, config, games, want_records, directory = job
    if os.getcwd() != directory and os.path.isdir(directory):  # a worker started for an earlier run elsewhere
        os.chdir(directory)  # (on another machine of a Ray cluster the directory may not exist: stay)
    cpu = time.process_time()
    rows: list[Row] = []
    records: dict[int, str] = {}
    for g in games:
        game_rows, record = play_game_record(config, g)
        rows.extend(game_rows)
        if want_records:
            records[g] = record
    return JobResult(
        number, rows, time.process_time() - cpu, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, records
    )


def play_batch(config: RunConfig, games: Sequence[int]) -> list[Row]:
    """Play each game of `games` (indices) in turn; their rows, game by game."""
    rows: list[Row] = []
    for g in games:
        rows.extend(play_game(config, g))
    return rows
