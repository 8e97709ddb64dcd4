"""docs/disputes.md: every worked dispute's position reads, and `ragusa explain` rules as the page
says (each `$ ragusa explain POSITION ACTION` block's lines appear, in order, in its output)."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from ragusa import position_from_text
from ragusa.cli import main
from ragusa.spec import default_registry

PAGE = Path(__file__).resolve().parents[1] / "docs" / "disputes.md"
SECTIONS = re.split(r"^## ", PAGE.read_text(encoding="utf-8"), flags=re.M)[1:]
DISPUTES = [s for s in SECTIONS if "```position" in s]
FENCE = re.compile(r"^```(\w+)\n(.*?)\n```", re.S | re.M)


def title(section: str) -> str:
    return section.splitlines()[0]


def test_the_page_has_three_steps_and_at_least_three_disputes() -> None:
    steps = next(s for s in SECTIONS if title(s) == "In three steps")
    assert [line[:3] for line in steps.splitlines() if re.match(r"\d\. ", line)] == ["1. ", "2. ", "3. "]
    assert len(DISPUTES) >= 3


@pytest.mark.parametrize("section", DISPUTES, ids=title)
def test_each_dispute_reads_and_is_ruled_as_the_page_says(section: str, capsys: pytest.CaptureFixture[str]) -> None:
    fences = FENCE.findall(section)
    (position,) = [body for kind, body in fences if kind == "position"]
    position_from_text(position)  # reads: a position the rules can reach
    rulings = [body for kind, body in fences if kind == "text" and body.startswith("$ ragusa explain POSITION")]
    assert rulings
    for block in rulings:
        command, *shown = block.splitlines()
        args = shlex.split(command)[4:]
        code = main(["explain", position, *args])
        out = capsys.readouterr().out.splitlines()
        assert code == (0 if shown[0].startswith("legal:") else 1)
        rest = iter(out)
        assert all(line in rest for line in shown), (shown, out)  # in order


@pytest.mark.parametrize("section", DISPUTES, ids=title)
def test_each_ruling_names_its_clause_with_a_link_to_its_rule_page(section: str) -> None:
    ruling = section[section.index("**The ruling.**") :].split("\n\n")[0]
    linked = re.findall(r"\[([A-Z]+(?:-[A-Z]+)*-\d+[a-z]?)\]\(([a-z/-]+\.md)#\1\)", ruling)
    assert linked, ruling
    registry = default_registry()
    assert all(clause in registry for clause, _ in linked)
