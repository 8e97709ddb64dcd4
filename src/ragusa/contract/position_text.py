"""The position text: any game position in one short line, for people (docs/position-text.md).

`position_to_text(state)` writes it; `position_from_text(text)` reads it back, through the same
validation as `ragusa.state_from_json`, so `position_from_text(position_to_text(s)) == s` for
every position a game can reach. A text is space-separated fields: the edition first, then
`key=value` fields of the whole table in any order, then one `@N` section per seat holding that
seat's fields. Spots, wall segments, ships and Patrician cards are written by their number
(`s28` is `28`), bonus cards by their name without `bonus-`, hexes by their id, lists with `.`.

A seeded game's deck, which holds exactly the cards in no other place, is written as the coded
order of those cards (`ships=~6jg6oumsvtfup`). What a person at the table cannot know may be
written `?`: the order of the ship deck (`ships=?`), of the bonus deck (`bonus=?`) and the
generator (`seed=?`). The reader then draws them at random from what is left
(`.position_fields.fill_decks`), from `seed` (by default from the text itself, so one text is
always one position).

A malformed text raises `InvalidInputError` (a `ValueError`) whose `path` is `column N` and whose
message says what was expected there; an impossible position raises it with the clause and the
numbers of each violation, its `path` the column of the field that causes it.
"""

from __future__ import annotations

from ragusa.contract.position_fields import (
    BONUS,
    MAX_TEXT,
    OPTION_WORDS,
    PATRICIAN,
    SHIPS,
    SPOTS,
    WALLS,
    order_code,
    rest_of,
    seen_cards,
)
from ragusa.core.board import BOARD
from ragusa.core.errors import InvalidInputError
from ragusa.core.state import POWERHOUSE, RESERVED, GameState, Options, PlayerState

__all__ = ["MAX_TEXT", "position_from_text", "position_to_text"]


def _names(ids: tuple[str, ...], table: dict[str, str]) -> str:
    return ".".join(table[i] for i in ids)


def _nums(values: tuple[int, ...] | list[int]) -> str:
    """A list of numbers without its trailing zeros (the reader fills them back)."""
    out = list(values)
    while out and out[-1] == 0:
        out.pop()
    return ".".join(str(v) for v in out)


def _spots(state_field: tuple[int, ...], value: int, names: tuple[str, ...]) -> str:
    return ".".join(names[i] for i, v in enumerate(state_field) if v == value)


def _options(options: Options) -> list[str]:
    on = [OPTION_WORDS[name] for name, flag in zip(OPTION_WORDS, _option_flags(options)) if flag]
    return [f"o={','.join(on)}"] if on else []


def _option_flags(options: Options) -> tuple[bool, ...]:
    return tuple(bool(getattr(options, name)) for name in OPTION_WORDS)


def _field(out: list[str], key: str, value: str) -> None:
    if value:
        out.append(f"{key}={value}")


def _turn(s: GameState) -> list[str]:
    out = [s.phase.value if s.seat is None else f"{s.phase.value}@{s.seat}"]
    out += [f"turn={s.turn_seat}", f"start={s.start_seat}", f"n={s.placements}"]
    _field(out, "passes", str(s.passes) if s.passes else "")
    _field(out, "end", ".".join(str(i) for i in s.end_seats))
    if s.placed != -1:
        out.append(f"at={SPOTS[s.placed]}{'p' if s.placed_power else ''}")
    elif s.placed_power:
        out.append("at=-p")
    _field(out, "hexes", ".".join(BOARD.hex_ids[h] for h in s.pending_hexes))
    _field(out, "hex", BOARD.hex_ids[s.current_hex] if s.current_hex != -1 else "")
    _field(out, "queue", ".".join(SPOTS[i] for i in s.queue))
    if s.window_done:
        out.append("window")
    _field(out, "rector", _names(s.rector_hand, BONUS.short))
    return out


def _table(s: GameState, unknown: bool) -> list[str]:
    out = [f"market={'.'.join(str(v) for v in s.market)}"]
    out.append("slots=" + ".".join("-" if x is None else SHIPS.short[x] for x in s.slots))
    _field(out, "powerhouses", _spots(s.houses, POWERHOUSE, SPOTS))
    _field(out, "reserved", _spots(s.houses, RESERVED, SPOTS))
    ch = s.chance
    ships = s.ship_deck[ch.ship_hidden :] if ch else s.ship_deck  # cards not drawn yet: sorted, not written twice
    out.append(f"ships={'?' if unknown else _deck(s, 'ships', ships)}")
    bonus = s.bonus_deck[ch.bonus_hidden :] if ch else s.bonus_deck
    out.append(f"bonus={'?' if unknown else _deck(s, 'bonus', bonus)}")
    if ch is None:
        out.append(f"seed={'?' if unknown else s.rng}")
    else:
        out += _chance(s)
    if s.solo is not None:
        out += _solo(s)
    return out


def _deck(s: GameState, deck: str, cards: tuple[str, ...]) -> str:
    """A deck: its cards top first, or, shorter, the coded order of the cards in no other place
    (`~CODE`; a seeded game's deck always holds just those)."""
    listed = _names(cards, SHIPS.short if deck == "ships" else BONUS.short)
    if s.chance is not None:
        return listed
    players = [{"ships": p.ships, "bonus_cards": p.bonus_cards} for p in s.players]
    data = {"players": players, "slots": s.slots, "rector_hand": s.rector_hand, "dealt": s.dealt}
    pool = SHIPS.short if deck == "ships" else BONUS.short
    code = order_code(cards, rest_of(pool, seen_cards(data, deck)))
    return code if code is not None and len(code) < len(listed) else listed


def _chance(s: GameState) -> list[str]:
    from ragusa.contract.serialization import action_to_json

    ch = s.chance
    assert ch is not None
    out = ["chance"]  # the cards not drawn yet are the rest, in no order: not written
    if ch.node is not None:
        out.append("draw=" + (action_to_json(ch.action[0]) if ch.action else "setup"))
        _field(out, "fixed", ",".join(str(x) for x in ch.fixed))
    return out


def _solo(s: GameState) -> list[str]:
    solo = s.solo
    assert solo is not None
    out = [f"solo={solo.round}", f"bots={'.'.join(str(i) for i in solo.bot_seats)}"]
    out.append("patrician=" + "/".join(_names(cards, PATRICIAN.short) for cards in solo.bot_cards))
    if any(solo.bot_pairs):
        pairs = [".".join("+".join(BONUS.short[c] for c in pair) for pair in bot) for bot in solo.bot_pairs]
        out.append("pairs=" + "/".join(pairs))
    return out


def _seat(s: GameState, i: int, p: PlayerState) -> list[str]:
    out = [f"@{i}"]
    _field(out, "h", _spots(s.houses, i, SPOTS))
    _field(out, "t", _spots(s.towers, i, SPOTS))
    _field(out, "w", _spots(s.walls, i, WALLS))
    _field(out, "r", _nums(p.resources))
    _field(out, "c", _nums(p.commodities))
    out.append(f"left={p.houses_left}.{p.powerhouses_left}.{p.towers_left}")
    if p.bonus_vp:
        _field(out, "b", ".".join(f"{BONUS.short[c]}:{v}" for c, v in zip(p.bonus_cards, p.bonus_vp)))
    else:
        _field(out, "b", _names(p.bonus_cards, BONUS.short))
    _field(out, "s", _names(p.ships, SHIPS.short))
    _field(out, "v", _nums(p.vp))
    _field(out, "f", str(p.fish_traded) if p.fish_traded else "")
    if i < len(s.dealt) and s.dealt[i]:
        _field(out, "d", _names(s.dealt[i], BONUS.short))
    return out


def position_to_text(state: GameState, *, unknown: bool = False) -> str:
    """`state` as a position text: one line, at most 1,000 characters (docs/position-text.md).

    `unknown` writes what a table cannot know as `?`: the order of the decks and the generator."""
    fields = [state.edition, *_options(state.options), *_turn(state), *_table(state, unknown)]
    if state.dealt and not any(state.dealt):
        fields.append("dealt=none")  # the setup's empty hands, as they are (every seat has chosen)
    for i, p in enumerate(state.players):
        fields += _seat(state, i, p)
    return " ".join(fields)


def position_from_text(text: str, *, seed: int | None = None) -> GameState:
    """The position `text` names, validated like `ragusa.state_from_json`.

    Fields written `?` (the decks' order, the generator) are drawn at random from what is left,
    from `seed` (default: drawn from the text, so one text always reads as one position).
    Raises `InvalidInputError` (a `ValueError`), its `path` the column of the problem.
    """
    from ragusa.contract.position_reading import read_position

    if not isinstance(text, str):
        raise InvalidInputError("column 1", f"a position text is a string, not a {type(text).__name__}")
    return read_position(text, seed)
