"""What each seat holds against what could have produced it: VP by source, towers, walls, ships,
bonus cards, commodities and the market beads, each bounded by the pieces and the activations that
earn it (`ragusa.contract.validation.census`). Three families of the trust boundary's checks:

* *VP by source*: each wall's Mason VP is 1 plus the seat's house and tower at each end when it
  was built, so at most 1 + what stands there now (MASON-1); Fishmonger VP at most half the fish
  the seat's houses gave, per activation (FISHMONGER-1); Wharf VP at most the top market value per
  activation (WHARF-1);
* *orphans*: towers, walls, ships and the bonus cards beyond the first need as many activations of
  the Architect, the Mason, the Market and the Rector's Palace (ARCHITECT-1, MASON-1, MARKET-1,
  RECTOR-1; with two players a powerhouse lends its activations, TWO-5, TWO-6);
* *resources*: a commodity needs its producer and its resource, each activation making at most
  what the seat holds of it now (WINERY-1, OILPRESS-1, SILVERSMITH-1); what was produced covers
  what is held, what the ships cost and one unit per sale (MARKET-1, WHARF-1); a bead rose only by
  the ships that arrived and fell once per ship bought (RES-3).
"""

from __future__ import annotations

from typing import Final

from ragusa.contract.validation.census import Census
from ragusa.contract.validation.common import CAP, FISH, Found, count
from ragusa.core.board import COM_INDEX
from ragusa.core.components import BUILDINGS, COMMODITIES, COMPONENTS, RESOURCES
from ragusa.core.state import VP_FISHMONGER, VP_MASON, VP_WHARF, GameState, Phase
from ragusa.rules.buildings.fishmonger import FISH_PER_VP
from ragusa.rules.buildings.market import COSTS, SHIPS, SLOTS
from ragusa.rules.buildings.mason import mason_vp
from ragusa.rules.buildings.production import PRODUCERS
from ragusa.rules.buildings.rector import DRAW

TRACK: Final = COMPONENTS.market.track
#: the highest market value (a sale scores at most this, WHARF-1)
TOP: Final = max(TRACK)
_PRODUCER_CLAUSE: Final = {"winery": "WINERY-1", "oil-press": "OILPRESS-1", "silversmith": "SILVERSMITH-1"}
#: per commodity: the building that makes it, the resource that building reads, its clause
PRODUCER_OF: Final[tuple[tuple[str, int, str], ...]] = tuple(
    next((BUILDINGS[b], r, _PRODUCER_CLAUSE[BUILDINGS[b]]) for b, (r, made) in PRODUCERS.items() if made == c)
    for c in range(len(COMMODITIES))
)
#: the producers' names in messages
BUILDINGS_NAMED: Final = {"winery": "Winery", "oil-press": "Oil Press", "silversmith": "Silversmith"}
#: per ship: the least it costs in any slot, extra cost included (MARKET-1)
LEAST_COST: Final[dict[str, int]] = {ship: min(sum(COSTS[i, ship]) for i in range(len(SLOTS))) for ship in SHIPS}


def check_sources(s: GameState, c: Census, found: Found) -> None:
    for seat in range(s.n_players):
        _vp(s, c, seat, found)
        _orphans(s, c, seat, found)
        _commodities(s, c, seat, found)
    _beads(s, found)


def _vp(s: GameState, c: Census, seat: int, found: Found) -> None:
    p = s.players[seat]
    base = f"$.players[{seat}].vp"
    walls = [w for w, owner in enumerate(s.walls) if owner == seat]
    most = sum(mason_vp(s.houses, s.towers, seat, w) for w in walls)
    if p.vp[VP_MASON] > most:
        found.add(
            "MASON-1",
            f"{base}[{VP_MASON}]",
            f"{p.vp[VP_MASON]} Mason VP for {count(len(walls), 'wall')}; with the seat's houses and towers now at their "
            f"ends they score at most {most} (1 per wall + 1 per own house or tower at either end)",
        )
    fish = c.gains[seat][FISH]
    acts = c.activations(seat, "fishmonger")
    if p.vp[VP_FISHMONGER] > acts * (fish // FISH_PER_VP):
        found.add(
            "FISHMONGER-1",
            f"{base}[{VP_FISHMONGER}]",
            f"{p.vp[VP_FISHMONGER]} Fishmonger VP; the seat's houses gave {fish} fish in all and it can have had "
            f"{count(acts, 'Fishmonger activation')}, each scoring at most {fish // FISH_PER_VP}",
        )
    acts = c.activations(seat, "wharf")
    if p.vp[VP_WHARF] > acts * TOP:
        found.add(
            "WHARF-1",
            f"{base}[{VP_WHARF}]",
            f"{p.vp[VP_WHARF]} Wharf VP; the seat can have had {count(acts, 'Wharf activation')}, each selling 1 "
            f"commodity for at most {TOP} VP",
        )


def _orphans(s: GameState, c: Census, seat: int, found: Found) -> None:
    p = s.players[seat]
    base = f"$.players[{seat}]"
    for n, building, clause, what, path in (
        (s.towers.count(seat), "architect", "ARCHITECT-1", "tower", "$.towers"),
        (s.walls.count(seat), "mason", "MASON-1", "wall", "$.walls"),
        (len(p.ships), "market", "MARKET-1", "ship", f"{base}.ships"),
    ):
        acts = c.activations(seat, building)
        if n > acts:
            found.add(
                clause,
                path,
                f"{count(n, what)} of seat {seat}; its houses (and any powerhouse) on the {building.title()} "
                f"can have activated it {count(acts, 'time')}",
            )
    if s.phase != Phase.SETUP_BONUS:
        bot = s.solo is not None and seat in s.solo.bot_seats
        each = DRAW if bot else 1  # a solo bot keeps every card it draws (SOLO-5)
        acts = c.activations(seat, "rectors-palace")
        if len(p.bonus_cards) > 1 + each * acts:
            found.add(
                "RECTOR-1",
                f"{base}.bonus_cards",
                f"{count(len(p.bonus_cards), 'bonus card')}; 1 from the setup and {each} for each of the seat's "
                f"{count(acts, 'placement')} on the Rector's Palace",
            )


def _commodities(s: GameState, c: Census, seat: int, found: Found) -> None:
    p = s.players[seat]
    base = f"$.players[{seat}]"
    produced = 0
    for k, (building, r, clause) in enumerate(PRODUCER_OF):
        acts = c.activations(seat, building)
        most = acts * p.resources[r]
        produced += most
        if p.commodities[k] > min(CAP, most):
            found.add(
                clause,
                f"{base}.commodities[{k}]",
                f"{p.commodities[k]} {COMMODITIES[k]}; {count(acts, BUILDINGS_NAMED[building] + ' activation')} "
                f"for the seat, each making at most its {p.resources[r]} {RESOURCES[r].replace('_', ' ')}",
            )
    sales = -(-p.vp[VP_WHARF] // TOP)
    ships = sum(LEAST_COST[ship] for ship in p.ships if ship in LEAST_COST)
    used = sum(p.commodities) + ships + sales
    if used > produced:
        found.add(
            "MARKET-1" if p.ships else "WHARF-1",
            f"{base}.commodities",
            f"{sum(p.commodities)} commodities held + at least {ships} paid for {count(len(p.ships), 'ship')} + at "
            f"least {sales} sold for {p.vp[VP_WHARF]} Wharf VP = {used}; the seat's producers made at most {produced}",
        )


def _beads(s: GameState, found: Found) -> None:
    """RES-3: a bead rose only by the steps of the ships that arrived (every ship not in the deck)
    and fell by 1 for each ship bought (SETUP-4, SETUP-5, MARKET-1; R-2 only loses steps)."""
    start = COMPONENTS.market.start
    rise = [0] * len(COMMODITIES)
    deck = set(s.ship_deck)
    for ship, data in SHIPS.items():
        if ship not in deck:
            rise[COM_INDEX[data.arrival.commodity]] += data.arrival.steps
    bought = sum(len(p.ships) for p in s.players)
    fallen = 0
    for k, bead in enumerate(s.market):
        if bead > start + rise[k]:
            found.add(
                "RES-3",
                f"$.market[{k}]",
                f"{COMMODITIES[k]} stands on space {bead}; from space {start} the ships that arrived raise it "
                f"by {rise[k]}",
            )
        fallen += max(0, start - bead)
    if fallen > bought:
        found.add(
            "RES-3",
            "$.market",
            f"the beads stand {fallen} spaces below the start in all; each of the {bought} ships bought lowers one by 1",
        )
