"""The dispute desk's words: whose decision a position is with every legal action and what it
does (`decision`), and the ruling on one action (`judge`): legal, with what happens and what
changes, or illegal, with the clause and the numbers. `ragusa explain` prints them; the board
editor shows them (the protocol's `position` op)."""

from __future__ import annotations

import attrs

from ragusa.core.actions import Action, ChanceOutcome
from ragusa.core.components import COMMODITIES, RESOURCES
from ragusa.core.errors import IllegalActionError
from ragusa.core.state import VP_SOURCES, GameState
from ragusa.rules.chance import chance_outcomes
from ragusa.rules.legal import legal_actions
from ragusa.rules.queries import is_terminal
from ragusa.rules.resolution import step

from .explain import explain_action, why_now
from .i18n import ENGLISH, Translator
from .log import describe_step
from .notation import format_action
from .result import describe_result

__all__ = ["Choice", "Decision", "Ruling", "action_form", "decision", "decision_lines", "judge", "ruling_lines"]


@attrs.frozen
class Choice:
    """One legal action: its notation and what it does."""

    action: Action
    notation: str
    effect: str


@attrs.frozen
class Decision:
    """Who decides in a position, why, and each legal action (a chance node: each outcome)."""

    #: the deciding seat; None at a chance node and at the end
    seat: int | None
    #: the phase's JSON value and its clause
    phase: str
    rule: str
    #: one line saying whose decision it is and why (the end: the final scores follow in `lines`)
    headline: str
    choices: tuple[Choice, ...]
    lines: tuple[str, ...] = ()


@attrs.frozen
class Ruling:
    """Whether one action is legal here: if not, the clause and the numbers; if so, what happens."""

    notation: str
    legal: bool
    #: the clause forbidding it, and the message with the numbers (illegal only)
    rule: str = ""
    message: str = ""
    #: what it does, the log of what happens, each seat's changes and who decides next (legal only)
    effect: str = ""
    happens: tuple[str, ...] = ()
    changes: tuple[str, ...] = ()
    next: str = ""


def action_form(action: Action) -> str:
    """The notation of `action` (a chance outcome: `outcome X`)."""
    if isinstance(action, ChanceOutcome):
        return f"outcome {action.outcome}"
    return format_action(action)


def decision(state: GameState, tr: Translator = ENGLISH) -> Decision:
    """Whose decision `state` is, why, and every legal action with what it does."""
    phase, rule = state.phase.value, state.phase.rule
    if is_terminal(state):
        return Decision(
            None, phase, rule, tr("The game is over: nobody decides."), (), tuple(describe_result(state, tr))
        )
    node = state.chance.node if state.chance is not None else None
    if node is not None:
        choices = tuple(Choice(a, action_form(a), tr("probability {p}", p=str(p))) for a, p in chance_outcomes(state))
        return Decision(None, phase, rule, tr("Chance decides: a {kind} draw.", kind=node.kind), choices)
    seat = state.seat if state.seat is not None else 0
    # seats are counted from 1 for people, as on the table (`Translator.seat`)
    headline = tr("Seat {seat} decides ({phase}, {rule}).", seat=seat + 1, phase=phase, rule=rule)
    why = why_now(state, seat, tr)
    choices = tuple(Choice(a, format_action(a), explain_action(state, a, tr)) for a in legal_actions(state))
    return Decision(seat, phase, rule, f"{headline} {why}".rstrip(), choices)


def _changes(before: GameState, after: GameState, tr: Translator) -> tuple[str, ...]:
    """Each seat's resources, commodities and VP that an action changed, before -> after."""
    lines = []
    for i, (p, q) in enumerate(zip(before.players, after.players)):
        parts = [f"{tr.resource(n)} {a} -> {b}" for n, a, b in zip(RESOURCES, p.resources, q.resources) if a != b]
        parts += [
            f"{tr.commodity(n)} {a} -> {b}" for n, a, b in zip(COMMODITIES, p.commodities, q.commodities) if a != b
        ]
        parts += [
            tr("{source} VP {a} -> {b}", source=tr.p("vp source", n), a=a, b=b)
            for n, a, b in zip(VP_SOURCES, p.vp, q.vp)
            if a != b
        ]
        if p.total_vp != q.total_vp:
            parts.append(tr("total VP {a} -> {b}", a=p.total_vp, b=q.total_vp))
        if parts:
            lines.append(f"{tr.seat(i)}: " + ", ".join(parts))
    return tuple(lines)


def _next(state: GameState, tr: Translator) -> str:
    if is_terminal(state):
        return tr("Next: nothing; the game is over.")
    if state.chance is not None and state.chance.node is not None:
        return tr("Next: chance draws ({kind}).", kind=state.chance.node.kind)
    seat = "?" if state.seat is None else state.seat + 1  # counted from 1, as on the table
    return tr("Next: seat {seat} decides ({phase}, {rule}).", seat=seat, phase=state.phase.value, rule=state.phase.rule)


def judge(state: GameState, action: Action, tr: Translator = ENGLISH) -> Ruling:
    """The ruling on `action` in `state` (see `Ruling`)."""
    notation = action_form(action)
    try:
        after, events = step(state, action)
    except IllegalActionError as exc:
        return Ruling(notation, False, rule=exc.rule, message=exc.explanation)
    effect = "" if isinstance(action, ChanceOutcome) else explain_action(state, action, tr)
    happens = tuple(line.strip() for line in describe_step(state, action, after, events, tr))
    return Ruling(
        notation, True, effect=effect, happens=happens, changes=_changes(state, after, tr), next=_next(after, tr)
    )


def decision_lines(d: Decision, tr: Translator = ENGLISH) -> list[str]:
    """`d` as lines: the headline, then each legal action's notation and what it does."""
    if not d.choices:
        return [d.headline, *d.lines]
    intro = tr("Its outcomes:") if d.seat is None else tr("Its legal actions ({n}):", n=len(d.choices))
    width = max(len(c.notation) for c in d.choices)
    return [d.headline, intro, *(f"  {c.notation.ljust(width)}  {c.effect}" for c in d.choices)]


def ruling_lines(r: Ruling, tr: Translator = ENGLISH) -> list[str]:
    """`r` as lines: illegal, the clause and the numbers; or legal, what it does, happens and changes."""
    if not r.legal:
        return [tr("illegal: {notation}", notation=r.notation), f"[{r.rule}] {r.message}"]
    lines = [tr("legal: {notation}", notation=r.notation)]
    lines += [tr("What it does: {effect}", effect=r.effect)] if r.effect else []
    lines += [tr("What happens:"), *(f"  {line}" for line in r.happens)]
    if r.changes:
        lines += [tr("What changes:"), *(f"  {line}" for line in r.changes)]
    else:
        lines.append(tr("Nobody's VP, resources or commodities change."))
    return [*lines, r.next]
