"""A short text form for every action, for people, logs, terminals and the engine protocol.

============================  ==========================================================
`bonus stone`               ChooseBonus: keep a dealt bonus card (SETUP-6)
`place s28`                 Place a house on spot s28 (TURN-1)
`place s28 +wood +stone`    ... buying one wood and one stone with fish first (BUILD-8)
`power s12`                 Place a two-player powerhouse (TWO-5), trades as above
`trade 2 fish>wood`         Trade fish for one resource (FISH-1); `trade wood` also reads
`hex forest-2`              ActivateHex: this hex of the new house activates next (ACT-5)
`wall w4`                   BuildWall (MASON-1)
`tower s9`                  BuildTower (ARCHITECT-1)
`buy 2`                     BuyShip from market slot 2, 0 = leftmost (MARKET-1)
`sell wine`                 SellCommodity (WHARF-1)
`draw`                      DrawBonus (RECTOR-1)
`keep walls`                KeepBonus of the drawn cards (RECTOR-1)
`pass`                      Pass
============================  ==========================================================

Bonus cards are named by id without the `bonus-` prefix (the full id is accepted too);
`silver_ore` may be written `silver-ore`. Parsing ignores case and extra spaces.
`parse_action` checks the words and ids, not the rules: `ragusa.apply` does that.
"""

from __future__ import annotations

from ragusa.core.actions import (
    Action,
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
from ragusa.core.board import BOARD
from ragusa.core.components import COMMODITIES, COMPONENTS, RESOURCES
from ragusa.core.errors import InvalidInputError
from ragusa.core.state import GameState, Phase
from ragusa.rules.fish import TRADE_COST

__all__ = ["FORMS", "format_action", "parse_action", "expected_forms"]

_BONUS_PREFIX = "bonus-"
_CARD_IDS: frozenset[str] = frozenset(c.id for c in COMPONENTS.bonus_cards)
_SLOTS = len(COMPONENTS.market.slots)

#: every form, one line each (shown when a text does not parse)
FORMS: dict[str, str] = {
    "bonus": "bonus <card>  (keep a dealt bonus card, e.g. bonus stone)",
    "place": "place <spot> [+<resource> ...]  (e.g. place s28, place s28 +wood)",
    "power": "power <spot> [+<resource> ...]  (two-player powerhouse, e.g. power s12)",
    "trade": "trade <n> fish><resource>  (e.g. trade 2 fish>wood; trade wood also reads)",
    "hex": "hex <hex>  (the hex that activates next, e.g. hex forest-2)",
    "wall": "wall <segment>  (e.g. wall w4)",
    "tower": "tower <spot>  (e.g. tower s9)",
    "buy": f"buy <slot>  (market slot 0 to {_SLOTS - 1}, 0 = leftmost)",
    "sell": f"sell <commodity>  ({', '.join(COMMODITIES)})",
    "draw": "draw  (the Rector's two bonus cards)",
    "keep": "keep <card>  (keep a drawn bonus card)",
    "pass": "pass",
}
#: the words each decision expects (trade is offered at every decision with enough fish)
_PHASE_WORDS: dict[str, tuple[str, ...]] = {
    Phase.SETUP_BONUS: ("bonus",),
    Phase.PLACE: ("place", "power", "pass"),
    Phase.ORDER: ("hex",),
    Phase.TRADE_WINDOW: ("pass",),
    Phase.MASON: ("wall",),
    Phase.ARCHITECT: ("tower",),
    Phase.MARKET: ("buy", "pass"),
    Phase.WHARF: ("sell", "pass"),
    Phase.RECTOR_DRAW: ("draw", "pass"),
    Phase.RECTOR_KEEP: ("keep",),
    Phase.END_TRADE: ("pass",),
    Phase.OVER: (),
}


def _card(card: str) -> str:
    return card[len(_BONUS_PREFIX) :] if card.startswith(_BONUS_PREFIX) else card


def _res(resource: str) -> str:
    return resource.replace("_", "-")


def _place(a: Place) -> str:
    word = "power" if a.powerhouse else "place"
    return " ".join([word, a.spot, *(f"+{_res(r)}" for r in a.trades)])


def format_action(action: Action) -> str:
    """The short text form of `action` (see the module docs)."""
    match action:
        case Place():
            return _place(action)
        case Trade(resource=r):
            return f"trade {TRADE_COST.get(r, 0)} fish>{_res(r)}"
        case ChooseBonus(card=c):
            return f"bonus {_card(c)}"
        case KeepBonus(card=c):
            return f"keep {_card(c)}"
        case ActivateHex(hex=h):
            return f"hex {h}"
        case BuildWall(segment=s):
            return f"wall {s}"
        case BuildTower(spot=s):
            return f"tower {s}"
        case BuyShip(slot=i):
            return f"buy {i}"
        case SellCommodity(commodity=c):
            return f"sell {c}"
        case DrawBonus():
            return "draw"
        case Pass():
            return "pass"
    raise TypeError(f"not an action: {action!r}")


def expected_forms(state: GameState | None = None) -> list[str]:
    """The forms that fit the deciding seat's decision in `state` (every form without a state)."""
    if state is None:
        return list(FORMS.values())
    words = list(_PHASE_WORDS.get(state.phase, ()))
    if state.phase != Phase.OVER:
        words.append("trade")
    return [FORMS[w] for w in words]


def _fail(text: str, problem: str, state: GameState | None) -> InvalidInputError:
    forms = expected_forms(state)
    expected = "; ".join(forms) if forms else "nothing: the game is over"
    return InvalidInputError("notation", f"{problem} in {text.strip()!r}; expected {expected}")


def _one_of(value: str, known: frozenset[str] | tuple[str, ...] | dict[str, int], what: str) -> str:
    if value not in known:
        shown = sorted(known) if len(known) <= 16 else [*sorted(known)[:6], "..."]
        raise ValueError(f"unknown {what} {value!r} (one of {', '.join(shown)})")
    return value


def _resource(word: str) -> str:
    r = word.replace("-", "_")
    if r == "ore":
        r = "silver_ore"
    if r not in TRADE_COST:
        raise ValueError(f"{word!r} cannot be bought with fish (one of {', '.join(_res(x) for x in TRADE_COST)})")
    return r


def _card_id(word: str) -> str:
    card = word if word.startswith(_BONUS_PREFIX) else _BONUS_PREFIX + word
    _one_of(card, _CARD_IDS, "bonus card")
    return card


def _parse_trade(args: list[str]) -> Trade:
    joined = "".join(args)
    if ">" in joined:
        left, _, right = joined.partition(">")
        resource = _resource(right)
        amount = left.removesuffix("fish")
        if amount and amount != str(TRADE_COST[resource]):
            raise ValueError(f"1 {_res(resource)} costs {TRADE_COST[resource]} fish, not {amount} (FISH-1)")
        return Trade(resource)
    if len(args) != 1:
        raise ValueError("trade takes one resource")
    return Trade(_resource(args[0]))


def _parse_place(args: list[str], power: bool) -> Place:
    if not args:
        raise ValueError("missing the spot")
    spot = _one_of(args[0], BOARD.spot_index, "spot")
    trades: list[str] = []
    for word in args[1:]:
        for part in word.split("+"):
            if part:
                trades.append(_resource(part))
        if not word.startswith("+"):
            raise ValueError(f"trades are written +<resource>, not {word!r}")
    return Place(spot, power, tuple(trades))


def _single(args: list[str], what: str) -> str:
    if len(args) != 1:
        raise ValueError(f"expected one {what}, got {len(args)} words")
    return args[0]


def _parse_words(word: str, args: list[str]) -> Action:
    if word not in FORMS:
        raise ValueError(f"unknown word {word!r}")
    if word in ("place", "power"):
        return _parse_place(args, word == "power")
    if word == "trade":
        return _parse_trade(args)
    if word in ("draw", "pass"):
        if args:
            raise ValueError(f"{word} takes no argument")
        return DrawBonus() if word == "draw" else Pass()
    arg = _single(args, word if word in ("bonus", "keep") else "argument")
    if word == "bonus":
        return ChooseBonus(_card_id(arg))
    if word == "keep":
        return KeepBonus(_card_id(arg))
    if word == "hex":
        return ActivateHex(_one_of(arg, BOARD.hex_index, "hex"))
    if word == "wall":
        return BuildWall(_one_of(arg, BOARD.wall_index, "wall segment"))
    if word == "tower":
        return BuildTower(_one_of(arg, BOARD.spot_index, "spot"))
    if word == "sell":
        return SellCommodity(_one_of(arg, COMMODITIES, "commodity"))
    if word == "buy":
        if not arg.isdigit() or int(arg) >= _SLOTS:
            raise ValueError(f"market slot must be 0 to {_SLOTS - 1}, not {arg!r}")
        return BuyShip(int(arg))
    raise AssertionError(word)  # pragma: no cover - every word of FORMS is handled above


def parse_action(state: GameState | None, text: str) -> Action:
    """The action written `text`; `state` (optional) lets the error list the forms that fit now.

    Raises `ragusa.InvalidInputError` (path `notation`) naming what is wrong and what was
    expected. It checks the form and the ids only; whether the action is legal is for `apply`.
    """
    if not isinstance(text, str):
        raise InvalidInputError("notation", f"an action's notation is a string, not {type(text).__name__}")
    words = text.strip().lower().split()
    if not words:
        raise _fail(text, "empty action", state)
    try:
        return _parse_words(words[0], words[1:])
    except ValueError as exc:
        raise _fail(text, str(exc), state) from None


assert set(FORMS) == {w for ws in _PHASE_WORDS.values() for w in ws} | {"trade"}
assert all(r in RESOURCES for r in TRADE_COST)
