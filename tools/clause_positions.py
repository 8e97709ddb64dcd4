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

import itertools
import json
import random
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs

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
    Options,
    Pass,
    Place,
    SellCommodity,
    Trade,
    apply,
    format_action,
    is_chance,
    is_terminal,
    legal_actions,
    new_game,
    position_from_text,
    position_to_text,
    step,
)
from ragusa.core.board import BOARD  # noqa: E402
from ragusa.core.components import COMMODITIES, COMPONENTS  # noqa: E402
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
from ragusa.core.state import EMPTY, POWERHOUSE, RESERVED, VP_SHIPS, VP_WHARF, Phase  # noqa: E402
from ragusa.rules.chance import KIND_RULE  # noqa: E402
from ragusa.rules.scoring import longest_run, ring_values  # noqa: E402
from ragusa.spec import default_registry  # noqa: E402
from tests.golden.transcript import states_of  # noqa: E402

OUT = ROOT / "docs" / "clause-positions.json"
GOLDEN = sorted((ROOT / "tests" / "golden").glob("*.txt"))


#: the clauses no single position can show, each with the reason its rule page gives instead
NO_POSITION = {
    "SETUP-1": "it sets how many players a game has, which every position of the game already fixes",
    "SETUP-2": "it counts the pieces each player starts with, laid out with the table before any draw or decision",
    "SETUP-3": "it sets each player's holdings at nothing, with the table, before any draw or decision",
    "SETUP-4": "it puts the market beads on their start spaces with the table, before any draw or decision",
    "SOLO-1": "it sets out the solo game's colours and their first houses with the table, before any draw or decision",
    "BUILD-4": "a sea hex asks for nothing, so it never decides whether a placement is legal",
    "R-13": "it is a note on how the rulebooks' examples and texts are read, not a rule of play",
    "ED-5": "it notes a miscount in the 1st edition's wall figure, not a rule of play",
}
#: a clause id inside a text (a bot's stated reason)
CLAUSE_ID = re.compile(r"\b[A-Z]+(?:-[A-Z]+)*-\d+[a-z]?\b")


#: seeded games played by the tool's own chooser, for what the golden games never reach: players,
#: seed, edition, options; 2-player games whose players fill the wall ring with houses and keep their
#: powerhouses until none has a legal spot left (TWO-8, R-11), solo games of the harder variant where
#: the human reaches the Rector's Palace (SOLO-8)
EXTRA_GAMES: tuple[tuple[int, int, str, Options], ...] = (
    (2, 107, "2nd", Options()),
    (2, 107, "1st", Options()),
    *((1, seed, edition, Options(solo_harder=True)) for seed in range(103, 109) for edition in ("1st", "2nd")),
)


def chooser_play(players: int, seed: int, edition: str, options: Options) -> Iterator[GameState]:
    """A seeded game whose players choose at random; with 2 players, preferring houses on the wall
    ring and keeping their powerhouses while they have another move."""
    state = new_game(players, seed=seed, edition=edition, options=options)
    rng = random.Random(seed)
    ring = {BOARD.spot_ids[i] for i in BOARD.ring_spots}
    yield state
    while not is_terminal(state):
        moves = legal_actions(state)
        houses = [a for a in moves if not (isinstance(a, Place) and a.powerhouse)]
        on_ring = [a for a in houses if isinstance(a, Place) and a.spot in ring and players == 2]
        state = apply(state, rng.choice(on_ring or houses or moves))
        yield state


def built() -> Iterator[GameState]:
    """Positions no game above reaches, built from one of theirs and read back through the position
    text's validation: a Market decision with the ship deck empty (R-4), each ship the deck held
    bought by the first seat whose Market houses can have bought one more, its ship VP their stars;
    the last decision of a 2-player game where seat 1 holds seat 0's commodities and the Wharf VP
    that make the final totals equal (R-7)."""
    markets = [s for s in played() if s.phase == Phase.MARKET and any(isinstance(a, BuyShip) for a in legal_actions(s))]
    for market in reversed(markets):  # the latest first: the most Market activations behind them
        state: GameState | None = market
        for ship in market.ship_deck:
            state = _bought_elsewhere(state, ship) if state is not None else None
        if state is not None:
            yield state
            break
    yield from _tied_end()


def _tied_end() -> Iterator[GameState]:
    ends = [before for before, after in itertools.pairwise(played()) if after.seat is None and before.n_players == 2]
    for end in ends:
        level = _with(end, 1, commodities=end.players[0].commodities)
        scores = _final_scores(level)
        if not scores:
            continue
        vp = _plus(level.players[1].vp, VP_WHARF, scores[0] - scores[1])
        try:
            tied = position_from_text(position_to_text(_with(level, 1, vp=vp), unknown=True))
        except ValueError:
            continue
        if len(set(_final_scores(tied))) == 1:
            yield tied
            return


def _plus(vp: tuple[int, ...], source: int, more: int) -> tuple[int, ...]:
    return vp[:source] + (vp[source] + more,) + vp[source + 1 :]


def _with(state: GameState, seat: int, **holdings: Any) -> GameState:
    players = state.players
    return attrs.evolve(state, players=(*players[:seat], attrs.evolve(players[seat], **holdings), *players[seat + 1 :]))


def _final_scores(state: GameState) -> tuple[int, ...]:
    """The final totals after the first legal move of `state` (the last decision of the game)."""
    ended = [e for e in step(state, legal_actions(state)[0])[1] if isinstance(e, GameEnded)]
    return ended[0].scores if ended else ()


def _bought_elsewhere(state: GameState, ship: str) -> GameState | None:
    """`state` with `ship` taken from the deck and bought by a seat that can have bought it, or None."""
    stars = {s.id: s.stars for s in COMPONENTS.ships}
    for seat, holder in enumerate(state.players):
        ships = holder.ships + (ship,)
        bought = _with(state, seat, ships=ships, vp=_plus(holder.vp, VP_SHIPS, stars[ship]))
        deck = tuple(s for s in state.ship_deck if s != ship)
        try:
            return position_from_text(position_to_text(attrs.evolve(bought, ship_deck=deck)))
        except ValueError:
            continue
    return None


def states() -> Iterator[GameState]:
    yield from played()
    yield from built()


def played() -> Iterator[GameState]:
    for path in GOLDEN:
        yield from states_of(path.read_text(encoding="utf-8"))
    for game in EXTRA_GAMES:
        yield from chooser_play(*game)
    for players in (2, 1):  # games with explicit chance, through their setup draws
        state = new_game(players, chance=True)
        while is_chance(state):
            yield state
            state = apply(state, legal_actions(state)[0])


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
#: the decisions R-8 makes optional
OPTIONAL = frozenset({Phase.MARKET, Phase.WHARF, Phase.RECTOR_DRAW})
#: the buildings whose arrow is crossed out: only the new house activates (ACT-4)
SINGLE_BUILDINGS = frozenset({"rectors-palace", "cathedral"})


def decisions(state: GameState) -> Iterator[str]:
    """The clauses that govern the decision of `state`: its phase's rule and the edition's ruling on
    it, or at a chance node (explicit chance) R-23 and the rule of what is drawn."""
    if is_chance(state):
        yield "R-23"  # the next random event is a chance node: its outcome is applied, not drawn
        assert state.chance is not None and state.chance.node is not None
        yield KIND_RULE[state.chance.node.kind]  # the rule of the draw: a ship dealt, the start seat
        return
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
    if "R-3" in CLAUSE_ID.findall(str(exc)):
        yield "R-3"  # the Market's and the Wharf's commodity, held or produced on the spot
    if exc.rule == "BUILD-7" and isinstance(action, Place) and action.powerhouse:
        yield "R-10"  # a powerhouse is excused from wood and stone only


def _tied_stretches(end: GameState) -> bool:
    """Whether a seat's longest wall stretches are equally long but score differently (R-6): the
    scoring's own run, once preferring its houses and towers and once avoiding them."""
    for seat in range(len(end.players)):
        ok, val = ring_values(end.houses, end.towers, seat)
        length, most = longest_run(end.walls, ok, val)
        _, fewest = longest_run(end.walls, ok, [-v for v in val])
        if length and most - length != length - fewest:
            return True
    return False


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
        elif isinstance(e, ShipBought):
            if not any(isinstance(a, ShipArrived) for a in events):
                yield "R-4"  # the deck is empty: no ship arrives
            if not any(isinstance(a, MarketMoved) and a.steps < 0 for a in events):
                yield "R-2"  # the bought slot's commodity is at the bottom of its track: the step is lost
        elif isinstance(e, VPScored) and e.source in SCORING_CLAUSES:
            yield from SCORING_CLAUSES[e.source]
            if e.reason == "bonus card bonus-towers" and e.vp:
                yield "ED-1"  # the edition sets the VP per tower
        elif isinstance(e, PowerhousesConverted):
            yield "TWO-8"
            if state is not None and state.edition == "1st":
                yield from ("R-11", "ED-4")
        elif isinstance(e, BotDecision):
            yield from (c for c in CLAUSE_ID.findall(e.reason) if c in known)
            if e.reason.startswith("SOLO-4: drew"):
                yield "R-19"  # the card drawn at random, its spots in the card's order
            if e.reason.startswith(("SOLO-5 Mason", "SOLO-5 Architect")):
                yield "R-18"  # the bot's longest wall, or its potential stretch
            if e.seat not in bots_seen:
                bots_seen.append(e.seat)
        elif isinstance(e, GameEnded):
            yield from ("END-1", "WIN-1")
            if len(e.winners) > 1:
                yield "R-7"
            if state is not None and _tied_stretches(apply(state, action)):
                yield "R-6"  # of two equally long stretches, the one scoring more counts
            if state is not None and state.solo is not None:
                yield from ("SOLO-7", "R-20")
                if state.options.solo_human_first:
                    yield "R-22"
    if state is not None and state.solo is not None and bots_seen == list(state.solo.bot_seats):
        yield "SOLO-3"  # bot A, then bot B
        if state.edition == "1st":
            yield from ("R-12", "ED-3")
    if isinstance(action, Place) and not action.powerhouse and state is not None and state.seat is not None:
        wood = state.players[state.seat].resources[1]
        gains = [e for e in events if isinstance(e, ResourceGained) and e.resource == "wood" and e.seat == state.seat]
        traded = any(isinstance(e, FishTraded) for e in events)
        if wood == 0 and gains and not traded:
            yield "BUILD-6"  # the wood the house brings in meets its own country hex's requirement
        country = [e for e in events if isinstance(e, ResourceGained) and e.seat == state.seat and e.resource != "fish"]
        if len(country) >= 2 and wood + len(gains) < len(country) and not traded:
            yield from ("BUILD-5", "RES-1")  # fewer wood than country hexes: each compares, none uses it up
    if isinstance(action, Place) and action.powerhouse:
        yield from ("TWO-1", "TWO-3", "TWO-4", "TWO-5")
    if isinstance(action, BuildWall) and state is not None:
        i = BOARD.wall_ids.index(action.segment)
        ends = (BOARD.ring_spots[i], BOARD.ring_spots[(i + 1) % len(BOARD.ring_spots)])
        if any(state.houses[spot] == POWERHOUSE for spot in ends):
            yield "TWO-7"  # the powerhouse at the segment's end adds no Mason VP
    if isinstance(action, Pass) and state is not None and state.phase in OPTIONAL:
        yield "R-8"  # buying, selling and drawing are optional
    if isinstance(action, DrawBonus) and state is not None and state.options.solo_harder:
        yield from ("SOLO-8", "R-21")


def find() -> dict[str, dict[str, str]]:
    found: dict[str, dict[str, str]] = {}
    for k, state in enumerate(states()):
        for clause in decisions(state):
            if clause not in found:
                found[clause] = {"position": position_to_text(state, unknown=True), "move": ""}
        if is_chance(state):
            continue
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
                        found[clause] = {
                            "position": position_to_text(state, unknown=True),
                            "move": format_action(action),
                        }
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
