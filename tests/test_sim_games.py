"""ragusa.sim.games: one seeded game -> one row per seat, checked against an independent replay."""

from __future__ import annotations

import random
import subprocess
import sys
from collections import Counter

import pytest

from ragusa.bots import make_bot, play
from ragusa.core.actions import Action
from ragusa.core.events import Event, HouseActivated
from ragusa.core.state import GameState, Options
from ragusa.rules.game import new_game, new_solo_game
from ragusa.rules.queries import score_breakdown, scores, winners
from ragusa.sim.games import (
    COLUMNS,
    SOLO_BOTS,
    RunConfig,
    game_seed,
    play_game,
    seat_bots,
)
from tests.test_sim_run import stable


def test_game_seed_is_a_63_bit_function_of_run_seed_and_index() -> None:
    seeds = {game_seed(s, g) for s in range(3) for g in range(50)}
    assert len(seeds) == 150  # no collisions among these
    assert all(0 <= x < 2**63 for x in seeds)
    assert game_seed(7, 3) == game_seed(7, 3)
    assert game_seed(7, 3) != game_seed(3, 7)


def test_seat_bots_rotate_so_each_bot_sits_in_each_seat_equally() -> None:
    assert seat_bots(("a", "b"), 4, 0) == ("a", "b", "a", "b")
    assert seat_bots(("a", "b"), 4, 1) == ("b", "a", "b", "a")
    assert seat_bots(("a", "b", "c"), 3, 2) == ("c", "a", "b")
    counts = Counter((s, b) for g in range(6) for s, b in enumerate(seat_bots(("x", "y", "z"), 3, g)))
    assert set(counts.values()) == {2} and len(counts) == 9


def _replay(config: RunConfig, game: int) -> tuple[GameState, list[Event]]:
    """The same game as play_game through ragusa.bots.play (independent driver)."""
    seed = game_seed(config.seed, game)
    events: list[Event] = []
    if config.players == 1:
        state = new_solo_game(seed, config.edition, Options(), events)
    else:
        state = new_game(config.players, seed=seed, edition=config.edition)
    bots = [make_bot(b) for b in seat_bots(config.bots, 1 if config.players == 1 else state.n_players, game)]

    def hook(before: GameState, action: Action, after: GameState, evs: tuple[Event, ...]) -> None:
        events.extend(evs)

    return play(state, bots, random.Random(seed), on_step=hook), events


@pytest.mark.parametrize("players", [2, 3, 5])
def test_rows_match_an_independent_replay(players: int) -> None:
    config = RunConfig(11, players, "2nd", ("greedy", "random"))
    rows = play_game(config, 4)
    final, events = _replay(config, 4)
    assert [r["seat"] for r in rows] == list(range(players))
    assert [r["vp_total"] for r in rows] == list(scores(final))
    assert [r["bot"] for r in rows] == list(seat_bots(("greedy", "random"), players, 4))
    assert {r["seat"] for r in rows if r["winner"]} == set(winners(final))
    for r, b in zip(rows, score_breakdown(final)):
        assert r["vp_bonus"] == sum(v for k, v in b.items() if k.startswith("bonus:"))
        assert (
            r["vp_mason"]
            + r["vp_fishmonger"]
            + r["vp_wharf"]
            + r["vp_ships"]
            + r["vp_walls"]
            + r["vp_cathedral"]
            + r["vp_bonus"]
            == r["vp_total"]
        )
    acts = Counter((e.seat, e.building) for e in events if isinstance(e, HouseActivated))
    for r in rows:
        assert r["act_oil_press"] == acts[r["seat"], "oil-press"]
        assert r["act_mason"] == acts[r["seat"], "mason"]
        assert sum(v for k, v in r.items() if k.startswith("act_")) == sum(
            n for (s, _), n in acts.items() if s == r["seat"]
        )
    # the start seat is position 0, the others follow in seat order
    start = final.start_seat
    assert [r["position"] for r in rows] == [(s - start) % players for s in range(players)]
    assert sum(r["seat_decisions"] for r in rows) == rows[0]["decisions"]
    assert len({r["decisions"] for r in rows}) == 1


def test_rank_one_is_the_winner_and_ranks_follow_vp() -> None:
    rows = play_game(RunConfig(2, 4, bots=("greedy", "random")), 0)
    by_rank = sorted(rows, key=lambda r: r["rank"])
    assert by_rank[0]["winner"] and by_rank[0]["rank"] == 1
    losers = [r for r in rows if not r["winner"]]
    for a in losers:
        for b in losers:
            if a["vp_total"] > b["vp_total"]:
                assert a["rank"] < b["rank"]
            if a["vp_total"] == b["vp_total"]:
                assert a["rank"] == b["rank"]


@pytest.mark.clause("SOLO-3")
def test_solo_rows_name_the_patrician_bots_and_count_only_the_human_decisions() -> None:
    config = RunConfig(5, 1, "2nd", ("greedy",))
    rows = play_game(config, 0)
    final, _ = _replay(config, 0)
    assert [r["bot"] for r in rows] == ["greedy", *SOLO_BOTS]
    assert [r["vp_total"] for r in rows] == list(scores(final))
    assert rows[0]["seat_decisions"] == rows[0]["decisions"] > 0
    assert rows[1]["seat_decisions"] == rows[2]["seat_decisions"] == 0
    assert rows[1]["cpu_us"] == rows[2]["cpu_us"] == 0  # the Patrician's bots are the rules: no bot time
    assert all(r["players"] == 1 and r["seats"] == 3 for r in rows)
    # SOLO-3: bot A plays first, then bot B, then the human
    assert [r["position"] for r in rows] == [2, 0, 1]


def test_a_game_is_the_same_whenever_it_is_played() -> None:
    config = RunConfig(9, 3, "1st", ("random",))
    assert stable(play_game(config, 2)) == stable(play_game(config, 2))
    assert stable(play_game(config, 2)) != stable(play_game(config, 3))
    assert set(play_game(config, 2)[0]) == {name for name, _ in COLUMNS}


def test_the_base_package_imports_no_sim_dependency() -> None:
    code = (
        "import sys, ragusa, ragusa.cli, ragusa.sim, ragusa.sim.games, ragusa.sim.commands\n"
        "heavy = {'pyarrow', 'matplotlib', 'tqdm', 'openskill', 'ray', 'numpy'}\n"
        "print(sorted({m.split('.')[0] for m in sys.modules} & heavy))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
