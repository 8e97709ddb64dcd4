"""The public API is what the snapshot says, and every change since the last release is in the changelog.

`api/ragusa.api.json` holds every public name of the modules a user imports from, with its
signature (`tools/api_snapshot.py`, read with griffe); `api/released.api.json` holds the last
release's. (Tooling: no clause marker.)"""

from __future__ import annotations

import importlib
import pkgutil
from pathlib import Path

import pytest

import ragusa
import ragusa.ai
from tests.support import tool


def test_the_snapshot_is_the_api_of_the_code() -> None:
    snapshot = tool("api_snapshot.py")
    live = snapshot.current_document(Path(ragusa.__file__).resolve().parents[1])
    written = snapshot.read(snapshot.CURRENT)
    changed = snapshot.differences(snapshot.flat(written["api"]), snapshot.flat(live["api"]))
    assert not changed, f"run python tools/api_snapshot.py write; the code's API differs: {changed}"
    assert written == live


def test_the_changelog_names_every_change_since_the_last_release() -> None:
    snapshot = tool("api_snapshot.py")
    current, released = snapshot.read(snapshot.CURRENT), snapshot.read(snapshot.RELEASED)
    assert snapshot.unrecorded(current, released) == []


def test_the_check_sees_a_change_and_reads_only_the_changelog_since_the_release() -> None:
    snapshot = tool("api_snapshot.py")
    old = {"ragusa": {"ragusa.f": "def (x: int)", "ragusa.C": "class ()", "ragusa.C.a": "attribute: int"}}
    new = {"ragusa": {"ragusa.f": "def (x: str)", "ragusa.g": "def ()", "ragusa.D": "class ()", "ragusa.D.b": "x"}}
    changed = snapshot.differences(snapshot.flat(old), snapshot.flat(new))
    assert changed == {
        "ragusa.C": "removed",
        "ragusa.C.a": "removed",
        "ragusa.D": "added",
        "ragusa.D.b": "added",
        "ragusa.f": "changed: def (x: int)  ->  def (x: str)",
        "ragusa.g": "added",
    }
    released = snapshot.read(snapshot.RELEASED)
    before = snapshot.unreleased_text(released["version"])
    assert f"## [{released['version']}]" not in before
    assert f"## [{released['version']}]" in snapshot.CHANGELOG.read_text(encoding="utf-8")


@pytest.mark.parametrize("name", tool("api_snapshot.py").MODULES)
def test_each_public_module_has_every_name_it_lists(name: str) -> None:
    module = importlib.import_module(name)
    assert [n for n in module.__all__ if not hasattr(module, n)] == []
    assert len(set(module.__all__)) == len(module.__all__)


def test_one_name_one_meaning_across_the_root_and_the_ai_interface() -> None:
    assert set(ragusa.__all__) & set(ragusa.ai.__all__) == set()
    assert not hasattr(ragusa.ai, "apply")


def test_the_ai_interface_exports_functions_where_a_module_shared_their_name() -> None:
    for name in ("observation", "information_state", "determinize"):
        assert callable(getattr(ragusa.ai, name)), name
    submodules = {m.name for m in pkgutil.iter_modules(ragusa.ai.__path__)}
    assert submodules & set(ragusa.ai.__all__) == set()
    assert {"observation_vectors", "determinization"} <= submodules
