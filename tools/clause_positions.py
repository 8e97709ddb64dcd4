"""Find, for each rule clause, a position of the golden games where it decides something, and write
them to docs/clause-positions.json (the rule pages link each clause to its position in the editor).

    python tools/clause_positions.py          # rewrite docs/clause-positions.json

A clause decides in a position when it is the rule of the decision there (`Phase.rule`: the Mason
asks for a wall, MASON-1), when it is the clause that refuses a move there (`IllegalActionError.rule`),
or when a legal move there does what the clause says (`EFFECTS`: its events). The move is kept, so the
editor opens with its ruling. The first such position of the games wins.
"""

from __future__ import annotations

import json
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
    Event,
    FishTraded,
    GameEnded,
    HouseActivated,
    PowerhousesConverted,
    ResourceGained,
    VPScored,
)
from ragusa.core.state import EMPTY  # noqa: E402
from tests.golden.transcript import states_of  # noqa: E402

OUT = ROOT / "docs" / "clause-positions.json"
GOLDEN = sorted((ROOT / "tests" / "golden").glob("*.txt"))


def states() -> Iterator[GameState]:
    for path in GOLDEN:
        yield from states_of(path.read_text(encoding="utf-8"))


def tries(state: GameState) -> Iterator[Action]:
    """Moves a player might try here, legal or not."""
    free = [BOARD.spot_ids[i] for i, h in enumerate(state.houses) if h == EMPTY]
    yield from (Place(s) for s in free)
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
SCORING_CLAUSES = {"walls": "END-WALL-1", "cathedral": "END-CATH-1", "bonus": "END-BONUS-1"}


def effects(action: Action, events: tuple[Event, ...]) -> Iterator[str]:
    """The clauses whose effect a legal move's events show."""
    for e in events:
        if isinstance(e, FishTraded) and isinstance(action, Place):
            yield "BUILD-8"
        elif isinstance(e, ResourceGained):
            yield "ACT-2" if e.resource == "fish" else "ACT-1"
        elif isinstance(e, HouseActivated):
            yield "ACT-3"
            if e.building in BUILDING_CLAUSES:
                yield BUILDING_CLAUSES[e.building]
        elif isinstance(e, VPScored) and e.source in SCORING_CLAUSES:
            yield SCORING_CLAUSES[e.source]
        elif isinstance(e, PowerhousesConverted):
            yield "TWO-8"
        elif isinstance(e, GameEnded):
            yield from ("END-1", "WIN-1")
    if isinstance(action, Place) and action.powerhouse:
        yield from ("TWO-3", "TWO-5")


def find() -> dict[str, dict[str, str]]:
    found: dict[str, dict[str, str]] = {}
    for k, state in enumerate(states()):
        if state.seat is not None and state.phase.rule not in found:
            found[state.phase.rule] = {"position": position_to_text(state, unknown=True), "move": ""}
        if k % 3:
            continue  # every third position is tried with every move: enough to meet each refusal
        moves = legal_actions(state)
        legal = set(moves)
        for action in moves:  # in the rules' order: the same file on every run
            for clause in effects(action, step(state, action)[1]):
                if clause not in found:
                    found[clause] = {"position": position_to_text(state, unknown=True), "move": format_action(action)}
        for action in tries(state):
            if action in legal:
                continue
            try:
                apply(state, action)
            except IllegalActionError as exc:
                if exc.rule not in found:
                    found[exc.rule] = {"position": position_to_text(state, unknown=True), "move": format_action(action)}
    return dict(sorted(found.items()))


def main() -> int:
    found = find()
    OUT.write_text(json.dumps(found, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"{OUT.relative_to(ROOT)}: {len(found)} clauses")
    return 0


if __name__ == "__main__":
    sys.exit(main())
