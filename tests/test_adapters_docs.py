"""docs/adapters.md: every example runs as written and ends its game."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

DOC = (Path(__file__).resolve().parent.parent / "docs" / "adapters.md").read_text(encoding="utf-8")
BLOCKS = re.findall(r"```python\n(.*?)```", DOC, re.S)


def _run(marker: str) -> dict[str, object]:
    (code,) = [b for b in BLOCKS if marker in b]
    namespace: dict[str, object] = {"__name__": "__adapters_doc__"}
    exec(compile(code, f"docs/adapters.md ({marker})", "exec"), namespace)
    return namespace


def test_the_page_has_one_example_per_framework_and_an_evaluation() -> None:
    assert len(BLOCKS) == 5


def test_the_batched_example_plays_eight_games_to_their_end() -> None:
    ns = _run('vectorization_mode="vector_entry_point"')
    assert isinstance(ns["finished"], int) and ns["finished"] >= 8
    assert getattr(ns["obs"], "shape", None) == (8, 1960)


def test_openspiel_evaluate_bots_plays_mcts_against_random_to_the_end() -> None:
    ns = _run("evaluate_bots.evaluate_bots")
    returns = ns["returns"]
    assert sorted(np.asarray(returns).tolist()) in ([0.0, 1.0], [0.5, 0.5])


def test_pettingzoo_example_plays_a_game_to_the_end(capsys: pytest.CaptureFixture[str]) -> None:
    ns = _run("ragusa.adapters.pettingzoo")
    game = ns["game"]
    assert game.unwrapped.table.over  # type: ignore[attr-defined]
    assert capsys.readouterr().out.count("final reward") == 3


def test_gymnasium_example_plays_a_game_to_the_end() -> None:
    ns = _run('reward="margin"')
    info, reward = ns["info"], ns["reward"]
    assert ns["done"] is True and isinstance(info, dict) and info["seat"] == 1
    scores = info["scores"]
    assert reward == scores[1] - max(scores[0], scores[2])


def test_openspiel_example_plays_mcts_against_the_search_bot_to_the_end() -> None:
    ns = _run("search_bot = make_bot")
    state = ns["state"]
    assert state.is_terminal()  # type: ignore[attr-defined]
    assert sum(state.returns()) == pytest.approx(1.0)  # type: ignore[attr-defined]


def test_the_base_install_imports_no_framework() -> None:
    code = (
        "import sys, ragusa, ragusa.adapters, ragusa.adapters.table\n"
        "bad = [m for m in ('numpy', 'gymnasium', 'pettingzoo', 'pyspiel') if m in sys.modules]\n"
        "assert not bad, bad\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


@pytest.mark.parametrize(
    "module,blocked,extra",
    [("pettingzoo", "pettingzoo", "ai"), ("gymnasium", "gymnasium", "ai"), ("openspiel", "pyspiel", "openspiel")],
)
def test_an_adapter_without_its_framework_says_which_extra_to_install(module: str, blocked: str, extra: str) -> None:
    code = (
        f"import sys; sys.modules[{blocked!r}] = None\n"
        "try:\n"
        f"    import ragusa.adapters.{module}\n"
        "except ImportError as exc:\n"
        "    print(exc)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True).stdout
    assert out.strip() == f"ragusa.adapters.{module} needs {blocked} (not installed): pip install 'ragusa[{extra}]'"


def test_the_game_length_table_is_the_bound() -> None:
    from ragusa.adapters.table import max_decisions

    for players in range(1, 6):
        label = "1 (solo)" if players == 1 else str(players)
        assert f"| {label} | {max_decisions(players)} |" in DOC
