"""`ragusa clause ID` / `python -m ragusa.spec show ID`: from a clause to its text, its code and its
tests, read from the source (no pytest, no import of the rule modules). (Tooling: no clause marker.)"""

from __future__ import annotations

import subprocess
import sys
from collections import defaultdict
from pathlib import Path

import pytest

from ragusa.cli import main as ragusa_main
from ragusa.core.build import COMPILED
from ragusa.core.clauses import IMPLEMENTATIONS
from ragusa.spec import __main__ as spec_main
from ragusa.spec import show as spec_show
from ragusa.spec.loading import default_registry
from ragusa.spec.trace import gather, import_all_modules

ROOT = Path(__file__).resolve().parents[1]
TESTS = ROOT / "tests"


def _line_of(path: Path, text: str) -> int:
    """The line of `path` that starts with `text` (worked out here from the file, not by the tool)."""
    return next(i for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if line.startswith(text))


def test_build_2_shows_its_text_code_and_tests(capsys: pytest.CaptureFixture[str]) -> None:
    assert ragusa_main(["clause", "BUILD-2", "--tests", str(TESTS)]) == 0
    out = capsys.readouterr().out
    requirements = ROOT / "src" / "ragusa" / "rules" / "requirements.py"
    line = _line_of(requirements, "def placements(")
    assert out.startswith("BUILD-2  Country hexes need wood  (build)\n")
    assert "the player's wood must be no less than the number of houses" in out
    assert "source: 1st ed. p. 9; 2nd ed. p. 10" in out
    assert "decides C-9" in out  # the contradiction BUILD-2 settles
    assert f"rules/requirements.py:{line}  ragusa.rules.requirements.placements" in out
    example = _line_of(TESTS / "test_requirements.py", "def test_rulebook_example_one_wood_short(")
    assert f"tests/test_requirements.py:{example}  test_rulebook_example_one_wood_short" in out


def test_an_edition_clause_shows_what_each_edition_says(capsys: pytest.CaptureFixture[str]) -> None:
    assert spec_main.main(["show", "ed-1", "--tests", str(TESTS)]) == 0
    out = capsys.readouterr().out
    assert "1st edition: The `per_tower` bonus card pays 1 VP for each tower." in out
    assert "2nd edition: The card pays 2 VP for each tower." in out
    assert "ragusa.rules.scoring.card_vp" in out and "test_bonus_per_tower_by_edition" in out


def test_an_unknown_clause_is_refused_with_the_known_ones(capsys: pytest.CaptureFixture[str]) -> None:
    assert ragusa_main(["clause", "BUILD-99"]) == 2
    err = capsys.readouterr().err
    assert "no clause 'BUILD-99'" in err and "BUILD-2" in err and "SETUP-1" not in err


@pytest.mark.skipif(COMPILED, reason="the compiled build's functions have no source lines to compare")
def test_the_code_found_in_the_source_is_what_implements_registers() -> None:
    assert import_all_modules() == ()
    for clause in default_registry():
        found = {s.name for s in spec_show.implementations(clause.id)}
        assert found == set(IMPLEMENTATIONS.get(clause.id, ())), clause.id


def test_the_tests_found_in_the_source_are_those_pytest_collects() -> None:
    """Every clause's tests, read with `ast`, are the test functions pytest collects with that
    clause's marker (parametrized items counted once)."""
    collected: dict[str, set[tuple[str, str]]] = defaultdict(set)
    for item in gather(TESTS).tests:
        file, _, name = item.base_nodeid.partition("::")
        for cid in item.clause_ids:
            collected[cid].add((Path(file).name, name.replace("::", ".")))
    assert sum(len(v) for v in collected.values()) > 400
    for clause in default_registry():
        found = {(s.path.name, s.name) for s in spec_show.tests_of(clause.id, TESTS)}
        assert found == collected[clause.id], clause.id


def test_the_base_install_shows_a_clause_without_test_tools() -> None:
    """Nothing of the test extra is imported (pytest, hypothesis): `ragusa clause` works with the base install."""
    code = (
        "import sys\nfrom ragusa.cli import main\nrc = main(['clause', 'TWO-2'])\n"
        "bad = [m for m in ('pytest', 'hypothesis', '_pytest') if m in sys.modules]\n"
        "print('imported:', bad, file=sys.stderr)\nsys.exit(rc or (3 if bad else 0))"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "ragusa.rules.two_player.powerhouse_mask" in done.stdout


def test_without_a_tests_folder_it_says_where_to_run() -> None:
    text = spec_show.render("TURN-1", default_registry(), None)
    assert text.startswith("TURN-1  ") and "no tests folder here" in text
