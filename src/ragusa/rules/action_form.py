"""The form of an action handed to `ragusa.apply`: one of the library's action classes with
fields of the right types. Anything else is refused with an
`IllegalActionError` saying what is wrong, before any rule runs, so that
no `TypeError` or `AttributeError` escapes from the rule code. Cheap: a dict lookup and a few
`isinstance` checks per call."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final, NoReturn

from ragusa.core.actions import (
    ActivateHex,
    BuildTower,
    BuildWall,
    BuyShip,
    ChanceOutcome,
    ChooseBonus,
    DrawBonus,
    KeepBonus,
    Pass,
    Place,
    SellCommodity,
    Trade,
)
from ragusa.core.errors import IllegalActionError, excerpt

#: action class -> its fields and their types (``trades`` is a tuple of str, checked apart)
FIELDS: Final[dict[type, tuple[tuple[str, type], ...]]] = {
    ChooseBonus: (("card", str),),
    Place: (("spot", str), ("powerhouse", bool), ("trades", tuple)),
    Trade: (("resource", str),),
    ActivateHex: (("hex", str),),
    BuildWall: (("segment", str),),
    BuildTower: (("spot", str),),
    BuyShip: (("slot", int),),
    SellCommodity: (("commodity", str),),
    DrawBonus: (),
    KeepBonus: (("card", str),),
    Pass: (),
}
_NAMES: Final = ", ".join(c.__name__ for c in FIELDS)


def _str_trades(a: Place) -> bool:
    t: tuple[object, ...] = a.trades  # object: mypyc would check each item against the annotation (str)
    return type(t) is tuple and (not t or all(type(r) is str for r in t))


#: action class -> a quick test that its fields have their types (the common case: one call)
_WELL_FORMED: Final[dict[type, Callable[[Any], bool]]] = {
    ChooseBonus: lambda a: type(a.card) is str,
    Place: lambda a: type(a.spot) is str and type(a.powerhouse) is bool and _str_trades(a),
    Trade: lambda a: type(a.resource) is str,
    ActivateHex: lambda a: type(a.hex) is str,
    BuildWall: lambda a: type(a.segment) is str,
    BuildTower: lambda a: type(a.spot) is str,
    BuyShip: lambda a: type(a.slot) is int,
    SellCommodity: lambda a: type(a.commodity) is str,
    DrawBonus: lambda a: True,
    KeepBonus: lambda a: type(a.card) is str,
    Pass: lambda a: True,
}


def check_form(action: object, rule: str) -> None:
    """Raise `IllegalActionError` (naming `rule`, the clause of the decision now) unless
    `action` is an action object with well-typed fields."""
    quick = _WELL_FORMED.get(type(action))
    if quick is None or not quick(action):
        _refuse(action, rule)


def _refuse_outcome() -> NoReturn:
    """A chance outcome applied where no random event is pending: refused (R-23)."""
    raise IllegalActionError(
        "R-23", "ChanceOutcome is a random event's outcome: legal only at a chance node (new_game(..., chance=True))"
    )


def _refuse(action: object, rule: str) -> None:
    """Say what is wrong with `action` (the slow path, taken only for a malformed one)."""
    if isinstance(action, ChanceOutcome):
        _refuse_outcome()
    fields = FIELDS.get(type(action))
    if fields is None:
        what = excerpt(repr(action), 80)
        hint = " (JSON is read with ragusa.action_from_json)" if isinstance(action, (dict, str, bytes)) else ""
        raise IllegalActionError(
            rule, f"{what} is not a ragusa action (a {type(action).__name__}); expected one of {_NAMES}{hint}"
        )
    for name, kind in fields:
        value = getattr(action, name)
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise IllegalActionError(
                rule,
                f"{type(action).__name__}.{name} must be a {kind.__name__}, got {excerpt(repr(value), 80)}",
            )
    assert isinstance(action, Place)
    trades: tuple[object, ...] = action.trades  # as in _str_trades
    for r in trades:
        if type(r) is not str:
            raise IllegalActionError(rule, f"Place.trades holds resource names, got {excerpt(repr(r), 80)}")
    raise IllegalActionError(rule, f"{excerpt(repr(action), 80)} is malformed")  # pragma: no cover
