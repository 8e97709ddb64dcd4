"""Find, for each rule clause, a position of the golden games where it decides something, and write
them to docs/clause-positions.json (the rule pages link each clause to its position in the editor).

    python tools/clause_positions.py          # rewrite docs/clause-positions.json

A clause decides in a position when it is the rule of the decision there (`Phase.rule`: the Mason
asks for a wall, MASON-1), when it is the clause that refuses a move there (`IllegalActionError.rule`),
or when a legal move there does what the clause says (`effects`: its events, the bots' stated reasons).
The move is kept, so the editor opens with its ruling. The first such position of the games wins.

A clause that no single position can show (the setup, a count of components, a note on the
rulebooks) is listed in `NO_POSITION` with the reason the rule page gives in place of the link.
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT))

from ragusa import (  # noqa: E402
    Action,
    BuildTower,
    BuildWall,
    BuyShip,
    DrawBonus,
    GameState,
    IllegalActionError,
    Pass,
    Place,
    SellCommodity,
    Trade,
    apply,
    format_action,
    legal_actions,
    position_to_text,
    step,
)
from ragusa.core.board import BOARD  # noqa: E402
from ragusa.core.components import COMMODITIES  # noqa: E402
from ragusa.core.events import (  # noqa: E402
    BotDecision,
    CommodityProduced,
    Event,
    FishTraded,
    GameEnded,
    HexActivated,
    HouseActivated,
    MarketMoved,
    PowerhousesConverted,
    ResourceGained,
    ShipArrived,
    ShipBought,
    VPScored,
)
from ragusa.core.state import EMPTY, POWERHOUSE, RESERVED, Phase  # noqa: E402
from ragusa.spec import default_registry  # noqa: E402
from tests.golden.transcript import states_of  # noqa: E402

OUT = ROOT / "docs" / "clause-positions.json"
GOLDEN = sorted((ROOT / "tests" / "golden").glob("*.txt"))


#: the clauses no single position can show, each with the reason its rule page gives instead
NO_POSITION = {
    "SETUP-1": "it sets how many players a game has, which every position of the game already fixes",
    "SETUP-2": "it counts the pieces each player starts with, before the first decision",
    "SETUP-3": "it sets each player's holdings before the first decision",
    "SETUP-4": "it sets the market beads before any ship is dealt, before the first decision",
    "SETUP-5": "it deals the first five ships during the setup, before the first decision",
    "SETUP-7": "chance picks the first player during the setup, before the first decision",
    "RES-1": "it says what a resource count is in every position: nothing in one position uses it up",
    "BUILD-4": "a sea hex asks for nothing, so it never decides whether a placement is legal",
    "BUILD-5": "it says that requirements are compared, not paid, which holds in every placement alike",
    "TWO-7": "it says what a powerhouse never counts for, across every rule that counts houses",
    "R-6": "it settles a tie between two wall stretches of one player, which the final scoring shows only as a total",
    "R-13": "it is a note on how the rulebooks' examples and texts are read, not a rule of play",
    "ED-5": "it notes a miscount in the 1st edition's wall figure, not a rule of play",
}
#: a clause id inside a text (a bot's stated reason)
CLAUSE_ID = re.compile(r"\b[A-Z]+(?:-[A-Z]+)*-\d+[a-z]?\b")


def states() -> Iterator[GameState]:
    for path in GOLDEN:
        yield from states_of(path.read_text(encoding="utf-8"))


def tries(state: GameState) -> Iterator[Action]:
    """Moves a player might try here, legal or not."""
    free = [BOARD.spot_ids[i] for i, h in enumerate(state.houses) if h == EMPTY]
    yield from (Place(s) for s in free)
    yield from (Place(BOARD.spot_ids[i]) for i, h in enumerate(state.houses) if h == RESERVED)
    if state.n_players == 2:
        yield from (Place(s, powerhouse=True) for s in free)
    yield from (Trade(r) for r in ("wood", "grapes", "olives", "stone", "silver_ore"))
    yield from (BuildWall(w) for w in BOARD.wall_ids)
    yield from (BuildTower(BOARD.spot_ids[i]) for i in BOARD.tower_spots)
    yield from (BuyShip(k) for k in range(len(state.slots)))
    yield from (SellCommodity(c) for c in COMMODITIES)
    yield from (Pass(), DrawBonus())


#: the building whose activation a clause describes
BUILDING_CLAUSES = {
    "winery": "WINERY-1",
    "oil-press": "OILPRESS-1",
    "silversmith": "SILVERSMITH-1",
    "fishmonger": "FISHMONGER-1",
    "cathedral": "CATHEDRAL-1",
}
#: the final scoring a clause describes, by VP source
SCORING_CLAUSES = {"walls": ("END-WALL-1", "END-WALL-2"), "cathedral": ("END-CATH-1",), "bonus": ("END-BONUS-1",)}
#: the buildings whose arrow is crossed out: only the new house activates (ACT-4)
SINGLE_BUILDINGS = frozenset({"rectors-palace", "cathedral"})


def decisions(state: GameState) -> Iterator[str]:
    """The clauses that govern the decision of `state`: its phase's rule, and the edition's ruling on it."""
    if state.seat is None:
        return
    yield state.phase.rule
    if state.phase == Phase.ORDER and state.edition == "1st":
        yield from ("R-5", "ED-6")  # the 1st edition does not say who orders the hexes


def refusals(state: GameState, action: Action, exc: IllegalActionError) -> Iterator[str]:
    """The clauses that refuse `action` in `state`."""
    yield exc.rule
    if exc.rule in ("BUILD-2", "BUILD-3", "BUILD-7"):
        yield "BUILD-1"  # each hex around the spot has to accept the house
    if exc.rule == "BUILD-7" and isinstance(action, Place) and action.powerhouse:
        yield "R-10"  # a powerhouse is excused from wood and stone only


def effects(action: Action, events: tuple[Event, ...], state: GameState | None = None) -> Iterator[str]:
    """The clauses whose effect a legal move's events show (`state`: the position the move is made in)."""
    known = set(default_registry().ids)
    bots_seen: list[int] = []
    for e in events:
        if isinstance(e, FishTraded) and isinstance(action, Place):
            yield "BUILD-8"
        elif isinstance(e, ResourceGained):
            yield "ACT-2" if e.resource == "fish" else "ACT-1"
            if e.total > 8:
                yield "R-1"  # beyond the tracker card's 8
        elif isinstance(e, HexActivated):
            yield "TURN-2"
        elif isinstance(e, HouseActivated):
            yield "ACT-3" if e.building not in SINGLE_BUILDINGS else "ACT-4"
            if e.building in BUILDING_CLAUSES:
                yield BUILDING_CLAUSES[e.building]
            if state is not None and isinstance(action, Place) and not action.powerhouse:
                spot = BOARD.spot_ids.index(e.spot)
                if state.houses[spot] == POWERHOUSE and e.seat == state.seat:
                    yield "TWO-6"  # the powerhouse's activation goes to the player placing the house
        elif isinstance(e, CommodityProduced) and e.lost:
            yield "RES-2"
        elif isinstance(e, MarketMoved):
            yield "RES-3"
        elif isinstance(e, ShipBought) and not any(isinstance(a, ShipArrived) for a in events):
            yield "R-4"  # the deck is empty: no ship arrives
        elif isinstance(e, VPScored) and e.source in SCORING_CLAUSES:
            yield from SCORING_CLAUSES[e.source]
        elif isinstance(e, PowerhousesConverted):
            yield "TWO-8"
            if state is not None and state.edition == "1st":
                yield from ("R-11", "ED-4")
        elif isinstance(e, BotDecision):
            yield from (c for c in CLAUSE_ID.findall(e.reason) if c in known)
            if e.seat not in bots_seen:
                bots_seen.append(e.seat)
        elif isinstance(e, GameEnded):
            yield from ("END-1", "WIN-1")
            if len(e.winners) > 1:
                yield "R-7"
            if state is not None and state.solo is not None:
                yield from ("SOLO-7", "R-20")
                if state.options.solo_human_first:
                    yield "R-22"
    if state is not None and state.solo is not None and bots_seen == list(state.solo.bot_seats):
        yield "SOLO-3"  # bot A, then bot B
        if state.edition == "1st":
            yield from ("R-12", "ED-3")
    if isinstance(action, Place) and action.powerhouse:
        yield from ("TWO-1", "TWO-3", "TWO-4", "TWO-5")
    if isinstance(action, DrawBonus) and state is not None and state.options.solo_harder:
        yield from ("SOLO-8", "R-21")


def find() -> dict[str, dict[str, str]]:
    found: dict[str, dict[str, str]] = {}
    for k, state in enumerate(states()):
        for clause in decisions(state):
            if clause not in found:
                found[clause] = {"position": position_to_text(state, unknown=True), "move": ""}
        moves = legal_actions(state)
        legal = set(moves)
        for action in moves:  # in the rules' order: the same file on every run
            for clause in effects(action, step(state, action)[1], state):
                if clause not in found:
                    found[clause] = {"position": position_to_text(state, unknown=True), "move": format_action(action)}
        if k % 3:
            continue  # every third position is tried with every illegal move: enough to meet each refusal
        for action in tries(state):
            if action in legal:
                continue
            try:
                apply(state, action)
            except IllegalActionError as exc:
                for clause in refusals(state, action, exc):
                    if clause not in found:
                        found[clause] = {"position": position_to_text(state, unknown=True), "move": format_action(action)}
    return dict(sorted(found.items()))


def main() -> int:
    found = find()
    OUT.write_text(json.dumps(found, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    missing = sorted(set(default_registry().ids) - set(found) - set(NO_POSITION))
    print(f"{OUT.relative_to(ROOT)}: {len(found)} clauses; no single position: {len(NO_POSITION)}")
    if missing:
        print(f"neither an example nor a stated reason: {', '.join(missing)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
