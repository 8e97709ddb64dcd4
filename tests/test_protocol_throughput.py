"""The protocol's speed comparison plays the same games through the Python API, `handle` and
`ragusa engine` (its figures are benchmarks, not asserted here). (Tooling: no clause marker.)"""

from __future__ import annotations

from ragusa.service.throughput import compare, main


def test_the_comparison_plays_the_same_games_three_ways() -> None:
    found = compare(games=1, players=3, seed=7)
    # compare checks that each way took as many decisions as the Python API's game
    assert found.decisions > 0
    assert min(found.api, found.handle, found.engine) > 0
    lines = found.lines()
    assert lines[0].startswith(f"{found.decisions} decisions") and "of the Python API" in lines[2]
    assert main(["--compare", "1", "--seed", "7"]) == 0
