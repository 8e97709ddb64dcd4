"""Determinization: a full game state consistent with one seat's view.

`determinize` fills what the view hides with a uniform draw from what the viewer cannot
have seen:

* bonus cards: every card not visible to the viewer (its own cards, its dealt or drawn cards,
  and, once the game is over, everyone's) is dealt at random into the hidden places, each with
  its known size: other seats' kept cards, other seats' dealt cards (SETUP-6), another seat's
  Rector hand, and the bonus deck in random order. Cards the caller knows lie at the bottom of
  the deck, in order (`bottom`: e.g. the card the viewer itself put under the deck at the
  Rector, not drawn since), stay there. The view alone does not record them (the state does not
  track who knows which card), so a caller that wants them kept tracks them itself.
* the ship deck: the ships in no slot and no seat's hands, in random order;
* solo: the bots' Patrician cards. A card with a reserved spot is still in a bot's hand (it is
  discarded only when all its spots are taken, SOLO-4), and belongs to the bot that has built
  on one of its spots, if any; the rest of each bot's count is drawn from the cards whose three
  spots are all that bot's houses (each bot was dealt 3), every deal these allow equally likely. The Rector pairs of the
  easier variant are cut from the bot's drawn cards in order.
* the generator: a fresh state drawn from `rng`.

`view(determinize(v, rng), v.viewer) == v` for every view the library produces, and
`ragusa.validate` accepts every sample.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ragusa.contract.position_fields import rest_of
from ragusa.contract.views import PlayerView, seat_view_fields, view_fields
from ragusa.core.board import BOARD
from ragusa.core.components import COMPONENTS
from ragusa.core.rng import seed_state
from ragusa.core.state import RESERVED, GameState, Phase, PlayerState, SoloState
from ragusa.rules.solo.patrician import PATRICIAN_PER_BOT

__all__ = ["determinize", "unseen_bonus_cards"]

_ALL_CARDS: tuple[str, ...] = tuple(c.id for c in COMPONENTS.bonus_cards)
_ALL_SHIPS: tuple[str, ...] = tuple(s.id for s in COMPONENTS.ships)
_PATRICIAN: dict[str, tuple[int, ...]] = {
    c.id: tuple(BOARD.spot_index[s] for s in c.spots) for c in COMPONENTS.patrician_cards
}


def unseen_bonus_cards(v: PlayerView) -> list[str]:
    """The bonus cards `v`'s viewer cannot see, in component file order."""
    seen: set[str] = set(v.dealt) | set(v.rector_hand)
    for p in v.players:
        seen.update(p.bonus_cards or ())
    return [c for c in _ALL_CARDS if c not in seen]


def _take(pool: list[str], n: int) -> tuple[str, ...]:
    out = tuple(pool[:n])
    del pool[:n]
    return out


def _bonus(v: PlayerView, rng: random.Random, bottom: Sequence[str]) -> tuple[list[tuple[str, ...]], dict[str, Any]]:
    """Each seat's bonus cards, and the state's other hidden places of bonus cards by field
    name: the dealt hands, the Rector hand and the bonus deck."""
    pool = [c for c in unseen_bonus_cards(v) if c not in bottom]
    rng.shuffle(pool)
    kept = [p.bonus_cards if p.bonus_cards is not None else _take(pool, p.bonus_card_count) for p in v.players]
    dealt: tuple[tuple[str, ...], ...] = ()
    if v.phase == Phase.SETUP_BONUS:
        dealt = tuple(v.dealt if i == v.viewer else _take(pool, p.dealt_count) for i, p in enumerate(v.players))
    hand = v.rector_hand if v.rector_hand or not v.rector_hand_size else _take(pool, v.rector_hand_size)
    deck = tuple(pool) + tuple(bottom)
    if len(deck) != v.bonus_deck_size:
        raise ValueError(f"the view's bonus deck holds {v.bonus_deck_size} cards; {len(deck)} are left to place there")
    return kept, {"dealt": dealt, "rector_hand": hand, "bonus_deck": deck}


def _ships(v: PlayerView, rng: random.Random) -> tuple[str, ...]:
    seen = [s for s in v.slots if s is not None] + [s for p in v.players for s in p.ships]
    deck = rest_of(_ALL_SHIPS, seen)
    rng.shuffle(deck)
    if len(deck) != v.ship_deck_size:
        raise ValueError(f"the view's ship deck holds {v.ship_deck_size} ships; {len(deck)} are unseen")
    return tuple(deck)


def _patrician(v: PlayerView, rng: random.Random) -> tuple[tuple[str, ...], ...]:
    """Each bot's Patrician cards (see the module docs), drawn uniformly among the deals the board
    allows: a card with a reserved spot is held, by the bot that built on it if one did (SOLO-4);
    a card whose three spots are all one bot's houses is that bot's, held or discarded, so that
    each bot was dealt 3 (SOLO-2); no other card is held. Raises `ValueError` when the bots' card
    counts fit no such deal."""
    assert v.solo is not None
    bots = v.solo.bot_seats
    hands: list[list[str]] = [[] for _ in bots]  # held, and by that bot
    either: list[str] = []  # held, by either bot
    maybe: list[list[str]] = [[] for _ in bots]  # every spot that bot's house: held or discarded
    for card, spots in _PATRICIAN.items():
        owners = {v.houses[s] for s in spots}
        builders = sorted({bots.index(o) for o in owners if o in bots})
        if RESERVED in owners:
            (hands[builders[0]] if len(builders) == 1 else either).append(card)
        elif len(owners) == 1 and len(builders) == 1:
            maybe[builders[0]].append(card)
    # each bot was dealt PATRICIAN_PER_BOT cards: those it holds and those of its own it discarded
    counts = v.solo.bot_card_counts
    kept = [n + len(m) - PATRICIAN_PER_BOT for n, m in zip(counts, maybe)]  # of `maybe`, still held
    given = [n - len(h) - k for n, h, k in zip(counts, hands, kept)]  # of `either`
    if any(not 0 <= k <= len(m) for k, m in zip(kept, maybe)) or min(given) < 0 or sum(given) != len(either):
        raise ValueError(f"the bots' Patrician card counts {list(counts)} fit no deal of the cards on the board")
    rng.shuffle(either)
    for k in range(len(bots)):
        hands[k] += either[sum(given[:k]) : sum(given[: k + 1])] + rng.sample(maybe[k], kept[k])
    order = list(_PATRICIAN)
    return tuple(tuple(sorted(h, key=order.index)) for h in hands)


def _pairs(v: PlayerView, kept: list[tuple[str, ...]]) -> tuple[tuple[tuple[str, ...], ...], ...]:
    """Easier solo variant: each bot's Rector draws cut into pairs, in order (the last pairs hold
    1 card when the deck held only 1, R-4)."""
    assert v.solo is not None
    out: list[tuple[tuple[str, ...], ...]] = []
    for k, seat in enumerate(v.solo.bot_seats):
        n = v.solo.bot_pair_counts[k]
        cards = list(kept[seat][len(kept[seat]) - _drawn(v, k, len(kept[seat])) :])
        singles = 2 * n - len(cards)
        pairs: list[tuple[str, ...]] = []
        for i in range(n):
            size = 1 if i >= n - singles else 2
            pairs.append(tuple(cards[:size]))
            cards = cards[size:]
        out.append(tuple(pairs))
    return tuple(out)


def _drawn(v: PlayerView, k: int, held: int) -> int:
    """How many of bot `k`'s `held` cards came from Rector draws: all but its setup card."""
    assert v.solo is not None
    return max(0, held - 1) if v.solo.bot_pair_counts[k] else 0


def determinize(v: PlayerView, rng: random.Random, bottom: Sequence[str] = ()) -> GameState:
    """A full state that `v`'s viewer cannot tell from the real one, hidden parts drawn from
    `rng` (see the module docs). `bottom`: bonus cards the viewer knows lie at the bottom of
    the deck, top first. Raises `ValueError` for a view no position fits, and for the empty table
    of explicit chance while the setup draws (nothing is dealt yet)."""
    if v.chance is not None and v.placements == 0 and not any(v.slots):
        raise ValueError("the setup is still drawing (explicit chance): there is no position to sample yet")
    kept, cards = _bonus(v, rng, bottom)
    ship_deck = _ships(v, rng)
    players = tuple(PlayerState(bonus_cards=kept[i], **seat_view_fields(p)) for i, p in enumerate(v.players))
    solo = None
    if v.solo is not None:
        solo = SoloState(
            bot_cards=_patrician(v, rng),
            bot_seats=v.solo.bot_seats,
            bot_pairs=_pairs(v, kept),
            round=v.solo.round,
        )
    return GameState(
        rng=seed_state(rng.getrandbits(64)), players=players, ship_deck=ship_deck, solo=solo, **cards, **view_fields(v)
    )
