"""Validated JSON input: every reader raises InvalidInputError naming the JSON path, and nothing else.

Two kinds of tests:

* targeted: a real position, made by hand through legal actions, changed in one value so that it
  breaks one rule; the error must name that value's path and the numbers (worked out by hand);
* fuzz (hypothesis): thousands of malformed documents (wrong types, missing and extra fields,
  out-of-range numbers, inconsistent states, huge and deeply nested values) fed to every reader;
  each either raises InvalidInputError or returns a whole object that passes every check again.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from importlib import resources
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ragusa import (
    GameState,
    InvalidInputError,
    Place,
    Trade,
    action_from_json,
    apply,
    is_terminal,
    legal_actions,
    new_game,
    state_from_json,
    state_to_json,
    validate,
)
from ragusa.contract.components import load_components
from ragusa.contract.records import GameRecord, record_from_json, record_to_json
from ragusa.contract.serialization import action_to_data, action_to_json, state_to_data
from ragusa.contract.validation import check_state
from ragusa.contract.views import view, view_from_json, view_to_json
from ragusa.core.board import BOARD, KIND_CITY
from ragusa.core.components import COMPONENTS
from ragusa.core.errors import ComponentDataError
from ragusa.core.state import POWERHOUSE, Options, Phase
from tests.support import after_setup, position

# --------------------------------------------------------------------------- a hand-made position


def three_player_position() -> GameState:
    """3 players, seed 0 (start seat 0). Seat 0 places on s58 (forest-7, sea-2, sea-4: +1 wood,
    +2 fish), seat 1 on s6 (forest-2, quarry-2, vineyard-2), seat 2 on s13 (forest-3, quarry-2,
    vineyard-2); seat 0, to place again, trades its 2 fish for 1 olives (FISH-1).
    Seat 0 then holds fish 0, wood 1, olives 1, fish_traded 2, 11 houses left (12 - 1), 15 towers."""
    s = after_setup(3, seed=0)
    for a in (Place("s58"), Place("s6"), Place("s13"), Trade("olives")):
        s = apply(s, a)
    return s


BASE = three_player_position()
BASE_DATA: dict[str, Any] = json.loads(state_to_json(BASE))


def test_the_hand_made_position_is_what_the_docstring_says() -> None:
    p = BASE.players[0]
    assert p.resources == (0, 1, 0, 0, 0, 1) and p.fish_traded == 2 and p.houses_left == 11
    assert BASE.seat == 0 and BASE.phase == Phase.PLACE and BASE.placements == 3
    check_state(BASE)


def broken(change: Callable[[dict[str, Any]], None]) -> InvalidInputError:
    data = copy.deepcopy(BASE_DATA)
    change(data)
    with pytest.raises(InvalidInputError) as info:
        state_from_json(json.dumps(data))
    return info.value


def _set(*path: Any, value: Any) -> Callable[[dict[str, Any]], None]:
    def change(d: Any) -> None:
        for k in path[:-1]:
            d = d[k]
        d[path[-1]] = value

    return change


# (change, expected path, words the message must contain)
CASES: list[tuple[str, Callable[[dict[str, Any]], None], str, list[str]]] = [
    # RES-2: at most 12 of a commodity
    (
        "commodity over the cap",
        _set("players", 2, "commodities", 1, value=13),
        "$.players[2].commodities[1]",
        ["13", "12", "RES-2"],
    ),
    # SETUP-2: 3 players have 12 houses: 1 on the board + 12 left = 13
    (
        "one house too many",
        _set("players", 0, "houses_left", value=12),
        "$.players[0].houses_left",
        ["= 13", "should be 12"],
    ),
    # SETUP-2: 15 towers, none built: 0 + 14 != 15
    (
        "a tower missing",
        _set("players", 0, "towers_left", value=14),
        "$.players[0].towers_left",
        ["0 towers", "14 left", "15"],
    ),
    # ACT-2 + FISH-1: 1 fish + 2 traded = 3, but the house touches 2 sea hexes
    (
        "a fish from nowhere",
        _set("players", 0, "resources", 0, value=1),
        "$.players[0].resources[0]",
        ["1 fish + 2 traded", "2 sea hexes"],
    ),
    # RES-1: forest-7 gave 1 wood; 0 wood would mean a resource went down
    ("wood went down", _set("players", 0, "resources", 1, value=0), "$.players[0].resources[1]", ["0 wood", "gave 1"]),
    # FISH-1: 2 olives bought (none from houses) cost 4 fish, but 2 were traded
    (
        "olives not paid for",
        _set("players", 0, "resources", 5, value=2),
        "$.players[0].fish_traded",
        ["2 fish traded", "cost 4"],
    ),
    # MARKET-1: no ship bought, so ship VP must be 0
    ("ship VP without ships", _set("players", 1, "vp", 3, value=2), "$.players[1].vp[3]", ["2 VP", "0 stars"]),
    # END-1: walls score only at the end
    ("wall VP before the end", _set("players", 1, "vp", 4, value=3), "$.players[1].vp[4]", ["only at the end"]),
    # RES-3: the track has 15 spaces (0..14)
    ("bead off the track", _set("market", 2, value=15), "$.market[2]", ["15", "0..14"]),
    # the deciding seat must exist
    ("no such seat", _set("seat", value=3), "$.seat", ["seat 3", "0..2"]),
    ("null seat in play", _set("seat", value=None), "$.seat", ["null exactly when the game is over"]),
    ("over with a seat", _set("phase", value="over"), "$.seat", ["null exactly when the game is over"]),
    # the board has 75 spots
    ("short board", lambda d: d["houses"].pop(), "$.houses", ["74 entries", "75"]),
    ("house of seat 3", _set("houses", 0, value=3), "$.houses[0]", ["seat 3 does not exist"]),
    ("powerhouse in 3p", _set("houses", 0, value=POWERHOUSE), "$.houses[0]", ["only with 2 players"]),
    # spot 0 (s1) is not on the wall ring, so it is no tower spot
    ("tower off the wall", _set("towers", 0, value=1), "$.towers[0]", ["not a tower spot"]),
    # 3 houses on the board but 5 placements counted
    ("placements miscounted", _set("placements", value=5), "$.placements", ["5 placements", "3 pieces"]),
    # SETUP-5: every ship in one place
    ("ship twice", lambda d: d["slots"].__setitem__(1, d["slots"][0]), "$.slots[1]", ["also at $.slots[0]"]),
    ("ship lost", lambda d: d["ship_deck"].pop(), "$.ship_deck", ["missing"]),
    ("unknown ship", _set("ship_deck", 0, value="ship-99"), "$.ship_deck[0]", ["unknown ship 'ship-99'"]),
    # SETUP-6: every bonus card in one place
    (
        "bonus card twice",
        lambda d: d["bonus_deck"].append(d["players"][0]["bonus_cards"][0]),
        "$.players[0].bonus_cards[0]",
        ["also at $.bonus_deck"],
    ),
    ("dealt after setup", _set("dealt", value=[["bonus-fish"], [], []]), "$.dealt", ["only during setup"]),
    ("rector hand outside the Rector", _set("rector_hand", value=["bonus-fish"]), "$.rector_hand", ["rector_keep"]),
    ("bookkeeping with no house resolving", _set("pending_hexes", value=[3]), "$.placed", ["bookkeeping"]),
    # schema-level
    (
        "wrong type",
        _set("players", 1, "commodities", 0, value="3"),
        "$.players[1].commodities[0]",
        ["expected integer"],
    ),
    ("unknown field", _set("colour", value="red"), "$", ["unknown field 'colour'"]),
    ("missing field", lambda d: d.pop("edition"), "$", ["missing required field 'edition'"]),
    ("unknown phase", _set("phase", value="lunch"), "$.phase", ['"lunch" is not one of']),
    (
        "negative resource",
        _set("players", 1, "resources", 2, value=-1),
        "$.players[1].resources[2]",
        ["below the minimum 0"],
    ),
    (
        "resources too long",
        lambda d: d["players"][1]["resources"].append(0),
        "$.players[1].resources",
        ["too many items (7)"],
    ),
    ("bool for an int", _set("passes", value=True), "$.passes", ["expected integer"]),
    ("solo of the wrong type", _set("solo", value=5), "$.solo", ["expected object or null"]),
]


@pytest.mark.clause(
    "RES-1", "RES-2", "RES-3", "SETUP-2", "SETUP-5", "SETUP-6", "ACT-1", "ACT-2", "FISH-1", "MARKET-1", "END-1"
)
@pytest.mark.parametrize(("name", "change", "path", "words"), CASES, ids=[c[0] for c in CASES])
def test_an_inconsistent_state_is_refused_at_its_path(
    name: str, change: Callable[[dict[str, Any]], None], path: str, words: list[str]
) -> None:
    err = broken(change)
    assert err.path == path, str(err)
    for w in words:
        assert w in err.explanation, str(err)
    assert str(err).startswith(path + ": ")


@pytest.mark.clause("TWO-2", "R-9")
def test_two_powerhouses_on_one_city_hex_are_refused() -> None:
    # 2 players: the start seat places a powerhouse on the first spot legal_actions offers, P.
    # Then the JSON puts a second powerhouse on another free wall-ring spot X around one of P's
    # city hexes, taking it from the same seat's supply (so every piece count still adds up:
    # 12 + 0 + 0 for that seat, 12 + 2 for the other, + 2 on the board = 28 = 2 x 14).
    s = after_setup(2, seed=1)
    seat = s.seat
    assert seat is not None
    p = next(a for a in legal_actions(s) if isinstance(a, Place) and a.powerhouse)
    s = apply(s, p)
    while s.phase != Phase.PLACE:  # resolve the powerhouse's activations with any choice
        s = apply(s, legal_actions(s)[0])
    ps = BOARD.spot_index[p.spot]
    city = [h for h in BOARD.spot_hexes[ps] if BOARD.hex_kind[h] == KIND_CITY]
    x = next(q for h in city for q in BOARD.hex_spots[h] if q != ps and BOARD.spot_on_wall[q] and s.houses[q] == -1)
    data = json.loads(state_to_json(s))
    data["houses"][x] = POWERHOUSE
    data["players"][seat]["powerhouses_left"] = 0
    data["placements"] += 1
    with pytest.raises(InvalidInputError) as info:
        state_from_json(json.dumps(data))
    first = min(ps, x)
    assert info.value.path == f"$.houses[{first}]"
    assert "one powerhouse per city hex" in info.value.explanation


@pytest.mark.clause("R-4", "MARKET-1")
def test_empty_slots_only_at_the_right_end_of_an_empty_deck() -> None:
    # Seat 1 is given every ship of the deck and the rightmost slot's ship (its ship VP set to their
    # stars): the deck is empty and slot 4 is empty, as after a purchase with no ship left.
    # Its houses could never have bought 22 ships (MARKET-1): only the slots' rule is looked at here.
    stars = {ship.id: ship.stars for ship in COMPONENTS.ships}
    data = copy.deepcopy(BASE_DATA)
    moved = data["ship_deck"] + [data["slots"][4]]
    data["ship_deck"], data["slots"][4] = [], None
    data["players"][1]["ships"] = moved
    data["players"][1]["vp"][3] = sum(stars[x] for x in moved)
    empty_right = state_from_json(json.dumps(data), rules=False)
    assert empty_right.slots[4] is None
    assert {v.clause for v in validate(empty_right)} == {"MARKET-1"}
    # ships slide left (MARKET-1): a gap before an occupied slot is refused
    gap = copy.deepcopy(data)
    gap["slots"][2], gap["slots"][4] = None, gap["slots"][2]
    with pytest.raises(InvalidInputError) as info:
        state_from_json(json.dumps(gap))
    assert info.value.path == "$.slots[3]" and "slide left" in info.value.explanation
    # a slot stays empty only when the deck is empty
    back = copy.deepcopy(data)
    ship = back["players"][1]["ships"].pop(0)
    back["players"][1]["vp"][3] -= stars[ship]
    back["ship_deck"] = [ship]
    with pytest.raises(InvalidInputError) as info:
        state_from_json(json.dumps(back))
    assert info.value.path == "$.slots[4]" and "deck is empty" in info.value.explanation


@pytest.mark.clause("FISH-1")
def test_rules_false_reads_a_hand_built_position_but_still_checks_structure() -> None:
    # support.position() sets resources freely (no houses gave them): the rules check refuses it,
    # the structure-only reading accepts it and returns the same position.
    s = position(3, turn=1, res={1: {"wood": 3, "stone": 2}})
    text = state_to_json(s)
    with pytest.raises(InvalidInputError) as info:
        state_from_json(text)
    # no house and no fish traded: 3 wood + 2 stone bought would have cost 3 x 2 + 2 x 3 = 12 fish (FISH-1)
    assert info.value.path == "$.players[1].fish_traded"
    assert "cost 12 fish" in info.value.explanation
    assert state_from_json(text, rules=False) == s
    data = json.loads(text)
    data["queue"] = [999]
    with pytest.raises(InvalidInputError) as info:
        state_from_json(json.dumps(data), rules=False)
    assert info.value.path == "$.queue[0]"


def test_not_json_at_all() -> None:
    for text, words in [
        ("", "not valid JSON"),
        ("{", "not valid JSON"),
        ('{"a": 1, "a": 2}', "duplicate key 'a'"),
        ("NaN", "NaN is not a JSON number"),
        ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
        ("1" * 5000, "too many digits"),
        (b"\xff\xfe", "not UTF-8"),
    ]:
        with pytest.raises(InvalidInputError) as info:
            state_from_json(text)  # type: ignore[arg-type]
        assert info.value.path == "$" and words in info.value.explanation, str(info.value)
    with pytest.raises(InvalidInputError) as info:
        state_from_json(None)  # type: ignore[arg-type]
    assert "expected JSON text" in info.value.explanation


def test_deep_nesting_inside_a_field_is_refused_without_recursion() -> None:
    data = copy.deepcopy(BASE_DATA)
    deep: Any = 0
    for _ in range(500):
        deep = [deep]
    data["players"][0]["ships"] = deep
    with pytest.raises(InvalidInputError) as info:
        state_from_json(json.dumps(data))
    assert info.value.path.startswith("$.players[0].ships[0]") and "nested too deeply" in info.value.explanation


def test_huge_documents_are_refused_before_validation() -> None:
    data = copy.deepcopy(BASE_DATA)
    data["ship_deck"] = ["ship-1"] * 60_000
    with pytest.raises(InvalidInputError) as info:
        state_from_json(json.dumps(data))
    assert info.value.path == "$" and "too large" in info.value.explanation


def test_actions_are_checked_for_form_only() -> None:
    assert action_from_json('{"type": "place", "spot": "s7"}') == Place("s7")
    for text, path, words in [
        ('{"spot": "s7"}', "$", "missing required field 'type'"),
        ('{"type": "fly"}', "$.type", '"fly" is not one of'),
        ('{"type": "place", "spot": 7}', "$.spot", "expected string"),
        ('{"type": "trade", "resource": "gold"}', "$.resource", '"gold" is not one of'),
        ('{"type": "buy_ship", "slot": -1}', "$.slot", "below the minimum 0"),
        ('{"type": "pass", "why": "tired"}', "$", "unknown field 'why'"),
        ('{"type": "place", "spot": "s7", "trades": ["wood", 1]}', "$.trades[1]", "expected string"),
    ]:
        with pytest.raises(InvalidInputError) as info:
            action_from_json(text)
        assert info.value.path == path and words in info.value.explanation, str(info.value)
    # an unknown spot is well-formed: apply names the clause that refuses it
    assert action_from_json('{"type": "place", "spot": "s999"}') == Place("s999")


@pytest.mark.clause("SETUP-1")
def test_records_are_validated() -> None:
    good = GameRecord(players=3, seed=4, actions=(Place("s1"),))
    assert record_from_json(record_to_json(good)) == good
    cases: list[tuple[Callable[[Any], None], str, str]] = [
        (lambda d: d.__setitem__("players", 6), "$.players", "above the maximum 5"),
        (lambda d: d.__setitem__("seed", "4"), "$.seed", "expected integer"),
        (lambda d: d.__setitem__("version", 2), "$.version", "expected 1"),
        (lambda d: d["actions"][0].__setitem__("spot", None), "$.actions[0].spot", "expected string"),
        (lambda d: d.__setitem__("edition", "3rd"), "$.edition", '"3rd" is not one of'),
    ]
    for change, path, words in cases:
        data = json.loads(record_to_json(good))
        change(data)
        with pytest.raises(InvalidInputError) as info:
            record_from_json(json.dumps(data))
        assert info.value.path == path and words in info.value.explanation, str(info.value)


def test_component_data_errors_are_invalid_input_with_a_path() -> None:
    raw = json.loads(resources.files("ragusa.core").joinpath("data/standard.json").read_text(encoding="utf-8"))
    bad = copy.deepcopy(raw)
    bad["board"]["hexes"][0]["kind"] = "moon"
    with pytest.raises(ComponentDataError) as info:
        load_components(json.dumps(bad))
    assert isinstance(info.value, InvalidInputError)
    assert info.value.path == "$.board.hexes[0].kind"
    bad = copy.deepcopy(raw)
    bad["ships"][1]["id"] = bad["ships"][0]["id"]  # duplicate id: beyond the schema
    with pytest.raises(ComponentDataError) as info:
        load_components(json.dumps(bad))
    assert info.value.path == "$.ships" and "duplicate id" in str(info.value)


# --------------------------------------------------------------------------- fuzz

SCALARS = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(10**6), max_value=10**6)
    | st.integers(min_value=-(10**100), max_value=10**100)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=8)
    | st.sampled_from(["", "s1", "ship-1", "bonus-fish", "place", "over", "wood", "x" * 20_000])
)
JSON_VALUES = st.recursive(
    SCALARS,
    lambda kids: st.lists(kids, max_size=4) | st.dictionaries(st.text(max_size=6), kids, max_size=4),
    max_leaves=12,
)


def _deep(depth: int) -> Any:
    v: Any = 1
    for i in range(depth):
        v = [v] if i % 2 else {"type": v}
    return v


HOSTILE = JSON_VALUES | st.integers(min_value=33, max_value=300).map(_deep) | st.builds(lambda: list(range(3_000)))


@st.composite
def mutated(draw: st.DrawFn, base: Any) -> Any:
    """``base`` with one to three random changes at random places."""
    doc = copy.deepcopy(base)
    for _ in range(draw(st.integers(1, 3))):
        doc = _mutate_once(draw, doc)
    return doc


def _mutate_once(draw: st.DrawFn, doc: Any) -> Any:
    # walk down to a random container
    parent: Any = None
    key: Any = None
    node = doc
    while isinstance(node, (dict, list)) and node and draw(st.integers(0, 3)) > 0:
        k = draw(st.sampled_from(sorted(node))) if isinstance(node, dict) else draw(st.integers(0, len(node) - 1))
        parent, key, node = node, k, node[k]
    op = draw(st.sampled_from(["replace", "delete", "add", "nudge", "drop_item", "dup_item"]))
    if op == "replace" or parent is None and op in ("delete", "nudge"):
        new = draw(HOSTILE)
        if parent is None:
            return new
        parent[key] = new
    elif op == "delete":
        if isinstance(parent, dict):
            del parent[key]
        else:
            parent.pop(key)
    elif op == "add":
        if isinstance(node, dict):
            node[draw(st.text(max_size=6))] = draw(HOSTILE)
        elif isinstance(node, list):
            node.append(draw(HOSTILE))
    elif op == "nudge":
        if isinstance(node, bool) or not isinstance(node, int):
            parent[key] = draw(HOSTILE)
        else:
            parent[key] = node + draw(st.sampled_from([-1, 1, -(10**9), 10**9, 2**64]))
    elif op == "drop_item" and isinstance(node, list) and node:
        node.pop(draw(st.integers(0, len(node) - 1)))
    elif op == "dup_item" and isinstance(node, list) and node:
        node.append(copy.deepcopy(node[draw(st.integers(0, len(node) - 1))]))
    return doc


def _games() -> list[GameState]:
    """States from several phases and player counts (setup, turns, building decisions, the end, solo)."""
    out = [new_game(3, seed=2), BASE]
    rng = random.Random(5)
    for players, seed in ((2, 1), (4, 3), (1, 2), (5, 4)):
        s = new_game(players, seed=seed, options=Options(solo_easier_rector=players == 1))
        wanted = {
            Phase.MARKET,
            Phase.MASON,
            Phase.ARCHITECT,
            Phase.WHARF,
            Phase.RECTOR_KEEP,
            Phase.TRADE_WINDOW,
            Phase.ORDER,
        }
        while not is_terminal(s):
            if s.phase in wanted:
                wanted.discard(s.phase)
                out.append(s)
            s = apply(s, rng.choice(legal_actions(s)))
        out.append(s)
    return out


STATES = _games()
STATE_DOCS = [json.loads(state_to_json(s)) for s in STATES]


def _reads_back(s: GameState) -> None:
    """A state that came out of the reader is whole: it passes the checks, round-trips, and plays."""
    check_state(s)
    assert state_from_json(state_to_json(s)) == s
    legal_actions(s)


def fuzz(examples: int) -> settings:
    return settings(
        max_examples=examples,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
        derandomize=True,
        database=None,
    )


@pytest.mark.clause("RES-2", "SETUP-2", "FISH-1")
@fuzz(700)
@given(st.data())
def test_fuzz_states(data: st.DataObject) -> None:
    base = data.draw(st.sampled_from(STATE_DOCS))
    doc = data.draw(mutated(base))
    try:
        s = state_from_json(json.dumps(doc))
    except InvalidInputError as exc:
        assert exc.path.startswith("$") and exc.explanation
    else:
        _reads_back(s)


ACTION_DOCS = sorted(
    {action_to_json(a) for s in STATES for a in legal_actions(s)}
    | {action_to_json(a) for a in (Place("s7", True, ("wood", "stone")), Trade("stone"))}
)


@fuzz(1000)
@given(st.data())
def test_fuzz_actions(data: st.DataObject) -> None:
    doc = data.draw(mutated(json.loads(data.draw(st.sampled_from(ACTION_DOCS)))))
    try:
        a = action_from_json(json.dumps(doc))
    except InvalidInputError as exc:
        assert exc.path.startswith("$") and exc.explanation
    else:
        assert action_from_json(action_to_json(a)) == a


RECORD_DOC = json.loads(
    record_to_json(GameRecord(players=3, seed=4, actions=tuple(action_from_json(t) for t in ACTION_DOCS[:12])))
)


@fuzz(300)
@given(st.data())
def test_fuzz_records(data: st.DataObject) -> None:
    doc = data.draw(mutated(RECORD_DOC))
    try:
        r = record_from_json(json.dumps(doc))
    except InvalidInputError as exc:
        assert exc.path.startswith("$") and exc.explanation
    else:
        assert record_from_json(record_to_json(r)) == r


VIEW_DOCS = [json.loads(view_to_json(view(s, s.seat if s.seat is not None else 0))) for s in STATES[:6]]


@fuzz(200)
@given(st.data())
def test_fuzz_views(data: st.DataObject) -> None:
    doc = data.draw(mutated(data.draw(st.sampled_from(VIEW_DOCS))))
    try:
        v = view_from_json(json.dumps(doc))
    except InvalidInputError as exc:
        assert exc.path.startswith("$") and exc.explanation
    else:
        assert view_from_json(view_to_json(v)) == v


COMPONENT_DOC = json.loads(resources.files("ragusa.core").joinpath("data/standard.json").read_text(encoding="utf-8"))


@fuzz(60)
@given(st.data())
def test_fuzz_component_data(data: st.DataObject) -> None:
    doc = data.draw(mutated(COMPONENT_DOC))
    try:
        load_components(json.dumps(doc))
    except InvalidInputError as exc:  # ComponentDataError is one
        assert exc.path.startswith("$") and str(exc)


@fuzz(300)
@given(st.one_of(st.text(max_size=40), st.binary(max_size=40), HOSTILE.map(json.dumps)))
def test_fuzz_any_text_to_every_reader(text: str | bytes) -> None:
    readers: list[Callable[[Any], object]] = [state_from_json, action_from_json, record_from_json, view_from_json]
    for read in readers:
        try:
            read(text)
        except InvalidInputError as exc:
            assert exc.path.startswith("$")


def test_readers_accept_parsed_data_too() -> None:
    from ragusa.contract.serialization import action_from_data, state_from_data

    assert state_from_data(state_to_data(BASE)) == BASE
    a = Place("s7")
    assert action_from_data(action_to_data(a)) == a
