"""Write out the field-by-field code of the scratch copy and of the fast state constructors from the
one declaration of the state's fields: the attrs classes `GameState`, `PlayerState` and `SoloState`.

attrs derives a class's `__init__` from its fields at import; the scratch copy
(`ragusa.core.scratch.Scratch`) is compiled by mypyc in the optional compiled build, which needs static
code, so its field-by-field parts are written to checked-in modules instead:

* `src/ragusa/core/state_tuples.py` (interpreted): every field of a state as one tuple, and a state
  (or a solo state: the solo bots change theirs at almost every decision) built from such a tuple in
  a shell (a plain object with the same slots turned into the frozen class: a true instance, without
  the frozen `__init__`'s one `object.__setattr__` per field);
* `src/ragusa/core/scratch_fields.py` (compiled with the scratch copy): each field as an attribute,
  loaded from that tuple and handed back as one.

    python tools/generate_fields.py          # rewrite both modules
    python tools/generate_fields.py --check  # exit 1 if either is not what the fields give

`tests/test_work.py` fails when a module is not current. Each statement that names every field
stays on one line (the formatter leaves these modules alone): a field list is written once per use.
"""

from __future__ import annotations

import re
import sys
import types
from pathlib import Path

import attrs

ROOT = Path(__file__).resolve().parent.parent
CORE = ROOT / "src" / "ragusa" / "core"
if "ragusa" not in sys.modules:  # the declarations only: the package itself needs the modules written here
    sys.path.insert(0, str(ROOT / "src"))
    package = types.ModuleType("ragusa")
    package.__path__ = [str(ROOT / "src" / "ragusa")]
    sys.modules["ragusa"] = package

from ragusa.core.state import GameState, PlayerState, SoloState  # noqa: E402

#: the scratch copy's attribute for a field, where it is not the field's name
GAME_ATTRIBUTE = {"players": "copied_players"}
PLAYER_ATTRIBUTE = {"resources": "res", "commodities": "com"}
_FIXED_INTS = re.compile(r"tuple\[int(?:, int)+\]")
_HEADER = '''"""{doc}

Written out from the fields of {classes} by `python tools/generate_fields.py`: do
not edit (`tests/test_work.py` checks it is current)."""

from __future__ import annotations
'''


def _fields(cls: type) -> list[tuple[str, str]]:
    """Each field's name and its annotation as written (attrs may resolve `.type` to the type itself)."""
    return [(a.name, cls.__annotations__[a.name]) for a in attrs.fields(cls)]


def _names(annotations: list[str], *extra: str) -> str:
    """The classes of `ragusa.core.state` the annotations name."""
    found = {w for text in annotations for w in re.findall(r"[A-Z]\w+", text)} - {"None"}
    return ", ".join(sorted(found | set(extra)))


def _values_type(alias: str, fields: list[tuple[str, str]], listed: bool) -> str:
    """The tuple of every field's value. With `listed` (a seat's holdings, whose fixed-size tuples of
    ints the scratch copy holds as lists), such a tuple is typed `tuple[int, ...]`: mypyc keeps a
    fixed-size tuple unboxed, so its own type would make the compiled scratch copy take each apart
    and build it again, int by int, at every copy and freeze."""
    types = ("tuple[int, ...]" if listed and _FIXED_INTS.fullmatch(t) else t for _, t in fields)
    return f"{alias} = tuple[{', '.join(types)}]"


def state_tuples() -> str:
    game, player, solo = _fields(GameState), _fields(PlayerState), _fields(SoloState)
    g_attrs = ", ".join(f"o.{n}" for n, _ in game)
    p_attrs = ", ".join(f"o.{n}" for n, _ in player)
    s_attrs = ", ".join(f"o.{n}" for n, _ in solo)
    doc = (
        "Every field of a `GameState` or `PlayerState` at once, as a tuple in declaration order, and a\n"
        "state (or a `SoloState`) built from such a tuple in a shell: a plain object with the class's\n"
        "slots, filled with ordinary stores and turned into the frozen class (the layouts are identical),\n"
        "which yields a true instance, equal to one built by `__init__`, without its `object.__setattr__`\n"
        "per field. The scratch copy (`ragusa.core.scratch`) hands over and takes back every field at\n"
        "once this way; the solo bots change their solo state so (`ragusa.rules.solo.patrician.solo_with`)."
    )
    return (
        _HEADER.format(doc=doc, classes="`GameState`, `PlayerState` and `SoloState`")
        + "\nfrom typing import Any\n\nimport attrs\n\n"
        + f"from ragusa.core.state import {_names([t for _, t in game + player + solo], 'Derived', 'GameState')}\n\n"
        + "#: `GameState`'s field values, in declaration order\n"
        + _values_type("GameStateValues", game, False)
        + "\n#: `PlayerState`'s field values, in declaration order\n"
        + _values_type("PlayerStateValues", player, True)
        + "\n#: `SoloState`'s field values, in declaration order\n"
        + _values_type("SoloStateValues", solo, False)
        + "\n\n\ndef _slots(cls: type) -> tuple[str, ...]:\n"
        + "    return tuple(a.name for a in attrs.fields(cls))\n\n"
        + "\n#: plain objects with the slots of `GameState` (its `Derived` room included), `PlayerState` and `SoloState`\n"
        + 'GAME_STATE_SHELL: Any = type("GameStateShell", (Derived,), {"__slots__": _slots(GameState)})\n'
        + 'PLAYER_STATE_SHELL: Any = type("PlayerStateShell", (), {"__slots__": _slots(PlayerState)})\n'
        + 'SOLO_STATE_SHELL: Any = type("SoloStateShell", (), {"__slots__": _slots(SoloState)})\n'
        + "new_object = object.__new__\n\n\n"
        + "def game_state_values(s: GameState) -> GameStateValues:\n"
        + '    """Every field of `s`, in declaration order."""\n'
        + f"    return ({', '.join(f's.{n}' for n, _ in game)})\n\n\n"
        + "def game_state_of(values: GameStateValues, facts: object) -> GameState:\n"
        + '    """The `GameState` whose fields are `values` (unchecked: the scratch copy\'s freeze), with the\n'
        + '    board facts `facts` handed on (`Derived`)."""\n'
        + "    o = new_object(GAME_STATE_SHELL)\n"
        + f"    ({g_attrs}) = values\n"
        + "    o.facts = facts\n"
        + "    o.moves = None\n"
        + "    o.__class__ = GameState\n"
        + "    state: GameState = o\n"
        + "    return state\n\n\n"
        + "def player_state_values(p: PlayerState) -> PlayerStateValues:\n"
        + '    """Every field of `p`, in declaration order."""\n'
        + f"    return ({', '.join(f'p.{n}' for n, _ in player)})\n\n\n"
        + "def player_state_of(values: PlayerStateValues) -> PlayerState:\n"
        + '    """The `PlayerState` whose fields are `values` (unchecked)."""\n'
        + "    o = new_object(PLAYER_STATE_SHELL)\n"
        + f"    ({p_attrs}) = values\n"
        + "    o.__class__ = PlayerState\n"
        + "    player: PlayerState = o\n"
        + "    return player\n\n\n"
        + "def solo_state_of(values: SoloStateValues) -> SoloState:\n"
        + '    """The `SoloState` whose fields are `values` (unchecked)."""\n'
        + "    o = new_object(SOLO_STATE_SHELL)\n"
        + f"    ({s_attrs}) = values\n"
        + "    o.__class__ = SoloState\n"
        + "    solo: SoloState = o\n"
        + "    return solo\n"
    )


def _scratch_class(name: str, doc: str, fields: list[tuple[str, str]], rename: dict[str, str], whole: bool) -> str:
    """A class with one attribute per field. `whole` (a seat's holdings): made from a `PlayerState`
    and frozen back into one, fixed-size tuples of ints held as lists; else (the state) loaded from
    a values tuple and handed back as one, for the scratch copy to build on."""
    attr = [rename.get(n, n) for n, _ in fields]
    listed = [whole and bool(_FIXED_INTS.fullmatch(t)) for _, t in fields]
    targets = [f"{n}_" if is_list else f"self.{a}" for (n, _), a, is_list in zip(fields, attr, listed)]
    converts = [f"self.{a} = list({n}_)" for (n, _), a, is_list in zip(fields, attr, listed) if is_list]
    out = []
    for (n, _), a, is_list in zip(fields, attr, listed):
        if is_list:
            out.append(f"tuple(self.{a})")
        else:
            out.append("players" if n == "players" else f"self.{a}")
    slots = ", ".join('"' + a + '"' for a in attr)
    if whole:
        load = "    def __init__(self, p: PlayerState) -> None:\n"
        source = "_PLAYER_VALUES(p)"
        hand = "    def freeze(self) -> PlayerState:\n"
        wrap = ("_PLAYER_OF((", "))")
    else:
        load = "    def load_fields(self, values: GameStateValues) -> None:\n"
        source = "values"
        hand = "    def field_values(self, players: tuple[PlayerState, ...]) -> GameStateValues:\n"
        wrap = ("(", ")")
    return (
        f"\n\nclass {name}:\n"
        + f'    """{doc}"""\n\n'
        + f"    __slots__ = ({slots})\n\n"
        + load
        + f"        ({', '.join(targets)}) = {source}\n"
        + "".join(f"        {c}\n" for c in converts)
        + "\n"
        + hand
        + f"        return {wrap[0]}{', '.join(out)}{wrap[1]}\n"
    )


def scratch_fields() -> str:
    game, player = _fields(GameState), _fields(PlayerState)
    doc = "The scratch copy's fields (`ragusa.core.scratch`): one attribute per field of the state and of a seat."
    return (
        _HEADER.format(doc=doc, classes="`GameState` and `PlayerState`")
        + "\nfrom typing import Final\n"
        + "\nfrom ragusa.core.state import PlayerState\n"
        + "from ragusa.core.state_tuples import GameStateValues, player_state_of, player_state_values\n"
        + "\n# the interpreted constructors, bound to Final names: the compiled build keeps a Final name in a C\n"
        + "# static, and looks a name imported from an interpreted module up in the module's globals at every use\n"
        + "_PLAYER_VALUES: Final = player_state_values\n"
        + "_PLAYER_OF: Final = player_state_of\n"
        + _scratch_class(
            "GameFields",
            "Each field of a `GameState` as an attribute; `players` as `copied_players`, the seats' holdings\n"
            "    as copied (`ragusa.core.scratch.Scratch` keeps the seats it changes apart).",
            game,
            GAME_ATTRIBUTE,
            False,
        )
        + _scratch_class(
            "PlayerScratch",
            "A mutable copy of one `PlayerState`: resources, commodities and VP as lists.",
            player,
            PLAYER_ATTRIBUTE,
            True,
        )
    )


#: each generated module and the function that writes it
MODULES = {CORE / "state_tuples.py": state_tuples, CORE / "scratch_fields.py": scratch_fields}


def main(argv: list[str]) -> int:
    stale = [path for path, make in MODULES.items() if not path.exists() or path.read_text() != make()]
    if "--check" in argv:
        for path in stale:
            print(f"{path.relative_to(ROOT)} is not current: run python tools/generate_fields.py")
        return 1 if stale else 0
    for path in stale:
        path.write_text(MODULES[path]())
        print(f"wrote {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
