"""The AI interface's docs page and import hygiene (issue 13): tooling, no clause marker."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from ragusa.ai.ids import id_table
from ragusa.ai.observation import LAYOUT

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
        "import sys, random, ragusa, ragusa.cli, ragusa.bots, ragusa.ai, ragusa.ismcts, ragusa.ai.determinize\n"
        "import ragusa.heuristics.expert\n"
        "from ragusa.ai.observation import observation_list\n"
        "s = ragusa.new_game(2, seed=1)\n"
        "observation_list(ragusa.view(s, 0)); ragusa.ai.legal_mask_list(s)\n"
        "assert 'numpy' not in sys.modules, 'numpy imported'\n"
        "ragusa.ai.legal_mask(s)\n"
        "assert 'numpy' in sys.modules\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
