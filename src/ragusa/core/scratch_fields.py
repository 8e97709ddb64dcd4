"""The scratch copy's fields (`ragusa.core.scratch`): one attribute per field of the state and of a seat.

Written out from the fields of `GameState` and `PlayerState` by `python tools/generate_fields.py`: do
not edit (`tests/test_work.py` checks it is current)."""

from __future__ import annotations

from ragusa.core.state import PlayerState
from ragusa.core.state_tuples import GameStateValues, player_state_of, player_state_values


class GameFields:
    """Each field of a `GameState` as an attribute; `players` as `copied_players`, the seats' holdings
    as copied (`ragusa.core.scratch.Scratch` keeps the seats it changes apart)."""

    __slots__ = ("edition", "options", "rng", "copied_players", "start_seat", "phase", "seat", "turn_seat", "placements", "houses", "towers", "walls", "market", "slots", "ship_deck", "bonus_deck", "dealt", "rector_hand", "placed", "placed_power", "pending_hexes", "current_hex", "queue", "window_done", "passes", "end_seats", "solo", "chance")

    def load_fields(self, values: GameStateValues) -> None:
        (self.edition, self.options, self.rng, self.copied_players, self.start_seat, self.phase, self.seat, self.turn_seat, self.placements, self.houses, self.towers, self.walls, self.market, self.slots, self.ship_deck, self.bonus_deck, self.dealt, self.rector_hand, self.placed, self.placed_power, self.pending_hexes, self.current_hex, self.queue, self.window_done, self.passes, self.end_seats, self.solo, self.chance) = values

    def field_values(self, players: tuple[PlayerState, ...]) -> GameStateValues:
        return (self.edition, self.options, self.rng, players, self.start_seat, self.phase, self.seat, self.turn_seat, self.placements, self.houses, self.towers, self.walls, self.market, self.slots, self.ship_deck, self.bonus_deck, self.dealt, self.rector_hand, self.placed, self.placed_power, self.pending_hexes, self.current_hex, self.queue, self.window_done, self.passes, self.end_seats, self.solo, self.chance)


class PlayerScratch:
    """A mutable copy of one `PlayerState`: resources, commodities and VP as lists."""

    __slots__ = ("res", "com", "houses_left", "powerhouses_left", "towers_left", "bonus_cards", "ships", "vp", "bonus_vp", "fish_traded")

    def __init__(self, p: PlayerState) -> None:
        (resources_, commodities_, self.houses_left, self.powerhouses_left, self.towers_left, self.bonus_cards, self.ships, vp_, self.bonus_vp, self.fish_traded) = player_state_values(p)
        self.res = list(resources_)
        self.com = list(commodities_)
        self.vp = list(vp_)

    def freeze(self) -> PlayerState:
        return player_state_of((tuple(self.res), tuple(self.com), self.houses_left, self.powerhouses_left, self.towers_left, self.bonus_cards, self.ships, tuple(self.vp), self.bonus_vp, self.fish_traded))
