"""Mutation spot-check: break one rule at a time and check that its tests notice.

For each mutation below (a clause, a one-line change to the rule code, and the test files that
check that clause), the tree is copied to a temporary folder, the change is applied there, and
pytest runs those test files against the mutated copy. A mutation the tests do not catch is a
clause whose tests cannot fail: the run exits 1 and names it.

    python tools/mutate.py            # all mutations
    python tools/mutate.py BUILD-2    # only the mutations for these clauses
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# (clause, file under src/ragusa, exact text, replacement, test files)
MUTATIONS: list[tuple[str, str, str, str, list[str]]] = [
    (
        "BUILD-2",
        "rules/requirements.py",
        "return ALL_SPOTS ^ (WOOD_NEEDS.unmet(counts, self.country, wood) | STONE_NEEDS.unmet(counts, self.city, stone))",
        "return ALL_SPOTS ^ STONE_NEEDS.unmet(counts, self.city, stone)",
        ["test_requirements.py"],
    ),
    (
        "BUILD-3",
        "rules/requirements.py",
        "return ALL_SPOTS ^ (WOOD_NEEDS.unmet(counts, self.country, wood) | STONE_NEEDS.unmet(counts, self.city, stone))",
        "return ALL_SPOTS ^ WOOD_NEEDS.unmet(counts, self.country, wood)",
        ["test_requirements.py"],
    ),
    (
        "BUILD-6",
        "rules/requirements.py",
        "self.gains: tuple[int, ...] = tuple(sp.gains[resource] for sp in SPOTS)",
        "self.gains: tuple[int, ...] = tuple(0 for sp in SPOTS)",
        ["test_requirements.py"],
    ),
    (
        "BUILD-7",
        "rules/requirements.py",
        "floor = tuple((FISHMONGER_FISH if sp.fishmonger else 0)",
        "floor = tuple((0 if sp.fishmonger else 0)",
        ["test_requirements.py"],
    ),
    (
        "BUILD-8",
        "rules/requirements.py",
        "if fish - wood * COST[WOOD] - stone * COST[STONE] - SPECIAL_COST[special] < piece.floor[s]:",
        "if fish - wood * COST[WOOD] - SPECIAL_COST[special] < piece.floor[s]:",
        ["test_requirements.py"],
    ),
    (
        "R-3",
        "rules/requirements.py",
        "sp.needs_commodity and (strict or not sp.needs_one)",
        "sp.needs_commodity and (strict and not sp.needs_one)",
        ["test_requirements.py"],
    ),
    (
        "SOLO-6",
        "rules/requirements.py",
        "return _mask(s for s, owner in enumerate(houses) if owner == EMPTY)",
        "return _mask(s for s, owner in enumerate(houses) if owner in (EMPTY, -3))",
        ["test_solo.py"],
    ),
    ("FISH-1", "rules/fish.py", '"stone": 3', '"stone": 2', ["test_fish.py"]),
    ("RES-2", "rules/buildings/production.py", "lost = max(0, total - CAP)", "lost = 0", ["test_buildings.py"]),
    (
        "R-2",
        "rules/buildings/market.py",
        "new = min(len(TRACK) - 1, max(0, old + steps))",
        "new = min(len(TRACK), max(0, old + steps))",
        ["test_turn.py", "test_buildings.py"],
    ),
    ("ACT-3", "rules/activation.py", "ring[i:] + ring[:i]", "ring[:i] + ring[i:]", ["test_activation.py"]),
    (
        "ACT-4",
        "rules/activation.py",
        "if _HEX_BUILDING[h] in NEW_HOUSE_ONLY:",
        "if False:",
        ["test_activation.py"],
    ),
    (
        "ACT-5",
        "rules/activation.py",
        "    if not linked:\n        return False",
        "    if True:\n        return False",
        ["test_activation.py"],
    ),
    (
        "ACT-5",
        "rules/activation.py",
        "    return (fish + fish_gain) // step > fish // step",
        "    return True",
        ["test_activation.py", "test_fish.py", "test_turn.py", "test_buildings.py"],
    ),
    (
        "MASON-1",
        "rules/buildings/mason.py",
        "vp += (houses[spot] == seat) + (towers[spot] == seat)",
        "vp += houses[spot] == seat",
        ["test_buildings.py", "test_scoring.py"],
    ),
    ("ARCHITECT-1", "rules/buildings/architect.py", "w.p(seat).towers_left -= 1", "pass", ["test_buildings.py"]),
    (
        "FISHMONGER-1",
        "rules/buildings/fishmonger.py",
        "vp = fish // FISH_PER_VP",
        "vp = (fish + 1) // FISH_PER_VP",
        ["test_buildings.py"],
    ),
    (
        "MARKET-1",
        "rules/buildings/market.py",
        "move_bead(w, COM_INDEX[SLOTS[slot].lowers], -1)",
        "pass",
        ["test_buildings.py"],
    ),
    (
        "WHARF-1",
        "rules/buildings/wharf.py",
        "vp = TRACK[w.market[c]]",
        "vp = TRACK[w.market[c]] + 1",
        ["test_buildings.py"],
    ),
    (
        "RECTOR-1",
        "rules/buildings/rector.py",
        "w.bonus_deck = w.bonus_deck + tuple(rest)",
        "w.bonus_deck = tuple(rest) + w.bonus_deck",
        ["test_buildings.py"],
    ),
    (
        "END-WALL-1",
        "rules/scoring.py",
        "ok[j] = own > 0 or (h == EMPTY and t == EMPTY)",
        "ok[j] = own > 0 or h == EMPTY",
        ["test_scoring.py"],
    ),
    ("END-WALL-2", "rules/scoring.py", "cur_vp += 1 + val[i]", "cur_vp += 1", ["test_scoring.py"]),
    ("R-6", "rules/scoring.py", "(cur_len == best_len and cur_vp > best_vp)", "False", ["test_scoring.py"]),
    (
        "END-CATH-1",
        "rules/scoring.py",
        "return min(n_houses, min(commodities)) if n_houses else 0",
        "return min(commodities) if n_houses else 0",
        ["test_scoring.py", "test_solo.py"],
    ),
    ("END-BONUS-1", "rules/scoring.py", "BONUS_CAP: Final = 12", "BONUS_CAP: Final = 13", ["test_scoring.py"]),
    ("ED-1", "rules/scoring.py", 'return vp1 if edition == "1st" else vp2', "return vp2", ["test_scoring.py"]),
    (
        "TWO-2",
        "rules/two_player.py",
        "return free & RING & ~_barred(houses, any_hex)",
        "return free & ~_barred(houses, any_hex)",
        ["test_two_player.py"],
    ),
    (
        "TWO-6",
        "rules/activation.py",
        "if w.placed_power or owner == POWERHOUSE:",
        "if w.placed_power:",
        ["test_two_player.py"],
    ),
    (
        "TWO-8",
        "rules/two_player.py",
        "if w.powerhouses_left(seat) and not powerhouse_spot_left(w.houses, w.options.powerhouse_any_hex):",
        "if False:",
        ["test_two_player.py"],
    ),
    (
        "SETUP-5",
        "rules/buildings/market.py",
        "    move_bead(w, COM_INDEX[arrival.commodity], arrival.steps)\n    return ship_id",
        "    return ship_id",
        ["test_setup.py"],
    ),
    (
        "END-2",
        "rules/end_of_game.py",
        "w.end_seats = tuple(s for s in order if w.resource(s, FISH) >= fish.MIN_TRADE)",
        "w.end_seats = ()",
        ["test_end_flow.py", "test_fish.py"],
    ),
    (
        "R-14",
        "rules/turn_flow.py",
        "    if not able or w.passes >= len(able):",
        "    if not able:",
        ["test_turn.py"],
    ),
    (
        "ACT-5",
        "rules/activation.py",
        '"rectors-palace": (set(), {"cards"}),',
        '"rectors-palace": (set(), set()),',
        ["test_order_rector.py"],
    ),
    (
        "SOLO-7",
        "rules/turn_flow.py",
        "    if w.solo is not None and not w.pieces_left(patrician.HUMAN):",
        "    if False:",
        ["test_solo.py"],
    ),
    (
        "R-9",
        "rules/two_player.py",
        "    limited = BOARD.spot_hexes if any_hex else _SPOT_CITY_HEXES",
        "    limited = _SPOT_CITY_HEXES",
        ["test_powerhouse_rulings.py"],
    ),
]


def run(mutation: tuple[str, str, str, str, list[str]], python: str) -> bool:
    clause, rel, old, new, tests = mutation
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        shutil.copytree(ROOT / "src", root / "src")
        shutil.copytree(ROOT / "tests", root / "tests")
        shutil.copy(ROOT / "pyproject.toml", root / "pyproject.toml")
        target = root / "src" / "ragusa" / rel
        text = target.read_text(encoding="utf-8")
        if text.count(old) != 1:
            print(f"  {clause:12} SKIPPED: the text to mutate is not found exactly once in {rel}")
            return False
        target.write_text(text.replace(old, new), encoding="utf-8")
        env = dict(os.environ, PYTHONPATH=str(root / "src"))
        proc = subprocess.run(
            [python, "-m", "pytest", "-q", "-x", "-p", "no:cacheprovider", *[f"tests/{t}" for t in tests]],
            cwd=root,
            env=env,
            capture_output=True,
            text=True,
        )
        caught = proc.returncode != 0
        print(f"  {clause:12} {'caught' if caught else 'NOT CAUGHT'}: {rel}: {old.strip()[:60]!r}")
        return caught


def main(argv: list[str]) -> int:
    wanted = set(argv)
    chosen = [m for m in MUTATIONS if not wanted or m[0] in wanted]
    print(f"mutation spot-check: {len(chosen)} mutations")
    missed = [m[0] for m in chosen if not run(m, sys.executable)]
    print(
        f"{len(chosen) - len(missed)} of {len(chosen)} caught"
        + (f"; not caught: {', '.join(missed)}" if missed else "")
    )
    return 1 if missed else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
