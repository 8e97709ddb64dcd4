"""The search bot and bots by spec: tooling, no clause marker."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

import attrs
import pytest

from ragusa import GameState, Pass, Place, Trade, apply, is_terminal, legal_actions, new_game, scores, view
from ragusa.bots import Bot, ExpertBot, GreedyBot, RandomBot, bot_names, make_bot, make_bots, play
from ragusa.cli import main as cli_main
from ragusa.core.actions import Action
from ragusa.core.board import BOARD, BUILDING_INDEX
from ragusa.core.state import Phase
from ragusa.ismcts import ISMCTSBot, SearchConfig, _iterate, _leaf, _margins, _Node, search
from tests.support import position
from tests.test_ai_observation import _hidden_changed, _midgame


@pytest.mark.parametrize("heuristic", ["greedy", "expert"])
def test_same_view_same_seed_same_choice(heuristic: str) -> None:
    bot = ISMCTSBot(SearchConfig(iterations=60, heuristic=heuristic))
    checked = 0
    for players, decisions in ((2, 9), (4, 21), (3, 40)):
        state = _midgame(players, seed=players, decisions=decisions)
        seat = state.seat
        assert seat is not None and len(legal_actions(state)) > 1
        other = _hidden_changed(state, seat)
        assert other != state and view(other, seat) == view(state, seat)
        a = bot.choose(state, legal_actions(state), random.Random(5))
        b = bot.choose(other, legal_actions(other), random.Random(5))
        assert a == b and a in legal_actions(state)
        checked += 1
    assert checked == 3


def test_narrow_opponent_search_reads_only_the_view_too() -> None:
    bot = ISMCTSBot(SearchConfig(iterations=40, opponent_width=1))
    state = _midgame(4, seed=9, decisions=25)
    seat = state.seat
    assert seat is not None
    other = _hidden_changed(state, seat)
    a = bot.choose(state, legal_actions(state), random.Random(2))
    assert a == bot.choose(other, legal_actions(other), random.Random(2)) and a in legal_actions(state)


def test_search_needs_the_deciding_seat() -> None:
    state = _midgame(2, seed=1, decisions=5)
    assert state.seat is not None
    with pytest.raises(ValueError, match="does not decide"):
        search(view(state, 1 - state.seat), random.Random(0))


@pytest.mark.parametrize("heuristic", ["greedy", "expert"])
def test_search_takes_the_sure_bonus_vp_at_the_end(heuristic: str) -> None:
    # END-2 window, 4 fish, bonus-wood (2 VP per wood): trading is worth VP for certain.
    state = position(4, res={0: {"fish": 4}}, player={0: {"bonus_cards": ("bonus-wood",)}})
    state = attrs.evolve(state, phase=Phase.END_TRADE, seat=0, end_seats=(0,))
    bot = ISMCTSBot(SearchConfig(iterations=40, heuristic=heuristic))
    assert bot.choose(state, legal_actions(state), random.Random(0)) == Trade("wood")


def test_a_time_budget_and_a_whole_game() -> None:
    bots: list[Bot] = [ISMCTSBot(SearchConfig(iterations=None, seconds=0.01)), GreedyBot()]
    final = play(new_game(2, seed=6), bots, random.Random(6))
    assert is_terminal(final)
    guided: list[Bot] = [ISMCTSBot(SearchConfig(iterations=3, heuristic="expert", playout=2)), ExpertBot()]
    assert is_terminal(play(new_game(2, seed=7), guided, random.Random(7)))
    solo = play(new_game(1, seed=6), [ISMCTSBot(SearchConfig(iterations=4))] * 3, random.Random(6))
    assert is_terminal(solo)


def test_bots_by_spec() -> None:
    assert isinstance(make_bot("greedy"), GreedyBot) and isinstance(make_bot(" random "), RandomBot)
    assert isinstance(make_bot("expert"), ExpertBot)
    bot = make_bot("ismcts:150")
    assert isinstance(bot, ISMCTSBot) and bot.config.iterations == 150 and bot.config.seconds is None
    timed = make_bot("ismcts:0.25s")
    assert isinstance(timed, ISMCTSBot) and timed.config == SearchConfig(iterations=None, seconds=0.25)
    cpu = make_bot("ismcts:0.5cpu+heuristic=expert+width=4+settle")
    assert isinstance(cpu, ISMCTSBot) and cpu.config == SearchConfig(
        iterations=None, cpu_seconds=0.5, heuristic="expert", width=4, settle=True
    )
    capped = make_bot("ismcts:600+cpu=0.95+playout=99+chain=0")
    assert isinstance(capped, ISMCTSBot) and capped.config == SearchConfig(
        iterations=600, cpu_seconds=0.95, playout=99, chain=False
    )
    options_only = make_bot("ismcts:heuristic=expert")
    assert isinstance(options_only, ISMCTSBot) and options_only.config == SearchConfig(heuristic="expert")
    assert isinstance(make_bot("ismcts"), ISMCTSBot)
    assert {"greedy", "random", "expert", "ismcts", "easy", "medium", "hard"} <= set(bot_names())
    seats = make_bots("ismcts:5,greedy,random", 3)
    assert [b.name for b in seats] == ["ismcts", "greedy", "random"]
    assert [b.name for b in make_bots("greedy", 4)] == ["greedy"] * 4


def test_levels_are_bot_specs() -> None:
    # each level names the bot and budget it plays; its name is a spec of that bot
    from ragusa.bots import LEVELS, level

    assert [lv.name for lv in LEVELS] == ["easy", "medium", "hard"]
    assert isinstance(make_bot("easy"), GreedyBot) and isinstance(make_bot("medium"), ExpertBot)
    hard = make_bot("hard")
    assert isinstance(hard, ISMCTSBot) and hard.config == make_bot(level("hard").spec).config  # type: ignore[attr-defined]
    assert hard.config.seconds == 0.5 and hard.config.iterations is None
    with pytest.raises(ValueError, match="unknown level 'brutal'; choose from easy, medium, hard"):
        level("brutal")


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("clever", "unknown bot 'clever'"),
        ("greedy:3", "takes no argument"),
        ("expert:fast", "takes no argument"),
        ("ismcts:lots", "ismcts takes a budget"),
        ("ismcts:0", "ismcts takes a budget"),
        ("ismcts:-1s", "ismcts takes a budget"),
        ("ismcts:0cpu", "ismcts takes a budget"),
        ("ismcts:200+depth=3", "unknown ismcts option 'depth'"),
        ("ismcts:200+width=six", "ismcts option width takes a number"),
        ("ismcts:200+settle=maybe", "ismcts option settle takes 0 or 1"),
        ("ismcts:200+heuristic=oracle", "heuristic must be one of greedy, expert"),
    ],
)
def test_bad_specs_say_what_is_wrong(spec: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        make_bot(spec)


def test_wrong_number_of_bots() -> None:
    with pytest.raises(ValueError, match="lists 2 bots for 3 deciding seats"):
        make_bots("greedy,random", 3)


def test_bots_of_your_own_by_name() -> None:
    # the registry is read-only; make_bot takes extra factories for a call
    mine = {"always-first": lambda arg=None: _First()}
    assert make_bot("always-first", mine).name == "first"
    assert [b.name for b in make_bots("always-first,greedy", 2, mine)] == ["first", "greedy"]
    assert "always-first" in bot_names(mine) and "always-first" not in bot_names()
    with pytest.raises(ValueError, match="unknown bot 'always-first'"):
        make_bot("always-first")
    with pytest.raises(TypeError):
        from ragusa.bots import BOTS

        BOTS["always-first"] = mine["always-first"]  # type: ignore[index]


class _First:
    name = "first"

    def choose(self, state: GameState, actions: Sequence[Action], rng: random.Random) -> Action:
        return actions[0]


def test_cli_plays_with_bots_by_spec(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli_main(["play", "--players", "3", "--seed", "4", "--bots", "ismcts:3,greedy,random"]) == 0
    out = capsys.readouterr().out
    assert "seats: ismcts:3, greedy, random" in out and "Final scores" in out
    assert cli_main(["play", "--players", "3", "--seed", "4", "--bots", "greedy,random"]) == 2
    assert "lists 2 bots for 3 deciding seats" in capsys.readouterr().err
    assert cli_main(["play", "--players", "2", "--seed", "4", "--bots", "ismcts:x"]) == 2
    assert "ismcts takes a budget" in capsys.readouterr().err


def test_greedy_no_longer_trades_into_production_lost_to_the_cap() -> None:
    # Seat 0: 3 grapes, 11 wine, 4 fish; it places on s46 (Architect, olive grove, Winery). Its
    # Winery house will make min(grapes, 12 - 11) = 1 wine whatever its grapes: a fish trade for
    # grapes is lost to the cap (RES-2). The old evaluation counted every grape (0.35 x frac x
    # grapes x houses x market value) and took Trade("grapes") at the Architect decision.
    assert BUILDING_INDEX["winery"] in {BOARD.hex_building[h] for h in BOARD.spot_hexes[BOARD.spot_index["s46"]]}
    state = position(2, res={0: {"wood": 3, "stone": 3, "grapes": 3, "fish": 4}}, com={0: {"wine": 11}})
    state = apply(state, Place("s46"))
    assert state.phase == Phase.ARCHITECT and Trade("grapes") in legal_actions(state)
    choice = GreedyBot().choose(state, legal_actions(state), random.Random(0))
    assert not isinstance(choice, Trade)
    # the trade really is waste: with or without it, the Winery leaves seat 0 with 12 wine
    for first in (Trade("grapes"), choice):
        s = apply(state, first)
        while s.turn_seat == 0 and s.phase != Phase.PLACE and not is_terminal(s):
            acts = legal_actions(s)
            s = apply(s, next((a for a in acts if not isinstance(a, Trade) and a != Pass()), acts[0]))
        assert s.players[0].commodities[1] == 12


def test_margins_over_the_best_rival_or_the_rivals_mean() -> None:
    # estimates 10, 6, 2 VP; scale 8: seat 0 leads the best rival by 4 and the rivals' mean (4) by 6
    best = _margins([10.0, 6.0, 2.0], 8.0)
    mean = _margins([10.0, 6.0, 2.0], 8.0, rival_max=0.0)
    assert best[0] == pytest.approx(0.5 + 0.5 * math.tanh(4 / 8))
    assert mean[0] == pytest.approx(0.5 + 0.5 * math.tanh(6 / 8))
    assert best[2] == pytest.approx(0.5 + 0.5 * math.tanh(-8 / 8))  # 2 against 10
    assert mean[2] == pytest.approx(0.5 + 0.5 * math.tanh(-6 / 8))  # 2 against (10 + 6) / 2


def test_a_playout_to_the_end_scores_the_greedy_game_exactly() -> None:
    state = _midgame(3, seed=2, decisions=60)
    cfg = SearchConfig(playout=1000, scale=8.0)
    values = _leaf(state, cfg, GreedyBot(), random.Random(3), 0)
    final = play(state, [GreedyBot()] * 3, random.Random(3))
    assert is_terminal(final) and values == _margins([float(v) for v in scores(final)], 8.0)
    # one placement: the leaf is scored at the next placement decision, not at the end
    shorter = _leaf(state, attrs.evolve(cfg, playout=1), GreedyBot(), random.Random(3), 0)
    assert shorter != values


def _depth_and_size(node: _Node) -> tuple[int, int]:
    below = [_depth_and_size(n) for n in node.next.values()]
    return 1 + max((d for d, _ in below), default=-1), 1 + sum(n for _, n in below)


def test_chain_walks_the_other_seats_replies_in_one_iteration() -> None:
    state = _midgame(4, seed=9, decisions=25)
    seat = state.seat
    assert seat is not None and state.phase == Phase.PLACE
    shapes = []
    for chain in (False, True):
        root = _Node()
        for _ in range(10):
            _iterate(root, view(state, seat), SearchConfig(chain=chain), random.Random(1), GreedyBot())
        shapes.append(_depth_and_size(root))
    # without chain each iteration adds one node (10 and the root); with it, an iteration that
    # reaches another seat's decision walks on through the replies, so the tree is larger and deeper
    (depth, size), (chain_depth, chain_size) = shapes
    assert size == 11 and chain_size > size and chain_depth > depth


def test_a_cpu_budget_alone() -> None:
    state = _midgame(2, seed=3, decisions=11)
    seat = state.seat
    assert seat is not None
    a = search(view(state, seat), random.Random(0), SearchConfig(iterations=None, cpu_seconds=0.02))
    assert a in legal_actions(state)


class _FakeClock:
    """`time` for the search with a CPU clock that moves only when an iteration runs."""

    def __init__(self) -> None:
        self.cpu = 0.0

    def perf_counter(self) -> float:
        return 0.0

    def process_time(self) -> float:
        return self.cpu


@pytest.mark.parametrize(
    ("budget", "iterations", "used"), [(1.0, 3, 0.9), (0.95, 3, 0.9), (0.5, 1, 0.3), (0.1, 1, 0.3)]
)
def test_a_cpu_budget_is_a_limit_not_a_target(
    monkeypatch: pytest.MonkeyPatch, budget: float, iterations: int, used: float
) -> None:
    # each iteration costs 0.3 s of the fake clock: with 1 s, a 4th would start at 0.9 and end
    # at 1.2, so it does not start (3 run, 0.9 s used); the first always runs, even past the budget
    import ragusa.ismcts as ismcts

    clock = _FakeClock()
    runs: list[float] = []

    def costly(*args: object) -> None:
        runs.append(clock.cpu)
        _iterate(*args)  # type: ignore[arg-type]
        clock.cpu += 0.3

    monkeypatch.setattr(ismcts, "time", clock)
    monkeypatch.setattr(ismcts, "_iterate", costly)
    state = _midgame(2, seed=2, decisions=9)
    seat = state.seat
    assert seat is not None
    search(view(state, seat), random.Random(1), SearchConfig(iterations=None, cpu_seconds=budget))
    assert len(runs) == iterations
    assert clock.cpu == pytest.approx(used)
