"""The ``ragusa`` command line (play, bench, --version), run in-process.

Most of these are tooling tests and carry no clause marker. The ones that check a rule on the
printed result (the winner line follows WIN-1 / R-7) say so with the marker.
"""

from __future__ import annotations

import random
import re

import pytest

from ragusa import GameState, Options, __version__, apply, is_terminal, legal_actions, new_game, scores, winners
from ragusa.bench import main as bench_main
from ragusa.bots import make_bot
from ragusa.cli import COMMANDS, build_parser, main
from ragusa.core.components import COMMODITIES, COMPONENTS
from ragusa.text.i18n import card_title

TOTAL = re.compile(r"^  seat (\d+): .*\| total (-?\d+)$", re.M)
WINNER = re.compile(r"^Winners?: (.*) (?:with|share the victory with) (\d+) VP", re.M)


def _replay(players: int, seed: int, edition: str, bot: str, strict: bool = False) -> GameState:
    """The same game as ``ragusa play`` through the public API: same game seed, same bot seed."""
    state = new_game(players, seed=seed, edition=edition, options=Options(strict=strict))
    b = make_bot(bot)
    rng = random.Random(seed)
    while not is_terminal(state):
        state = apply(state, b.choose(state, legal_actions(state), rng))
    return state


def _printed_totals(out: str) -> dict[int, int]:
    return {int(s) - 1: int(t) for s, t in TOTAL.findall(out)}  # people count seats from 1


def _printed_winners(out: str) -> tuple[int, ...]:
    m = WINNER.search(out)
    assert m, "no winner line"
    return tuple(int(x) - 1 for x in re.findall(r"\d+", m.group(1)))


CASES = [(n, bot, ed) for n in (2, 3, 4, 5) for bot in ("random", "greedy") for ed in ("1st", "2nd")]


@pytest.mark.parametrize(("players", "bot", "edition"), CASES)
def test_play_prints_log_breakdown_and_winner(
    players: int, bot: str, edition: str, capsys: pytest.CaptureFixture[str]
) -> None:
    seed = 7 + players
    code = main(["play", "--players", str(players), "--seed", str(seed), "--bot", bot, "--edition", edition])
    out = capsys.readouterr().out
    assert code == 0
    assert f"Ragusa: {players} players, seed {seed}, {edition} edition" in out
    assert "Turn 1: seat" in out and "places a house on" in out
    assert "Final scores" in out
    final = _replay(players, seed, edition, bot)
    # the printed totals are scores() of the same game replayed through the API
    assert _printed_totals(out) == dict(enumerate(scores(final)))
    assert _printed_winners(out) == winners(final)
    # every placement made is logged: one "Turn k:" line per placement
    assert len(re.findall(r"^Turn \d+: seat \d+ places a (?:house|powerhouse) on ", out, re.M)) == final.placements
    # the breakdown names every source and every bonus card a seat kept, with its VP
    for seat, p in enumerate(final.players):
        line = next(x for x in out.splitlines() if x.startswith(f"  seat {seat + 1}: "))
        for name in ("mason", "fishmonger", "wharf", "ships", "walls", "cathedral"):
            assert f"{name} " in line
        for card, vp in zip(p.bonus_cards, p.bonus_vp):
            assert f"{card_title(card)} {vp}" in line


def test_play_keeps_bonus_cards_hidden_until_the_end(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--players", "4", "--seed", "3", "--bot", "greedy"]) == 0
    out = capsys.readouterr().out
    during, _, end = out.partition("Final scores")
    assert "keeps 1 of its 3 dealt bonus cards" in during
    for card in COMPONENTS.bonus_cards:
        assert card.id not in during
    assert any(f"{card_title(card.id)} " in end.partition("\n")[2] for card in COMPONENTS.bonus_cards)


def test_play_logs_activations_and_decisions(capsys: pytest.CaptureFixture[str]) -> None:
    # seed 3, greedy, 4 players: a game with walls, production and Wharf sales (seen in its log)
    assert main(["play", "--players", "4", "--seed", "3", "--bot", "greedy"]) == 0
    out = capsys.readouterr().out
    assert re.search(r"^    forest-\d+: seat \d gains 1 wood \(now \d+\)$", out, re.M)
    assert re.search(r"^  seat \d builds wall w\d+ \(s\d+-s\d+\): \+\d+ VP$", out, re.M)
    assert re.search(r"^    seat \d makes \d+ (?:wine|oil|silver) \(now \d+", out, re.M)
    assert re.search(r"^  seat \d sells 1 (?:wine|oil|silver) at the Wharf for \d+ VP$", out, re.M)


def test_play_strict_option(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--players", "3", "--seed", "5", "--bot", "greedy", "--strict"]) == 0
    out = capsys.readouterr().out
    assert "strict R-3" in out
    assert _printed_totals(out) == dict(enumerate(scores(_replay(3, 5, "2nd", "greedy", strict=True))))


def _tied_leaders(final: GameState) -> list[int]:
    totals = scores(final)
    return [s for s, vp in enumerate(totals) if vp == max(totals)]


@pytest.mark.clause("WIN-1")
def test_play_tie_is_broken_by_commodity_value(capsys: pytest.CaptureFixture[str]) -> None:
    # Random bots, 4 players, seed 46: two seats end level on VP (found by search; the replay
    # below says which). WIN-1: the tie goes to the higher commodity value, each held commodity
    # times its end market value, worked out here from the final holdings.
    assert main(["play", "--players", "4", "--seed", "46", "--bot", "random"]) == 0
    out = capsys.readouterr().out
    final = _replay(4, 46, "2nd", "random")
    a, b = _tied_leaders(final)
    vp = scores(final)[a]
    track = COMPONENTS.market.track
    value = {
        s: sum(final.players[s].commodities[c] * track[final.market[c]] for c in range(len(COMMODITIES)))
        for s in (a, b)
    }
    assert value[a] != value[b]
    expected = a if value[a] > value[b] else b
    assert f"Tie on {vp} VP between seats {a + 1} and {b + 1}" in out  # seats counted from 1
    assert f"seat {a + 1} {value[a]}, seat {b + 1} {value[b]}" in out
    assert f"Winner: seat {expected + 1} with {vp} VP (tie-break)." in out
    assert winners(final) == (expected,)


@pytest.mark.clause("R-7")
def test_play_shared_victory(capsys: pytest.CaptureFixture[str]) -> None:
    # Random bots, 4 players, seed 92: two seats tie on VP and on commodity value (found by
    # search); R-7: they share the victory.
    assert main(["play", "--players", "4", "--seed", "92", "--bot", "random"]) == 0
    out = capsys.readouterr().out
    final = _replay(4, 92, "2nd", "random")
    a, b = _tied_leaders(final)
    assert f"Winners: seats {a + 1} and {b + 1} share the victory with {scores(final)[a]} VP" in out
    assert winners(final) == (a, b)


def test_play_solo_plays_or_is_a_clear_error(capsys: pytest.CaptureFixture[str]) -> None:
    try:
        new_game(1, seed=1)
        solo = True
    except ValueError:
        solo = False
    code = main(["play", "--players", "1", "--seed", "1", "--bot", "random"])
    captured = capsys.readouterr()
    if solo:  # once solo exists, play just plays it
        assert code == 0 and "Final scores" in captured.out
        assert "Solo result (SOLO-7)" in captured.out
        assert _printed_totals(captured.out) == dict(enumerate(scores(_replay(1, 1, "2nd", "random"))))
    else:
        assert code == 2
        assert "solo" in captured.err and "not available" in captured.err


def test_play_at_a_level_plays_its_bot(capsys: pytest.CaptureFixture[str]) -> None:
    # medium is the expert bot (ragusa.bots.LEVELS): the same game as the expert playing every seat
    assert main(["play", "--players", "3", "--seed", "2", "--level", "medium"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Ragusa: 3 players, seed 2, 2nd edition, every seat: level medium (expert) bot")
    assert _printed_totals(out) == dict(enumerate(scores(_replay(3, 2, "2nd", "expert"))))
    assert main(["play", "--players", "2", "--seed", "2", "--bots", "easy,medium"]) == 0
    assert "seats: easy, medium" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        main(["play", "--players", "2", "--level", "brutal"])
    assert "invalid choice: 'brutal' (choose from 'easy', 'medium', 'hard')" in capsys.readouterr().err


def test_play_rejects_bad_player_counts(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--players", "6", "--seed", "1"]) == 2
    assert "1 to 5 players" in capsys.readouterr().err


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["--version"])
    assert exc.value.code == 0
    assert capsys.readouterr().out.strip() == f"ragusa {__version__}"


def test_no_subcommand_prints_help(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([]) == 2
    assert "play" in capsys.readouterr().out


def test_build_parser_lists_every_command() -> None:
    parser, handlers = build_parser()
    assert set(handlers) == {c.name for c in COMMANDS} >= {"play", "bench"}
    args = parser.parse_args(["play", "--players", "3", "--seed", "2"])
    assert args.command == "play" and args.players == 3 and args.bot == "greedy" and args.edition == "2nd"


FIGURES = (
    r"^decisions per second: [\d,]+ ",
    r"^legal_actions: [\d.]+ us per call \(\d+ calls\)$",
    r"^apply: [\d.]+ us per call \(\d+ calls\)$",
    r"^full game: [\d.]+ ms$",
    r"^measured: 2 games, 4 players, \d+ decisions",
    r"^build: (pure Python|compiled \(mypyc\): \d+ modules), Python 3\.\d+",
)


def test_bench_prints_the_four_figures(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "--games", "2", "--warmup", "1"]) == 0
    out = capsys.readouterr().out
    for pattern in FIGURES:
        assert re.search(pattern, out, re.M), pattern
    for reading in (
        r"state_from_json, mid-game 4 players .* ms median",
        r"record_from_json, whole 4-player game",
        r"import ragusa, fresh interpreter, bytecode cached: [\d.]+ ms median \([\d.]+ ms CPU",
    ):
        assert re.search(reading, out), reading


def test_bench_module_entry_and_profile(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench_main(["--games", "2", "--warmup", "0", "--profile", "--top", "5", "--no-reading"]) == 0
    out = capsys.readouterr().out
    for pattern in FIGURES:
        assert re.search(pattern, out, re.M), pattern
    assert "cProfile" in out and "tottime" in out and "apply" in out


def test_bench_rejects_zero_games(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "--games", "0"]) == 2
