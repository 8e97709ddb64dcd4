"""The README's code example and the package docstring's example run as written."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

import ragusa

README = Path(__file__).resolve().parent.parent / "README.md"


def test_readme_example_plays_a_whole_game() -> None:
    code = re.search(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), re.S)
    assert code is not None
    namespace: dict[str, object] = {}
    exec(code.group(1), namespace)
    state = namespace["state"]
    assert isinstance(state, ragusa.GameState) and ragusa.is_terminal(state)


def test_package_docstring_example() -> None:
    result = doctest.testmod(ragusa)
    assert result.attempted > 0 and result.failed == 0
