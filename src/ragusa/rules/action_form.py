"""The form of an action handed to :func:`ragusa.apply`: one of the library's action classes with
fields of the right types. Anything else is refused with an
:class:`~ragusa.core.errors.IllegalActionError` saying what is wrong, before any rule runs, so that
no ``TypeError`` or ``AttributeError`` escapes from the rule code. Cheap: a dict lookup and a few
``isinstance`` checks per call."""

from __future__ import annotations

from ragusa.core.actions import (
    ActivateHex,
    BuildTower,
    BuildWall,
    BuyShip,
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
FIELDS: dict[type, tuple[tuple[str, type], ...]] = {
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
_NAMES = ", ".join(c.__name__ for c in FIELDS)


def check_form(action: object, rule: str) -> None:
    """Raise :class:`IllegalActionError` (naming ``rule``, the clause of the decision now) unless
    ``action`` is an action object with well-typed fields."""
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
    if type(action) is Place:
        assert isinstance(action, Place)
        for r in action.trades:
            if not isinstance(r, str):
                raise IllegalActionError(rule, f"Place.trades holds resource names, got {excerpt(repr(r), 80)}")
