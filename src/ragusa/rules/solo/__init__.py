"""The solo game: the human against the Patrician's two bots (SOLO-1 to SOLO-8, ED-2, ED-3, R-12,
R-15 to R-22).

Seats: the human is seat 0 (`HUMAN`), bot A seat 1 and bot B seat 2 (`BOT_A`, `BOT_B`);
`GameState.solo` (`SoloState`) holds the bots' hidden Patrician cards.

The modules of this package:

- `.patrician`: seats, constants from the component data, the phases a bot decides in
  (`BOT_PHASES`), the helpers the bots' choices share (the tie-break `best`) and `BotMove`;
- `.deal`: the solo setup's table (SOLO-1, SOLO-2, SOLO-3), which `ragusa.rules.game.new_solo_game`
  deals;
- `.policy`: the bots' placement (SOLO-4), hex order (R-15) and trade windows (R-16);
- `.scoring`: the end (SOLO-7): the bots' end trades and their bonus cards.

`.patrician`, `.policy` and `.scoring` sit below the rules whose decisions the bots take (the turn
flow, the activation, the buildings): how a bot takes a decision is part of that decision's record
(`ragusa.rules.decision.Decision.bot`, a `ragusa.rules.decision.BotTurn`), beside its rule: the
placement in `ragusa.rules.turn_flow` (SOLO-4's unchecked placement, `bot_place`), the hex order in
`ragusa.rules.activation`, and the Mason's, Architect's, Market's, Wharf's and Rector's Palace's
choices (SOLO-5) in their building's module (`ragusa.rules.buildings`). Each is a pure choice of a
position (`choose_*`: indices, no text) and its explanation (`explain_*`: the decision and the reason
as text, the rule and the tie-break that decided, with the numbers, so that a player can check it by
hand). `ragusa.rules.resolution` plays every bot decision through the same resolution as the human's
actions (the placement by SOLO-4's own rule); `step` reports each with its explanation as a
`BotDecision` event. Bots never appear as the deciding seat of a state the library returns.
"""

from ragusa.rules.solo.patrician import (
    BOT_A,
    BOT_B,
    BOT_SEATS,
    HUMAN,
    BotMove,
    is_bot,
)
from ragusa.rules.solo.policy import (
    choose_hex,
    choose_placement,
    explain_hex,
    explain_placement,
    explain_window,
)
from ragusa.rules.solo.scoring import bonus_scores, choose_end_trades, explain_end_trades

__all__ = [
    "BOT_A",
    "BOT_B",
    "BOT_SEATS",
    "HUMAN",
    "BotMove",
    "bonus_scores",
    "choose_end_trades",
    "choose_hex",
    "choose_placement",
    "explain_end_trades",
    "explain_hex",
    "explain_placement",
    "explain_window",
    "is_bot",
]
