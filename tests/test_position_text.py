"""The position text: every reachable position round-trips exactly, fits in 1,000 characters, and
any other input is refused with a `ValueError` naming the column (or the clause and the numbers)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ragusa import (
    GameState,
    InvalidInputError,
    Options,
    apply,
    is_chance,
    legal_actions,
    new_game,
    position_from_text,
    position_to_text,
    state_to_json,
)
from ragusa.core.state import Phase
from tests import boundary_positions, chance_support
from tests.golden.transcript import states_of

GOLDEN = sorted((Path(__file__).parent / "golden").glob("*.txt"))


def golden_states(path: Path) -> Iterator[GameState]:
    return states_of(path.read_text(encoding="utf-8"))


def round_trips(state: GameState) -> int:
    text = position_to_text(state)
    assert "\n" not in text and len(text) <= 1000, len(text)
    assert position_from_text(text) == state, text
    return len(text)


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: p.stem)
def test_every_position_of_the_golden_games_round_trips(path: Path) -> None:
    assert max(round_trips(s) for s in golden_states(path)) <= 1000


@pytest.mark.parametrize("mode", boundary_positions.MODES, ids=repr)
def test_every_position_of_random_games_round_trips(mode: tuple[int, str, Options]) -> None:
    assert max(round_trips(s) for s in boundary_positions.game(*mode, seed=7)) <= 1000


@pytest.mark.parametrize("mode", chance_support.MODES, ids=repr)
def test_every_position_with_explicit_chance_round_trips_its_chance_nodes_included(
    mode: tuple[int, str, Options],
) -> None:
    states = list(boundary_positions.game(*mode, seed=3, chance=True))
    assert sum(is_chance(s) for s in states) >= 3  # the setup's draws at least
    assert max(round_trips(s) for s in states) <= 1000


@settings(max_examples=40, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(
    mode=st.sampled_from([*boundary_positions.MODES, *chance_support.MODES]),
    seed=st.integers(0, 10**6),
    chance=st.booleans(),
    at=st.floats(0, 1),
)
def test_any_position_of_any_mode_round_trips(
    mode: tuple[int, str, Options], seed: int, chance: bool, at: float
) -> None:
    states = list(boundary_positions.game(*mode, seed=seed, chance=chance))
    round_trips(states[int(at * (len(states) - 1))])


def test_a_typical_mid_game_four_player_position_takes_about_400_characters() -> None:
    lengths = [len(position_to_text(boundary_positions.middle(4, seed=seed))) for seed in range(1, 6)]
    # ~20 houses and four seats' holdings; the decks' orders coded in 14 and 7 characters
    assert all(330 <= n <= 450 for n in lengths), lengths


def test_the_decks_are_written_as_the_coded_order_of_the_cards_in_no_other_place() -> None:
    s = boundary_positions.middle(4)
    text = position_to_text(s)
    ships = re.search(r" ships=(\S*) ", text)
    bonus = re.search(r" bonus=(\S*) ", text)
    assert ships and bonus and ships.group(1).startswith("~") and bonus.group(1).startswith("~")
    assert len(s.ship_deck) == 21 and len(ships.group(1)) <= 15  # 21! < 36 ** 14
    # the same deck written as a list of its ships reads as the same position
    listed = text.replace(ships.group(0), " ships=" + ".".join(x.removeprefix("ship-") for x in s.ship_deck) + " ")
    assert position_from_text(listed) == s


@pytest.mark.parametrize(
    ("code", "expected"), [("~", "expected a coded order"), ("~zzzzzzzzzzzzzzzzz", "no order of the 21 cards")]
)
def test_a_coded_order_that_names_no_order_is_refused(code: str, expected: str) -> None:
    text = re.sub(r" ships=\S*", f" ships={code}", position_to_text(boundary_positions.middle(4)))
    with pytest.raises(InvalidInputError, match=expected) as info:
        position_from_text(text)
    assert info.value.path == f"column {text.index(' ships=') + 8}"


def test_the_text_reads_field_by_field() -> None:
    s = new_game(2, seed=4)
    text = position_to_text(s)
    assert text.startswith("2nd setup_bonus@")
    assert re.search(r" market=\d+\.\d+\.\d+ slots=\d+\.\d+\.\d+\.\d+\.\d+ ", text), text
    assert re.search(r" @0 left=12\.2\.15 d=[a-z-]+\.[a-z-]+\.[a-z-]+ @1 ", text), text
    back = position_from_text(text)
    assert back == s and state_to_json(back) == state_to_json(s)


# ---- what a table cannot know --------------------------------------------------------------------


def _unknown(text: str) -> str:
    for key in ("ships", "bonus", "seed"):
        text = re.sub(rf" {key}=\S*", f" {key}=?", text)
    return text


@pytest.mark.parametrize("players", [1, 2, 4, 5])
def test_unknown_decks_and_generator_are_drawn_from_what_is_left(players: int) -> None:
    s = boundary_positions.middle(players)
    text = _unknown(position_to_text(s))
    got = position_from_text(text)
    assert sorted(got.ship_deck) == sorted(s.ship_deck) and sorted(got.bonus_deck) == sorted(s.bonus_deck)
    assert (got.players, got.houses, got.market, got.slots, got.phase, got.seat) == (
        s.players,
        s.houses,
        s.market,
        s.slots,
        s.phase,
        s.seat,
    )
    assert position_from_text(text) == got  # one text, one position
    others = {position_from_text(text, seed=k).ship_deck for k in range(5)}
    assert len(others) > 1  # the order is drawn, not fixed


def test_leaving_a_field_out_is_the_same_as_writing_it_unknown() -> None:
    text = position_to_text(boundary_positions.middle(3))
    bare = re.sub(r" (ships|bonus|seed)=\S*", "", text)
    assert position_from_text(bare, seed=1) == position_from_text(_unknown(text), seed=1)


def test_with_explicit_chance_the_cards_not_drawn_yet_are_the_rest() -> None:
    s = next(
        x
        for x in boundary_positions.game(3, "2nd", Options(), seed=1, chance=True)
        if x.phase == Phase.PLACE and not is_chance(x)
    )
    assert s.chance is not None and s.chance.ship_hidden == len(s.ship_deck)
    text = position_to_text(s)
    assert " chance " in text and " ships= " in text and "seed=" not in text
    assert position_from_text(text) == s


# ---- refusals ------------------------------------------------------------------------------------

MIDDLE = position_to_text(boundary_positions.middle(4))


def refusal(text: str) -> InvalidInputError:
    with pytest.raises(InvalidInputError) as info:
        position_from_text(text)
    return info.value


@pytest.mark.parametrize(
    ("text", "column", "expected"),
    [
        ("", 1, "expected the edition, 1st or 2nd"),
        ("3rd place@0", 1, "'3rd': expected the edition, 1st or 2nd"),
        ("2nd turn=0", 11, "the phase is missing; expected e.g. place@0"),
        ("2nd place@x", 11, "'x': expected a seat, 0 to 4"),
        ("2nd place@0 colour=red", 13, "'colour': not a field of the table (before @0)"),
        ("2nd place@0 @1", 13, "'@1': expected @0, the next seat"),
        ("2nd place@0 market=2.2.x", 24, "'x': expected a bead's place on the market track"),
        ("2nd place@0 market=2.2.2.2", 20, "expected at most 3 numbers"),
        ("2nd place@0 @0 h=3.76", 20, "'76': expected a spot (1 to 75)"),
        ("2nd place@0 @0 h=3 @1 h=3", 25, "spot 3 is written twice: it holds one house (TURN-1)"),
        ("2nd place@0 @0 b=walls:3.towers", 18, "either every bonus card has its VP"),
        ("2nd place@0 turn=1 turn=2", 20, "turn= is given twice"),
        ("2nd place@0\n@0", 12, "a line break; a position text is one line"),
    ],
)
def test_a_malformed_text_names_the_column_and_what_was_expected(text: str, column: int, expected: str) -> None:
    err = refusal(text)
    assert err.path == f"column {column}", err
    assert expected in err.explanation, err


@pytest.mark.clause("FISH-1")
def test_an_impossible_position_is_refused_with_its_clause_its_numbers_and_its_column() -> None:
    # seat 0 of the middle position holds 2 fish having traded 2 away: 9 fish are more than the 4
    # sea hexes its houses touch gave it
    assert " @0 h=5.15.33.51.63 r=2.2.2.4.1.1 " in MIDDLE
    text = MIDDLE.replace(" @0 h=5.15.33.51.63 r=2.", " @0 h=5.15.33.51.63 r=9.")
    err = refusal(text)
    assert err.violations and err.violations[0].clause == "FISH-1"
    assert err.path == f"column {text.index(' r=9.') + 4}"
    assert "9 fish + 2 traded away" in err.explanation and "4 sea hexes" in err.explanation


@pytest.mark.clause("TURN-1")
def test_a_deciding_seat_that_does_not_exist_is_refused_at_the_phase() -> None:
    err = refusal(MIDDLE.replace("place@3", "place@4"))
    assert err.path == "column 5" and "seat 4 does not exist (0..3)" in err.explanation
    assert err.violations[0].clause == "TURN-1"


def test_a_text_longer_than_any_position_is_refused_unread() -> None:
    err = refusal("2nd " + "x" * 5000)
    assert err.path == "column 1" and "5,004 characters" in err.explanation


@pytest.mark.parametrize("value", [None, 3, b"2nd place@0", ["2nd"]])
def test_what_is_not_a_string_is_refused(value: object) -> None:
    with pytest.raises(InvalidInputError, match="a position text is a string"):
        position_from_text(value)  # type: ignore[arg-type]


# ---- fuzzing: nothing but ValueError ---------------------------------------------------------------

SAMPLES = [
    MIDDLE,
    position_to_text(boundary_positions.last(2)),
    position_to_text(boundary_positions.middle(1, Options(solo_easier_rector=True))),
    position_to_text(
        next(
            s
            for s in boundary_positions.game(2, "2nd", Options(), seed=2, chance=True)
            if is_chance(s) and s.placements
        )
    ),
    position_to_text(new_game(3, chance=True)),
]
ALPHABET = st.sampled_from(list('0123456789.=@:+-/? ,abcdefhlnoprstvw{}"_P\n') + ["@0", "h=", "seed=", "draw="])


def _reads_or_refuses(text: str) -> None:
    try:
        position_from_text(text)
    except ValueError:
        pass


@settings(max_examples=300, deadline=None, derandomize=True)
@given(st.text(max_size=120) | st.lists(ALPHABET, max_size=60).map("".join))
def test_any_text_reads_or_raises_value_error(text: str) -> None:
    _reads_or_refuses(text)
    _reads_or_refuses("2nd place@0 " + text)


@settings(max_examples=300, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(
    sample=st.sampled_from(SAMPLES),
    edits=st.lists(st.tuples(st.floats(0, 1), st.integers(0, 3), ALPHABET), min_size=1, max_size=4),
)
def test_any_edit_of_a_real_position_reads_or_raises_value_error(
    sample: str, edits: list[tuple[float, int, str]]
) -> None:
    text = sample
    for where, cut, insert in edits:
        i = int(where * len(text))
        text = text[:i] + insert + text[i + cut :]
    _reads_or_refuses(text)


# ---- the docs ------------------------------------------------------------------------------------

DOCS = Path(__file__).resolve().parents[1] / "docs"
POSITION_FENCE = re.compile(r"^```position\n(.*?)\n```", re.S | re.M)


def position_fences(page: str) -> list[str]:
    return POSITION_FENCE.findall((DOCS / page).read_text(encoding="utf-8"))


def test_the_position_shown_on_the_docs_page_is_the_one_its_example_makes() -> None:
    state = new_game(4, seed=1)
    for _ in range(40):
        moves = legal_actions(state)
        state = apply(state, moves[len(moves) // 2])
    (shown,) = position_fences("position-text.md")
    assert shown == position_to_text(state)
    assert state.phase == Phase.TRADE_WINDOW and state.seat == 2 and state.queue[0] == 47  # spot 48


def test_the_writer_may_leave_out_what_a_table_cannot_know() -> None:
    s = boundary_positions.middle(4)
    text = position_to_text(s, unknown=True)
    assert text == _unknown(position_to_text(s))
    assert " ships=? bonus=? seed=? " in text
