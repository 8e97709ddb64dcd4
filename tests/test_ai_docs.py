"""The AI interface's docs page and import hygiene: tooling, no clause marker."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from ragusa.ai.ids import id_table
from ragusa.ai.observation_vectors import LAYOUT

DOC = (Path(__file__).resolve().parent.parent / "docs" / "ai.md").read_text(encoding="utf-8")


def test_the_id_table_in_the_docs_is_the_data() -> None:
    for name, first, last, what in id_table():
        assert f"| `{name}` | {first} | {last} | {last - first + 1} | {what} |" in DOC


def test_the_observation_layout_in_the_docs_is_the_code() -> None:
    for name, part in LAYOUT.items():
        assert f"| `{name}` | {part.start} | {part.stop} | {part.stop - part.start} |" in DOC


def test_the_levels_in_the_docs_are_the_definition() -> None:
    from ragusa.bots import LEVELS

    play = (Path(__file__).resolve().parent.parent / "docs" / "play.md").read_text(encoding="utf-8")
    for lv in LEVELS:
        assert f"| `{lv.name}` | `{lv.spec}` | {lv.budget} | {lv.description.split(': ', 1)[-1]} |" in play


def test_only_the_vector_forms_import_numpy() -> None:
    code = (
        "import sys, random, ragusa, ragusa.cli, ragusa.bots, ragusa.ai, ragusa.ismcts, ragusa.ai.determinization\n"
        "import ragusa.heuristics.expert\n"
        "from ragusa.ai import observation_list\n"
        "s = ragusa.new_game(2, seed=1)\n"
        "observation_list(ragusa.view(s, 0)); ragusa.ai.legal_mask_list(s)\n"
        "assert 'numpy' not in sys.modules, 'numpy imported'\n"
        "ragusa.ai.legal_mask(s)\n"
        "assert 'numpy' in sys.modules\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


@pytest.fixture(autouse=True)
def _sb3_logs_in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """stable-baselines3 makes a log folder for every `learn` (SB3_LOGDIR, else one more SB3-<time> in /tmp)."""
    monkeypatch.setenv("SB3_LOGDIR", str(tmp_path / "sb3"))


def _train_and_play() -> dict[str, object]:
    (code,) = [b for b in re.findall(r"```python\n(.*?)```", DOC, re.S) if "MaskablePPO" in b]
    namespace: dict[str, object] = {"__name__": "__ai_doc__"}
    exec(compile(code, "docs/ai.md (MaskablePPO)", "exec"), namespace)
    return namespace


def test_the_maskableppo_example_trains_then_plays_legal_ids_to_the_end() -> None:
    # the block itself asserts that every masked prediction is a legal id of its position
    ns = _train_and_play()
    assert ns["model"].num_timesteps == 256  # type: ignore[attr-defined]
    info, reward, moves = ns["info"], ns["reward"], ns["moves"]
    assert ns["done"] is True and isinstance(info, dict) and isinstance(moves, list) and moves
    scores = info["scores"]
    assert info["seat"] == 0 and len(scores) == 2 and reward == scores[0] - scores[1]
    # seeded: the same training and the same game again
    again = _train_and_play()
    assert (again["moves"], again["info"]["scores"]) == (moves, scores)  # type: ignore[index]


def test_nothing_in_the_package_imports_the_rl_extra() -> None:
    code = (
        "import sys, ragusa, ragusa.cli, ragusa.ai, ragusa.bots, ragusa.adapters.gymnasium\n"
        "import ragusa.adapters.pettingzoo, ragusa.adapters.openspiel\n"
        "bad = [m for m in ('torch', 'stable_baselines3', 'sb3_contrib') if m in sys.modules]\n"
        "assert not bad, bad\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
