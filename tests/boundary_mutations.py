"""Semantic mutations of reachable positions, family by family: the trust boundary's property test
(tests/test_boundary_mutations.py) and the table of docs/boundary.md.

Each kind changes a real position in one way the rules can never produce, for the reason its `why`
gives. The numbers behind each reason are counted here again from the board, with bounds looser
than the validation's (every piece on a hex activated by every placement there, every wall with
houses and towers at both ends), so a kind does not lean on the code it tests. A kind that does not
apply to a position returns None. The kinds themselves are in tests/boundary_mutation_kinds.py.

    python -m tests.boundary_mutations      # the table of docs/boundary.md
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

import attrs

from ragusa import GameState, Options, apply, is_terminal, legal_actions, new_game, validate
from ragusa.bots import GreedyBot
from ragusa.contract.validation.chance import is_setup_node
from ragusa.core.board import BOARD, BUILDING_INDEX, KIND_CITY, RES_INDEX
from ragusa.core.components import COMPONENTS
from ragusa.core.state import EMPTY, POWERHOUSE, Phase

FISH, WOOD, STONE = RES_INDEX["fish"], RES_INDEX["wood"], RES_INDEX["stone"]
HEX = {name: BOARD.building_hex[i] for name, i in BUILDING_INDEX.items()}
STARS = {s.id: s.stars for s in COMPONENTS.ships}
PATRICIAN = {c.id: tuple(BOARD.spot_index[s] for s in c.spots) for c in COMPONENTS.patrician_cards}
OPENING = frozenset(
    BOARD.spot_index[s] for colour in ("player", "bot_a", "bot_b") for s in getattr(COMPONENTS.solo_setup, colour)
)
#: what a house on each spot gains from its country and sea hexes (ACT-1, ACT-2), sorted
GAINS = tuple(
    tuple(sorted(BOARD.hex_resource[h] for h in hexes if BOARD.hex_kind[h] != KIND_CITY)) for hexes in BOARD.spot_hexes
)
#: the producers: building, the resource it reads, the commodity it makes (index)
PRODUCERS = (
    ("winery", RES_INDEX["grapes"], 1),
    ("oil-press", RES_INDEX["olives"], 2),
    ("silversmith", RES_INDEX["silver_ore"], 0),
)

#: the family names, in the order of docs/boundary.md
FAMILIES = ("VP by source", "orphans", "requirements", "resources", "phase", "solo", "game over", "bookkeeping")

Make = Callable[[GameState, random.Random], "GameState | None"]


@attrs.frozen
class Kind:
    """One way to break a position: its family, a name, why no game reaches the result (the clauses
    first, then a colon)."""

    family: str
    name: str
    why: str
    make: Make

    @property
    def clauses(self) -> frozenset[str]:
        """The clauses the reason names: a refusal of the mutation should name one of them."""
        return frozenset(c.strip() for c in self.why.split(":", 1)[0].split(","))


# --------------------------------------------------------------------------- counted from the board


def seat_with(s: GameState, seat: int, **change: Any) -> GameState:
    players = list(s.players)
    players[seat] = attrs.evolve(players[seat], **change)
    return attrs.evolve(s, players=tuple(players))


def vp_with(s: GameState, seat: int, index: int, value: int) -> GameState:
    vp = list(s.players[seat].vp)
    vp[index] = value
    return seat_with(s, seat, vp=tuple(vp))


def res_with(s: GameState, seat: int, **delta: int) -> GameState:
    """The seat's resources changed by `delta` (resource name -> amount); `fish_traded` too."""
    p = s.players[seat]
    res = list(p.resources)
    traded = p.fish_traded + delta.pop("fish_traded", 0)
    for name, d in delta.items():
        res[RES_INDEX[name]] += d
    return seat_with(s, seat, resources=tuple(res), fish_traded=traded)


def on_hex(s: GameState, building: str) -> list[int]:
    """What stands on the building's spots: houses and powerhouses (not black houses)."""
    return [s.houses[x] for x in BOARD.hex_spots[HEX[building]] if s.houses[x] >= 0 or s.houses[x] == POWERHOUSE]


def most_activations(s: GameState, building: str) -> int:
    """More than any seat can have had: every piece on the hex activated by every placement there."""
    k = len(on_hex(s, building))
    return k * (k + 1) // 2


def cannot_reach(s: GameState, seat: int, building: str) -> bool:
    """The seat has no house on the building and no powerhouse stands there (TWO-5, TWO-6)."""
    here = on_hex(s, building)
    return seat not in here and POWERHOUSE not in here


def gained(s: GameState, seat: int) -> list[int]:
    """What the seat's houses give, counting every hex (the house being resolved too)."""
    out = [0] * 6
    for spot, h in enumerate(s.houses):
        if h == seat:
            for r in GAINS[spot]:
                out[r] += 1
    return out


def persons(s: GameState) -> list[int]:
    """The seats that meet the requirements: all but the solo bots (SOLO-4)."""
    return [seat for seat in range(s.n_players) if s.solo is None or seat not in s.solo.bot_seats]


def count_on(houses: tuple[int, ...] | list[int], seat: int, h: int) -> int:
    return sum(1 for x in BOARD.hex_spots[h] if houses[x] == seat)


def moved(s: GameState, seat: int, rng: random.Random, fits: Callable[[GameState, int], bool]) -> GameState | None:
    """One of the seat's placed houses (not one being resolved or activated) moved to a free spot
    where `fits(mutant, spot)` holds, the seat's resources changed by what the two spots gain, so
    that they still add up; None when no such move keeps every resource at 0 or more."""
    busy = {s.placed, *s.queue}
    sources = [x for x, h in enumerate(s.houses) if h == seat and x not in busy and x not in OPENING]
    rng.shuffle(sources)
    res = s.players[seat].resources
    for source in sources[:6]:
        targets = [x for x, h in enumerate(s.houses) if h == EMPTY]
        rng.shuffle(targets)
        for target in targets:
            now = list(res)
            for r in GAINS[source]:
                now[r] -= 1
            for r in GAINS[target]:
                now[r] += 1
            if min(now) < 0:
                continue
            houses = list(s.houses)
            houses[source], houses[target] = EMPTY, seat
            mutant = seat_with(attrs.evolve(s, houses=tuple(houses)), seat, resources=tuple(now))
            if fits(mutant, target):
                return mutant
    return None


def mason_most(s: GameState, seat: int) -> int:
    """MASON-1: each wall scored 1 + the seat's houses and towers at its ends, which never leave."""
    total = 0
    for w, owner in enumerate(s.walls):
        if owner == seat:
            total += 1 + sum((s.houses[x] == seat) + (s.towers[x] == seat) for x in BOARD.wall_spots[w])
    return total


# --------------------------------------------------------------------------- positions and the tally

#: the modes the mutations start from: every player count, both editions, strict, every solo variant
MODES: tuple[tuple[int, str, Options], ...] = (
    (1, "2nd", Options()),
    (1, "1st", Options(solo_easier_rector=True, solo_human_first=True)),
    (1, "2nd", Options(solo_harder=True, solo_easier_rector=True)),
    (2, "2nd", Options()),
    (2, "1st", Options(strict=True, powerhouse_any_hex=True)),
    (3, "2nd", Options(strict=True)),
    (4, "1st", Options()),
    (5, "2nd", Options()),
)


def reachable_positions(games: int = 2, every: int = 9, chance_games: int = 1) -> Iterator[GameState]:
    """Every `every`-th state, the first of each phase and every end-game trade of random and greedy
    seeded games of each mode, and of random games with explicit chance (every outcome drawn by the
    game's generator here: `new_game(..., chance=True)`), but the empty table of their setup's draws."""
    for players, edition, options in MODES:
        for g in range(games + chance_games):
            rng = random.Random(g)
            bot = GreedyBot() if g % 2 and g < games else None
            if g < games:
                state = new_game(players, seed=g, edition=edition, options=options)
            else:
                state = new_game(players, edition=edition, options=options, chance=True)
            seen: set[Phase] = set()
            for i in range(10_000):
                if is_setup_node(state):  # the empty table while the setup draws: nothing to move
                    pass
                elif i % every == 0 or state.phase not in seen or state.phase == Phase.END_TRADE:
                    seen.add(state.phase)
                    yield state
                if is_terminal(state):
                    break
                acts = legal_actions(state)
                state = apply(state, bot.choose(state, acts, rng) if bot else rng.choice(acts))


def mutants(kinds: tuple[Kind, ...], states: list[GameState], seed: int = 0) -> Iterator[tuple[Kind, GameState]]:
    """Each kind applied to each position where it applies, each with its own seeded generator."""
    for k, kind in enumerate(kinds):
        for i, state in enumerate(states):
            mutant = kind.make(state, random.Random(seed * 1_000_003 + k * 7919 + i))
            if mutant is not None and mutant != state:
                yield kind, mutant


def tally(kinds: tuple[Kind, ...], states: list[GameState]) -> dict[str, Counter[str]]:
    """Per family: mutations made (in all and by kind), refused, refused naming a clause of the kind's
    reason, the first clause of each refusal, and any accepted."""
    out: dict[str, Counter[str]] = {family: Counter() for family in FAMILIES}
    for kind, mutant in mutants(kinds, states):
        c = out[kind.family]
        c["made"] += 1
        c["kind " + kind.name] += 1
        clauses = [v.clause for v in validate(mutant)]
        if clauses:
            c["refused"] += 1
            c["named"] += bool(kind.clauses & set(clauses))
            c[clauses[0]] += 1
        else:
            c["accepted: " + kind.name] += 1
    return out


def table(kinds: tuple[Kind, ...], states: list[GameState]) -> list[str]:
    counts = tally(kinds, states)
    lines = [f"{len(states)} reachable positions of {len(MODES)} modes, {len(kinds)} kinds of mutation"]
    lines.append(f"{'family':<14}{'kinds':>6}{'made':>7}{'refused':>9}{'named':>7}  most often named first")
    for family in FAMILIES:
        c = counts[family]
        n_kinds = sum(1 for k in kinds if k.family == family)
        clauses = sorted((k for k in c if k[0].isupper()), key=lambda k: (-c[k], k))
        named = ", ".join(f"{k} {c[k]}" for k in clauses[:3]) + (", ..." if len(clauses) > 3 else "")
        lines.append(f"{family:<14}{n_kinds:>6}{c['made']:>7}{c['refused']:>9}{c['named']:>7}  {named}")
        lines += [f"    {k} {c[k]}" for k in sorted(c) if k.startswith("accepted")]
    return lines


def main() -> None:
    from tests.boundary_mutation_kinds import KINDS

    for line in table(KINDS, list(reachable_positions())):
        print(line)


if __name__ == "__main__":
    main()
