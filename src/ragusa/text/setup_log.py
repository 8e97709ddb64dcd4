"""The log's opening lines: pieces, market, ships, the start seat; in a solo game every setup step
(SOLO-1, SOLO-2): the opening houses and what they give, the Patrician's reserved spots, the
person's face-up bonus card with what it scores, the bots' hidden cards."""

from __future__ import annotations

from ragusa.core.board import BOARD
from ragusa.core.components import COMPONENTS, RESOURCES
from ragusa.core.state import RESERVED, GameState
from ragusa.rules.solo.deal import opening_resources
from ragusa.rules.solo.patrician import COLOUR_SEAT, PATRICIAN_PER_BOT

from .describe import describe_card
from .i18n import ENGLISH, Translator
from .names import market_text, slot_line

__all__ = ["describe_setup"]


def _held(res: tuple[int, ...], tr: Translator) -> str:
    return ", ".join(tr.resources(RESOURCES[i], n) for i, n in enumerate(res) if n) or tr("nothing")


def _solo_lines(state: GameState, tr: Translator) -> list[str]:
    """SOLO-1, SOLO-2: what the solo setup put on the table, each step."""
    assert state.solo is not None
    opening = {seat: getattr(COMPONENTS.solo_setup, colour) for colour, seat in COLOUR_SEAT.items()}
    lines = []
    for seat in (0, *state.solo.bot_seats):
        lines.append(
            tr(
                "Opening houses of {who} (SOLO-1): {spots}; they give {held}.",
                who=tr.seat(seat),
                spots=", ".join(opening[seat]),
                held=_held(opening_resources(COMPONENTS, opening[seat]), tr),
            )
        )
    # the reserved spots: the black houses left, and those the bots' opening turns built on (SOLO-4)
    bots = set(state.solo.bot_seats)
    first = {BOARD.spot_index[s] for seat in bots for s in opening[seat]}
    reserved = [
        BOARD.spot_ids[s] for s, o in enumerate(state.houses) if o == RESERVED or (o in bots and s not in first)
    ]
    lines.append(
        tr.ngettext(
            "The Patrician reserves {n} spot with a black house (SOLO-2): {spots}.",
            "The Patrician reserves {n} spots with black houses (SOLO-2): {spots}.",
            len(reserved),
            spots=", ".join(reserved),
        )
    )
    cards = state.players[0].bonus_cards
    if cards:
        lines.append(
            tr(
                "The human's bonus card, face up (SOLO-2): {card}: {text}.",
                card=tr.card(cards[0]),
                text=describe_card(cards[0], state.edition, tr),
            )
        )
    lines.append(
        tr.ngettext(
            "Each bot holds 1 bonus card face down and {n} Patrician card naming its spots (SOLO-2).",
            "Each bot holds 1 bonus card face down and {n} Patrician cards naming its spots (SOLO-2).",
            PATRICIAN_PER_BOT,
        )
    )
    return lines


def describe_setup(state: GameState, tr: Translator = ENGLISH) -> list[str]:
    """The opening position: pieces, market, ships in the slots, the start seat."""
    p = state.players[0]
    pieces = tr.ngettext("{n} house", "{n} houses", p.houses_left)
    if p.powerhouses_left:
        pieces += tr.ngettext(" + {n} powerhouse", " + {n} powerhouses", p.powerhouses_left)
    lines = [
        tr(
            "Setup: {n} players, {edition} edition; each seat has {pieces} and {towers} towers.",
            n=state.n_players,
            edition=tr.p("edition", state.edition),
            pieces=pieces,
            towers=p.towers_left,
        ),
        tr("Market values: {values}.", values=market_text(state, tr)),
        tr("Ships for sale: {ships}.", ships="; ".join(slot_line(state, i, tr) for i in range(len(state.slots)))),
        tr("First to play (drawn): {who}.", who=tr.seat(state.start_seat)),
    ]
    placed: dict[int, list[str]] = {}
    for spot, owner in enumerate(state.houses):
        if owner >= 0:
            placed.setdefault(owner, []).append(BOARD.spot_ids[spot])
    if state.solo is None:
        for seat in sorted(placed):
            vp = state.players[seat].total_vp
            extra = tr("; {vp} VP so far", vp=vp) if vp else ""
            line = tr(
                "Already on the board for {who}: houses on {spots}{extra}.",
                who=tr.seat(seat),
                spots=", ".join(placed[seat]),
                extra=extra,
            )
            lines.insert(-1, line)
        return lines
    lines[0] = tr(
        "Setup: solo game, {edition} edition: {human} plays against the Patrician's bots, {bots}.",
        edition=tr.p("edition", state.edition),
        human=tr.seat(0),
        bots=tr(" and ").join(tr.seat(b) for b in state.solo.bot_seats),
    )
    lines[-1] = tr("First to play: {who}; the Patrician's bots are played by the rules.", who=tr.seat(state.start_seat))
    return [*lines[:-1], *_solo_lines(state, tr), lines[-1]]
