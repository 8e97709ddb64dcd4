"""The solo game: the human against the Patrician's two bots (SOLO-1 to SOLO-8, ED-2, ED-3, R-12,
R-15 to R-22).

Seats: the human is seat 0 (`HUMAN`), bot A seat 1 and bot B seat 2 (`BOT_A`, `BOT_B`);
`GameState.solo` (`SoloState`) holds the bots' hidden Patrician cards.

The modules of this package *decide* for the bots; the engine *executes*:

- `.patrician`: seats, constants from the component data, the tie-break helper `best` and `BotMove`;
- `.deal`: the solo setup's table (SOLO-1, SOLO-2, SOLO-3), which `ragusa.rules.game.new_solo_game`
  deals;
- `.policy`: the bots' placement (SOLO-4), hex order (R-15), trade windows (R-16), Rector's
  Palace, Market and Wharf (SOLO-5);
- `.walls`: the Mason's and the Architect's choices (SOLO-5, ED-2, R-18);
- `.scoring`: the end (SOLO-7): the bots' end trades and their bonus cards;
- `.bot_turns`: per phase a bot decides in, its choice, its explanation and how it is carried out
  (`BOT_TURNS`, records `ragusa.rules.decision.BotTurn`), and `decide`.

Each decision is a pure choice of a position (`choose_*`: indices, no text) and its explanation
(`explain_*`: the decision and the reason as text, the rule and the tie-break that decided, with the
numbers, so that a player can check it by hand). `ragusa.rules.resolution` plays every bot decision
through the same rule code as the human's actions (placement without the requirement checks,
SOLO-4); `step` reports each with its explanation as a `BotDecision` event. Bots never appear as
the deciding seat of a state the library returns.
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
    choose_sale,
    choose_ship,
    explain_hex,
    explain_placement,
    explain_rector,
    explain_sale,
    explain_ship,
    explain_window,
)
from ragusa.rules.solo.scoring import bonus_scores, choose_end_trades, explain_end_trades
from ragusa.rules.solo.walls import (
    Stretch,
    choose_tower,
    choose_wall,
    explain_tower,
    explain_wall,
    potential_stretches,
)

__all__ = [
    "BOT_A",
    "BOT_B",
    "BOT_SEATS",
    "HUMAN",
    "BotMove",
    "Stretch",
    "bonus_scores",
    "choose_end_trades",
    "choose_hex",
    "choose_placement",
    "choose_sale",
    "choose_ship",
    "choose_tower",
    "choose_wall",
    "explain_end_trades",
    "explain_hex",
    "explain_placement",
    "explain_rector",
    "explain_sale",
    "explain_ship",
    "explain_tower",
    "explain_wall",
    "explain_window",
    "is_bot",
    "potential_stretches",
]
