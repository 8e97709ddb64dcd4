// ragusa.d.ts: the types of ragusa.mjs and of every JSON document and protocol message.
// Generated from the JSON Schemas by `python -m ragusa.embed.typescript`; do not edit.

/** One of 12 kinds, told apart by the "type" tag. */
export type Action = ChooseBonus | Place | Trade | ActivateHex | BuildWall | BuildTower | BuyShip | SellCommodity | DrawBonus | KeepBonus | Pass | ChanceOutcome;

/** ACT-5: the new house's hex `hex` activates next. */
export type ActivateHex = {
  type: "activate_hex";
  hex: string;
};

/** what a bot would play for the deciding seat, each move with the bot's estimate of it (reads only what the seat may see) */
export type AnalyseRequest = {
  op: "analyse";
  /** echoed in the response */
  id?: string | number | null;
  /** the game id new_game returned */
  game: string;
  /** the acting seat (trusted callers) */
  seat?: number;
  /** a human seat's secret: acts and sees as that seat only */
  token?: string;
  /** the search's limit: iterations (the same answer every time) or milliseconds */
  budget: {
    iterations: number;
  } | {
    ms: number;
  };
  /** ismcts (the default), expert or greedy (a local engine also takes an ismcts spec) */
  bot?: string;
  /** the bot of a level instead of bot */
  level?: "easy" | "medium" | "hard";
  /** varies the search's draws; default 0 */
  seed?: number;
};

export type AnalyseResponse = {
  ok: true;
  op: "analyse";
  /** echoed in the response */
  id?: string | number | null;
  status: {
    game: string;
    /** what the deciding seat does now */
    phase: "setup_bonus" | "place" | "order" | "trade_window" | "mason" | "architect" | "market" | "wharf" | "rector_draw" | "rector_keep" | "end_trade" | "over";
    /** the deciding seat, null at the end */
    seat: number | null;
    turn_seat: number;
    over: boolean;
    scores: number[];
    actions: number;
    seats: string[];
    /** each seat's name, if given */
    names?: (string | null)[];
    edition?: "1st" | "2nd";
    /** whether undo is possible now (never once the game is over) */
    undo: boolean;
    /** how many changes the game has seen: +1 for each action (the bots' too) and each undo */
    version: number;
    winners?: number[];
    result?: {
      [key: string]: number;
    }[];
  };
  /** the bot or level that analysed */
  bot: string;
  /** the search's iterations (0 for expert and greedy) */
  iterations: number;
  /** the moves the bot weighed, best first (the search: the ones it searched) */
  moves: {
    action: Action;
    /** the action in notation */
    text: string;
    /** the bot's estimate: the search's expected result share 0 to 1; the expert's VP margin over the best rival after the turn; greedy's estimated final VP */
    value: number;
    /** the search: iterations that tried the move */
    visits?: number;
  }[];
};

/** take an action for the deciding seat; the bots then move */
export type ApplyRequest = {
  op: "apply";
  /** echoed in the response */
  id?: string | number | null;
  /** the game id new_game returned */
  game: string;
  /** the acting seat (trusted callers) */
  seat?: number;
  /** a human seat's secret: acts and sees as that seat only */
  token?: string;
  /** the language of the answer's text (log, explanations); default en */
  lang?: "en" | "fr" | "pl";
  /** also answer the log lines of the steps, in lang */
  explain?: boolean;
  /** the status.version the client last saw: another one is refused (stale) and nothing changes */
  expect?: number;
  action: string | Action;
};

export type ApplyResponse = {
  ok: true;
  op: "apply";
  /** echoed in the response */
  id?: string | number | null;
  status: {
    game: string;
    /** what the deciding seat does now */
    phase: "setup_bonus" | "place" | "order" | "trade_window" | "mason" | "architect" | "market" | "wharf" | "rector_draw" | "rector_keep" | "end_trade" | "over";
    /** the deciding seat, null at the end */
    seat: number | null;
    turn_seat: number;
    over: boolean;
    scores: number[];
    actions: number;
    seats: string[];
    /** each seat's name, if given */
    names?: (string | null)[];
    edition?: "1st" | "2nd";
    /** whether undo is possible now (never once the game is over) */
    undo: boolean;
    /** how many changes the game has seen: +1 for each action (the bots' too) and each undo */
    version: number;
    winners?: number[];
    result?: {
      [key: string]: number;
    }[];
  };
  applied: string;
  /** the events of the action and of the bots' moves after it */
  events: Event[];
  /** with explain: the log lines of the action and the bots' moves, in lang */
  log?: string[];
};

/** The commodity a ship raises when it arrives, and by how many steps (SETUP-5, MARKET-1). */
export type ArrivalData = {
  commodity: "silver" | "wine" | "oil";
  steps: number;
};

/** The board: hexes, spots, the wall ring and each building's ring of spots. */
export type BoardData = {
  orientation: string;
  hexes: HexData[];
  spots: SpotData[];
  wall_ring: WallRingData;
  city_rings: {
    [key: string]: string[];
  };
};

/** One bonus card (END-BONUS-1). */
export type BonusCardData = {
  id: string;
  kind: "per_resource" | "per_good" | "per_distinct_good" | "per_commodity_set" | "per_two_ship_vp" | "per_adjacent_wall" | "per_tower";
  vp: number;
  resource?: "fish" | "wood" | "stone" | "silver_ore" | "grapes" | "olives" | null;
  good?: string | null;
  vp_1st_edition?: number | null;
};

/** SETUP-6 / RECTOR-1: `seat` kept `card` (hidden from other seats). */
export type BonusChosen = {
  type: "bonus_chosen";
  seat: number;
  card: string;
};

/** RECTOR-1: `seat` drew `count` cards (which ones is hidden). */
export type BonusDrawn = {
  type: "bonus_drawn";
  seat: number;
  count: number;
};

/** Solo (SOLO-4, SOLO-5, SOLO-7): the bot in `seat` decided `decision` (e.g. `"place s49"`, `"build wall w3"`, `"sell wine"`); `reason` names the rule and the tie-break that decided, with the numbers, so that a player can check it by hand. */
export type BotDecision = {
  type: "bot_decision";
  seat: number;
  decision: string;
  reason: string;
};

/** ARCHITECT-1: put a tower on `spot`. */
export type BuildTower = {
  type: "build_tower";
  spot: string;
};

/** MASON-1: build the wall segment `segment`. */
export type BuildWall = {
  type: "build_wall";
  segment: string;
};

/** MARKET-1: buy the ship in market slot `slot` (0 = leftmost). */
export type BuyShip = {
  type: "buy_ship";
  slot: number;
};

/** A random event waiting for its outcome: `outcomes[i]` comes out with probability `counts[i] / sum(counts)` (copies left of each card; 1 each for seats and a bot's cards). */
export type ChanceNode = {
  /** one of "ship", "bonus", "patrician", "bot_card", "start_seat" */
  kind: "ship" | "bonus" | "patrician" | "bot_card" | "start_seat";
  /** the possible outcomes: card ids, or seat numbers for "start_seat" */
  outcomes: (string | number)[];
  /** copies of each outcome, parallel to outcomes */
  counts: number[];
  /** the solo bot drawing one of its cards ("bot_card"), else null */
  seat?: number | null;
};

/** Explicit chance (`new_game(..., chance=True)`): the pending random event comes out as `outcome`, a card id (a ship, a bonus card, a Patrician card) or, for the start seat (SETUP-7), a seat number. Legal only at a chance node (`ragusa.rules.chance`). */
export type ChanceOutcome = {
  type: "chance_outcome";
  outcome: string | number;
};

/** Explicit chance (`ragusa.new_game(..., chance=True)`): the random events are chance nodes. The top `ship_hidden` cards of `ship_deck` (and `bonus_hidden` of `bonus_deck`) are not drawn yet: they are a multiset, kept sorted; the cards under them (put back by the Rector) are in a known order. At a chance node the state is the one before `action` (empty: the setup) and `fixed` holds the outcomes that action has already drawn; `ChanceOutcome` fixes the next and resolves the action again from its start. */
export type ChanceState = {
  /** how many cards at the top of the ship deck are not drawn yet (sorted, any order is as likely) */
  ship_hidden?: number;
  /** how many cards at the top of the bonus deck are not drawn yet (sorted) */
  bonus_hidden?: number;
  /** the random event waiting for its outcome, or null at a decision */
  node?: ChanceNode | null;
  /** at a chance node, the action being resolved (empty: the setup) */
  action?: Action[];
  /** at a chance node, the outcomes already drawn for that action, in order */
  fixed?: (string | number)[];
};

/** SETUP-6: keep this one of the three dealt bonus cards. */
export type ChooseBonus = {
  type: "choose_bonus";
  card: string;
};

export type CommodityProduced = {
  type: "commodity_produced";
  seat: number;
  commodity: string;
  amount: number;
  lost: number;
  total: number;
};

export type CommoditySold = {
  type: "commodity_sold";
  seat: number;
  commodity: string;
  vp: number;
};

/** The whole component file, as typed data. */
export type ComponentData = {
  name: string;
  notes: string[];
  provenance: {
    [key: string]: string;
  };
  board: BoardData;
  market: MarketData;
  ships: ShipData[];
  bonus_cards: BonusCardData[];
  patrician_cards: PatricianCardData[];
  patrician_unused_city_spots: string[];
  solo_setup: SoloSetupData;
  pieces: PiecesData;
};

/** RECTOR-1: draw the top two bonus cards. */
export type DrawBonus = {
  type: "draw_bonus";
};

export type ErrorResponse = {
  ok: false;
  /** echoed in the response */
  id?: string | number | null;
  error: {
    code: "bad_request" | "not_found" | "forbidden" | "not_your_turn" | "illegal" | "conflict" | "stale" | "too_large" | "internal";
    message: string;
    /** the rule clause an illegal action breaks */
    rule?: string;
    /** where in the input the problem is */
    path?: string;
    /** stale: the game's status now (redraw from it) */
    status?: {
      game: string;
      /** what the deciding seat does now */
      phase: "setup_bonus" | "place" | "order" | "trade_window" | "mason" | "architect" | "market" | "wharf" | "rector_draw" | "rector_keep" | "end_trade" | "over";
      /** the deciding seat, null at the end */
      seat: number | null;
      turn_seat: number;
      over: boolean;
      scores: number[];
      actions: number;
      seats: string[];
      /** each seat's name, if given */
      names?: (string | null)[];
      edition?: "1st" | "2nd";
      /** whether undo is possible now (never once the game is over) */
      undo: boolean;
      /** how many changes the game has seen: +1 for each action (the bots' too) and each undo */
      version: number;
      winners?: number[];
      result?: {
        [key: string]: number;
      }[];
    };
  };
};

/** One of 19 kinds, told apart by the "type" tag. */
export type Event = BonusChosen | HousePlaced | FishTraded | ResourceGained | HexActivated | HouseActivated | CommodityProduced | CommoditySold | ShipBought | ShipArrived | MarketMoved | WallBuilt | TowerBuilt | VPScored | BonusDrawn | Passed | PowerhousesConverted | BotDecision | GameEnded;

export type FishTraded = {
  type: "fish_traded";
  seat: number;
  resource: string;
  fish: number;
};

export type GameEnded = {
  type: "game_ended";
  scores: number[];
  winners: number[];
};

/** A game's setup and the actions taken, in order, from the new game's first decision. */
export type GameRecord = {
  /** the record format's version (1) */
  version?: 1;
  /** number of players (2 to 5; 1 is the solo game) */
  players: number;
  /** the seed given to new_game: it fixes every shuffle and random draw */
  seed: number;
  /** rulebook edition, "1st" or "2nd" */
  edition?: "1st" | "2nd";
  options?: Options;
  /** the actions, in order (each as legal_actions offers it) */
  actions?: Action[];
  /** the final score of each seat, when the record states them (verify checks them) */
  scores?: number[] | null;
  /** explicit chance (`new_game(..., chance=True)`): the seed is not used (0) and the actions include every random event's outcome (chance_outcome); absent in a seeded game's record */
  chance?: boolean;
};

/** A complete, self-contained game position. */
export type GameState = {
  edition: "1st" | "2nd";
  options: Options;
  /** the generator state (`ragusa.core.rng`) */
  rng: number;
  /** one `PlayerState` per seat */
  players: PlayerState[];
  /** the seat drawn to start (SETUP-7); turns go round in seat order from it */
  start_seat: number;
  phase: "setup_bonus" | "place" | "order" | "trade_window" | "mason" | "architect" | "market" | "wharf" | "rector_draw" | "rector_keep" | "end_trade" | "over";
  /** the deciding seat (None when the game is over) */
  seat: number | null;
  /** the seat whose turn it is (the placing player) */
  turn_seat: number;
  /** placements made so far */
  placements: number;
  /** per spot: EMPTY, a seat, POWERHOUSE or RESERVED */
  houses: number[];
  /** per spot: EMPTY or the seat owning the tower there */
  towers: number[];
  /** per wall segment: EMPTY or the seat that built it */
  walls: number[];
  /** per commodity: the bead's index on the market track */
  market: [number, number, number];
  /** per market slot, left to right: a ship id or None */
  slots: (string | null)[];
  /** face-down ship deck, top first */
  ship_deck: string[];
  /** face-down bonus deck, top first */
  bonus_deck: string[];
  /** SETUP-6: each seat's 3 dealt cards until it has chosen (then empty) */
  dealt?: string[][];
  /** RECTOR-1: the drawn cards awaiting a choice */
  rector_hand?: string[];
  /** the spot of the house being resolved, or -1 */
  placed?: number;
  /** whether the piece being resolved is a powerhouse (TWO-5) */
  placed_power?: boolean;
  /** hexes of the new house still to activate (ACT-5) */
  pending_hexes?: number[];
  /** the hex activating now, or -1 */
  current_hex?: number;
  /** spots on the current hex still to activate, clockwise; the first is activating now (ACT-3) */
  queue?: number[];
  /** the trade window before the queue head's activation has been offered (FISH-2) */
  window_done?: boolean;
  /** consecutive turns passed because no placement was legal */
  passes?: number;
  /** END-2: seats still to be offered the end-game trade window, in turn order */
  end_seats?: number[];
  solo?: SoloState | null;
  /** explicit chance (`new_game(..., chance=True)`); null in a seeded game (the generator draws) */
  chance?: ChanceState | null;
};

/** A hex of the new house starts activating (ACT-1..4). */
export type HexActivated = {
  type: "hex_activated";
  hex: string;
};

/** One hex of the board. */
export type HexData = {
  id: string;
  /** axial coordinates, pointy-top, `r` growing downwards (`ragusa.core.board`) */
  q: number;
  r: number;
  /** country, sea or city (`HEX_KINDS`) */
  kind: "country" | "sea" | "city";
  /** what a country or sea hex gives (`RESOURCES`); the building of a city hex (`BUILDINGS`) */
  resource?: "fish" | "wood" | "stone" | "silver_ore" | "grapes" | "olives" | null;
  building?: "winery" | "oil-press" | "silversmith" | "mason" | "architect" | "fishmonger" | "market" | "wharf" | "rectors-palace" | "cathedral" | null;
};

/** A house on a city hex activates for `seat` (ACT-3, TWO-5, TWO-6). */
export type HouseActivated = {
  type: "house_activated";
  seat: number;
  spot: string;
  building: string;
};

export type HousePlaced = {
  type: "house_placed";
  seat: number;
  spot: string;
  powerhouse: boolean;
};

/** the protocol's vocabulary: ops, seat kinds, editions, options, levels, languages; with lang, the page's words */
export type InfoRequest = {
  op: "info";
  /** echoed in the response */
  id?: string | number | null;
  /** the language of the answer's text (log, explanations); default en */
  lang?: "en" | "fr" | "pl";
};

export type InfoResponse = {
  ok: true;
  op: "info";
  /** echoed in the response */
  id?: string | number | null;
  version: string;
  ops: string[];
  seat_kinds: string[];
  editions: string[];
  options: string[];
  /** the levels a person picks an opponent by, easiest first; each name is also a seat kind; with lang, the budget and description in that language */
  levels: {
    name: string;
    /** the bot spec the level plays */
    bot: string;
    /** its thinking time a move, in words */
    budget: string;
    description: string;
  }[];
  languages?: {
    code: string;
    name: string;
  }[];
  /** with lang: the translations by English message (context and message joined by U+0004) */
  strings?: {
    [key: string]: string;
  };
  /** with lang: what each bonus card (per edition), building and ship does */
  components?: {
    cards?: {
      [key: string]: {
        [key: string]: {
          name: string;
          text: string;
        };
      };
    };
    buildings?: {
      [key: string]: {
        name: string;
        text: string;
      };
    };
    ships?: {
      [key: string]: {
        name: string;
        text: string;
      };
    };
  };
};

/** RECTOR-1: keep `card` of the drawn cards; the other goes under the deck. */
export type KeepBonus = {
  type: "keep_bonus";
  card: string;
};

/** the deciding seat's legal actions, each with its notation and JSON (with explain, what it does) */
export type LegalRequest = {
  op: "legal";
  /** echoed in the response */
  id?: string | number | null;
  /** the game id new_game returned */
  game: string;
  /** the acting seat (trusted callers) */
  seat?: number;
  /** a human seat's secret: acts and sees as that seat only */
  token?: string;
  /** the language of the answer's text (log, explanations); default en */
  lang?: "en" | "fr" | "pl";
  /** also say what each legal action does (explain), in the asked language; default false (faster) */
  explain?: boolean;
};

export type LegalResponse = {
  ok: true;
  op: "legal";
  /** echoed in the response */
  id?: string | number | null;
  status: {
    game: string;
    /** what the deciding seat does now */
    phase: "setup_bonus" | "place" | "order" | "trade_window" | "mason" | "architect" | "market" | "wharf" | "rector_draw" | "rector_keep" | "end_trade" | "over";
    /** the deciding seat, null at the end */
    seat: number | null;
    turn_seat: number;
    over: boolean;
    scores: number[];
    actions: number;
    seats: string[];
    /** each seat's name, if given */
    names?: (string | null)[];
    edition?: "1st" | "2nd";
    /** whether undo is possible now (never once the game is over) */
    undo: boolean;
    /** how many changes the game has seen: +1 for each action (the bots' too) and each undo */
    version: number;
    winners?: number[];
    result?: {
      [key: string]: number;
    }[];
  };
  legal: {
    text: string;
    action: Action;
    /** with explain: what the action does, with its numbers, in the asked language */
    explain?: string;
    /** the fish the action trades away, when it does */
    fish?: number;
  }[];
};

/** the readable log from line 'since' */
export type LogRequest = {
  op: "log";
  /** echoed in the response */
  id?: string | number | null;
  /** the game id new_game returned */
  game: string;
  /** the acting seat (trusted callers) */
  seat?: number;
  /** a human seat's secret: acts and sees as that seat only */
  token?: string;
  since?: number;
  /** the language of the answer's text (log, explanations); default en */
  lang?: "en" | "fr" | "pl";
};

export type LogResponse = {
  ok: true;
  op: "log";
  /** echoed in the response */
  id?: string | number | null;
  lines: string[];
  next: number;
  /** the game's version (status.version) these lines are of */
  version: number;
};

/** The market: the value track, where the beads start, the slots left to right. */
export type MarketData = {
  track: number[];
  start: number;
  slots: SlotData[];
};

export type MarketMoved = {
  type: "market_moved";
  commodity: string;
  steps: number;
  value: number;
};

/** start a game; bots move at once until a human seat decides */
export type NewGameRequest = {
  op: "new_game";
  /** echoed in the response */
  id?: string | number | null;
  /** 1 is the solo game; required unless a position is given */
  players?: number;
  /** who plays each seat (solo: the one human seat): human, a level or a bot; default seat 0 human, others greedy */
  seats?: string[];
  edition?: "1st" | "2nd";
  /** default: a random seed */
  seed?: number;
  /** the name each seat of seats goes by (null: none); shown as text */
  names?: (string | null)[];
  options?: {
    strict?: boolean;
    solo_human_first?: boolean;
    solo_easier_rector?: boolean;
    solo_harder?: boolean;
    powerhouse_any_hex?: boolean;
  };
  /** play on from this state, or this position text (validated as state_from_json: an impossible one is refused with its clause in rule); its players, edition and options are the position's (players, if given, must match; edition and options are left out) and seed only seeds the bots */
  position?: GameState | string;
};

export type NewGameResponse = {
  ok: true;
  op: "new_game";
  /** echoed in the response */
  id?: string | number | null;
  status: {
    game: string;
    /** what the deciding seat does now */
    phase: "setup_bonus" | "place" | "order" | "trade_window" | "mason" | "architect" | "market" | "wharf" | "rector_draw" | "rector_keep" | "end_trade" | "over";
    /** the deciding seat, null at the end */
    seat: number | null;
    turn_seat: number;
    over: boolean;
    scores: number[];
    actions: number;
    seats: string[];
    /** each seat's name, if given */
    names?: (string | null)[];
    edition?: "1st" | "2nd";
    /** whether undo is possible now (never once the game is over) */
    undo: boolean;
    /** how many changes the game has seen: +1 for each action (the bots' too) and each undo */
    version: number;
    winners?: number[];
    result?: {
      [key: string]: number;
    }[];
  };
  /** the setup's and the bots' first moves' events, what every seat may see */
  events: Event[];
  /** ragusa engine only */
  tokens?: (string | null)[];
  /** ragusa engine only (over HTTP it would reveal the hidden cards) */
  seed?: number;
  /** HTTP only: each human seat's link */
  links?: (string | null)[];
};

/** Rulings with variants and optional rules. `strict`: R-3's strict reading (Market and Wharf need a commodity already held). Solo variants (SOLO-3, SOLO-5, SOLO-8): `solo_human_first`, `solo_easier_rector`, `solo_harder`. `powerhouse_any_hex`: R-9's literal reading (at most one powerhouse on any hex, its country or sea hex included, not only on city hexes). */
export type Options = {
  strict?: boolean;
  solo_human_first?: boolean;
  solo_easier_rector?: boolean;
  solo_harder?: boolean;
  powerhouse_any_hex?: boolean;
};

/** Decline an optional effect or trade window (R-8, FISH-2, END-2), or, with no legal placement, pass the turn. */
export type Pass = {
  type: "pass";
};

export type Passed = {
  type: "passed";
  seat: number;
  what: string;
};

/** A solo Patrician card: its three spots, lowest number first (SOLO-2, SOLO-4). */
export type PatricianCardData = {
  id: string;
  spots: [string, string, string];
};

/** The pieces of each player and the limits of the stock (SETUP-2, RES-2). */
export type PiecesData = {
  houses: {
    [key: string]: number;
  };
  powerhouses_2p: number;
  towers_per_player: number;
  walls: number;
  commodity_cap: number;
};

/** TURN-1: place a house (or, in 2p, a powerhouse) on `spot`. `trades` lists the resources bought with fish as part of this placement (BUILD-8), one entry per trade, e.g. `("wood", "wood")` for two trades of 2 fish. They are kept in resource order (wood, stone, silver_ore, grapes, olives), whatever order they are given in. */
export type Place = {
  type: "place";
  spot: string;
  powerhouse?: boolean;
  trades?: ("fish" | "wood" | "stone" | "silver_ore" | "grapes" | "olives")[];
};

/** One seat's holdings. */
export type PlayerState = {
  /** access to fish, wood, stone, silver ore, grapes, olives (RES-1) */
  resources?: [number, number, number, number, number, number];
  /** silver, wine, oil held, each 0..12 (RES-2) */
  commodities?: [number, number, number];
  houses_left?: number;
  powerhouses_left?: number;
  towers_left?: number;
  /** bonus cards kept (hidden from other seats) */
  bonus_cards?: string[];
  /** ships bought, in order */
  ships?: string[];
  /** VP by source, in `VP_SOURCES` order */
  vp?: [number, number, number, number, number, number, number];
  /** VP each bonus card scored at the end, parallel to `bonus_cards` */
  bonus_vp?: number[];
  /** fish given away in trades so far (FISH-1) */
  fish_traded?: number;
};

/** What seat `viewer` may know of a position. Fields not described here mean what they mean in the game state (indices in component-file order). */
export type PlayerView = {
  /** the seat this view is for */
  viewer: number;
  edition: "1st" | "2nd";
  options: Options;
  /** every seat's holdings, hidden parts removed */
  players: SeatView[];
  start_seat: number;
  phase: "setup_bonus" | "place" | "order" | "trade_window" | "mason" | "architect" | "market" | "wharf" | "rector_draw" | "rector_keep" | "end_trade" | "over";
  /** the deciding seat (null when the game is over) */
  seat: number | null;
  /** the seat whose turn it is (the placing player) */
  turn_seat: number;
  placements: number;
  /** per spot: -1 free, a seat, -2 powerhouse, -3 solo reserved spot */
  houses: number[];
  /** per spot: -1 or the seat owning the tower there */
  towers: number[];
  /** per wall segment: -1 or the seat that built it */
  walls: number[];
  /** per commodity (silver, wine, oil): the bead's index on the market track */
  market: [number, number, number];
  /** per market slot, left to right: a ship id or null */
  slots: (string | null)[];
  /** ships left in the face-down deck */
  ship_deck_size: number;
  /** bonus cards left in the face-down deck */
  bonus_deck_size: number;
  /** SETUP-6: the viewer's own dealt cards while it has not chosen (empty otherwise) */
  dealt: string[];
  /** RECTOR-1: the drawn cards, shown only to the seat choosing among them */
  rector_hand: string[];
  /** RECTOR-1: how many cards are drawn and awaiting a choice */
  rector_hand_size: number;
  /** the spot of the house being resolved, or -1 */
  placed: number;
  placed_power: boolean;
  /** hexes of the new house still to activate (ACT-5) */
  pending_hexes: number[];
  /** the hex activating now, or -1 */
  current_hex: number;
  /** spots on the current hex still to activate, clockwise */
  queue: number[];
  window_done: boolean;
  passes: number;
  end_seats: number[];
  solo: SoloView | null;
  /** the viewer's legal actions when it is the deciding seat (empty otherwise) */
  legal_actions: Action[];
  /** VP per seat so far (final once the game is over) */
  scores: number[];
  /** explicit chance: at a chance node, what is drawn ("ship", "bonus", "patrician", "bot_card", "start_seat"), the view being of the position before the action that draws (during the setup's draws, of the empty table); absent otherwise */
  chance?: "ship" | "bonus" | "patrician" | "bot_card" | "start_seat" | null;
};

/** the board editor's engine: a position read and checked, whose decision it is with every legal action, and the ruling on one action; nothing is stored */
export type PositionRequest = {
  op: "position";
  /** echoed in the response */
  id?: string | number | null;
  /** a position text (docs/position-text.md) */
  position?: string;
  /** a state document being edited (written as a position text) */
  state?: {
    [key: string]: unknown;
  };
  /** without position or state: a new table */
  players?: number;
  edition?: "1st" | "2nd";
  options?: {
    strict?: boolean;
    solo_human_first?: boolean;
    solo_easier_rector?: boolean;
    solo_harder?: boolean;
    powerhouse_any_hex?: boolean;
  };
  /** draws what the text leaves unknown (default: from the text); a new table's seed */
  seed?: number;
  /** write the decks' order and the generator as ? (a table cannot know them) */
  unknown?: boolean;
  /** the action to rule on */
  action?: string | Action;
  /** the language of the answer's text (log, explanations); default en */
  lang?: "en" | "fr" | "pl";
};

export type PositionResponse = {
  ok: true;
  op: "position";
  /** echoed in the response */
  id?: string | number | null;
  /** the position text (null: the request named none) */
  position: string | null;
  /** the position as a state document (null: none could be read) */
  state: {
    [key: string]: unknown;
  } | null;
  /** why the position cannot be played: each impossibility (clause, JSON path) or the malformation (column) */
  problems: ({
    clause: string | null;
    path: string;
    message: string;
  })[];
  /** whose decision it is (seat, phase, rule, headline) and every legal action (choices) */
  decision: {
    [key: string]: unknown;
  } | null;
  /** with action: legal, or the clause (rule) and the numbers (message); what it does and changes */
  ruling: {
    [key: string]: unknown;
  } | null;
};

/** TWO-8: no legal powerhouse spot is left; `count` powerhouses become ordinary houses. */
export type PowerhousesConverted = {
  type: "powerhouses_converted";
  seat: number;
  count: number;
};

/** the game record (with a token: only once the game is over) */
export type RecordRequest = {
  op: "record";
  /** echoed in the response */
  id?: string | number | null;
  /** the game id new_game returned */
  game: string;
  /** the acting seat (trusted callers) */
  seat?: number;
  /** a human seat's secret: acts and sees as that seat only */
  token?: string;
};

export type RecordResponse = {
  ok: true;
  op: "record";
  /** echoed in the response */
  id?: string | number | null;
  record: GameRecord;
};

/** a record replayed as one seat's view at each step, with the log */
export type ReplayRequest = {
  op: "replay";
  /** echoed in the response */
  id?: string | number | null;
  record: GameRecord;
  /** the acting seat (trusted callers) */
  seat?: number;
  /** the language of the answer's text (log, explanations); default en */
  lang?: "en" | "fr" | "pl";
};

export type ReplayResponse = {
  ok: true;
  op: "replay";
  /** echoed in the response */
  id?: string | number | null;
  frames: {
    view: PlayerView;
    log: string[];
  }[];
  status: {
    game: string;
    /** what the deciding seat does now */
    phase: "setup_bonus" | "place" | "order" | "trade_window" | "mason" | "architect" | "market" | "wharf" | "rector_draw" | "rector_keep" | "end_trade" | "over";
    /** the deciding seat, null at the end */
    seat: number | null;
    turn_seat: number;
    over: boolean;
    scores: number[];
    actions: number;
    seats: string[];
    /** each seat's name, if given */
    names?: (string | null)[];
    edition?: "1st" | "2nd";
    /** whether undo is possible now (never once the game is over) */
    undo: boolean;
    /** how many changes the game has seen: +1 for each action (the bots' too) and each undo */
    version: number;
    winners?: number[];
    result?: {
      [key: string]: number;
    }[];
  };
};

export type ResourceGained = {
  type: "resource_gained";
  seat: number;
  resource: string;
  hex: string;
  total: number;
};

/** One seat's holdings as the viewer sees them. */
export type SeatView = {
  /** fish, wood, stone, silver ore, grapes, olives (RES-1) */
  resources: [number, number, number, number, number, number];
  /** silver, wine, oil held (RES-2) */
  commodities: [number, number, number];
  houses_left: number;
  powerhouses_left: number;
  towers_left: number;
  /** how many bonus cards the seat holds */
  bonus_card_count: number;
  /** the seat's bonus cards: the viewer's own, or everyone's once the game is over; null while hidden */
  bonus_cards: string[] | null;
  /** ships bought, in order */
  ships: string[];
  /** VP by source: mason, fishmonger, wharf, ships, walls, cathedral, bonus */
  vp: [number, number, number, number, number, number, number];
  /** VP each bonus card scored at the end, parallel to bonus_cards (empty until then) */
  bonus_vp: number[];
  /** fish given away in trades so far (FISH-1) */
  fish_traded: number;
  /** SETUP-6: how many dealt cards the seat still has to choose from (3, or 0 once chosen) */
  dealt_count: number;
};

/** WHARF-1: sell one `commodity` (silver, wine or oil). */
export type SellCommodity = {
  type: "sell_commodity";
  commodity: "silver" | "wine" | "oil";
};

export type ShipArrived = {
  type: "ship_arrived";
  ship: string;
  slot: number;
};

export type ShipBought = {
  type: "ship_bought";
  seat: number;
  ship: string;
  slot: number;
  paid: {
    [key: string]: number;
  };
  vp: number;
};

/** One ship card (MARKET-1). */
export type ShipData = {
  id: string;
  good: string;
  stars: number;
  extra_cost: "silver" | "wine" | "oil" | null;
  arrival: ArrivalData;
};

/** A market slot: its base cost and the commodity a purchase there lowers. */
export type SlotData = {
  cost: {
    [key: string]: number;
  };
  lowers: "silver" | "wine" | "oil";
};

/** Each colour's three opening spots in the solo game (SOLO-1). */
export type SoloSetupData = {
  bot_a: string[];
  bot_b: string[];
  player: string[];
};

/** Solo-only state (SOLO-1 to SOLO-8); None in multiplayer games. The human is seat 0; the bots are the seats in `bot_seats` (bot A, then bot B). The per-bot tuples are parallel to `bot_seats`. */
export type SoloState = {
  /** each bot's Patrician cards not yet discarded (hidden), bot A then bot B (SOLO-2, SOLO-4) */
  bot_cards?: string[][];
  /** seats of the bots, bot A then bot B (SOLO-3, ED-3, R-12) */
  bot_seats?: number[];
  /** easier variant (SOLO-5): each bot's Rector draws, kept apart as pairs (a pair has 1 card when the deck held only 1, R-4); only the better card of each pair scores */
  bot_pairs?: string[][][];
  /** the round being played, 1 to 9 (SOLO-3); 0 before the first turn */
  round?: number;
};

/** The solo game's public part (SOLO): the bots' cards are counted, not shown. */
export type SoloView = {
  /** how many Patrician cards each bot has left */
  bot_card_counts: number[];
  /** seats of the bots, in play order */
  bot_seats: number[];
  /** easier variant: how many Rector pairs each bot keeps (SOLO-5) */
  bot_pair_counts: number[];
  /** rounds completed (SOLO-3: 9) */
  round: number;
};

/** One spot: a corner shared by three hexes, where a house goes. */
export type SpotData = {
  id: string;
  hexes: [string, string, string];
  on_wall: boolean;
  tower_spot: boolean;
};

/** ragusa engine: end the running analysis early (it answers with what it found) */
export type StopRequest = {
  op: "stop";
  /** echoed in the response */
  id?: string | number | null;
};

export type StopResponse = {
  ok: true;
  op: "stop";
  /** echoed in the response */
  id?: string | number | null;
  /** whether an analysis was running and was ended */
  stopped: boolean;
};

export type TowerBuilt = {
  type: "tower_built";
  seat: number;
  spot: string;
};

/** FISH-1: trade fish for one `resource` (2 fish: wood/grapes/olives, 3: stone, 4: silver_ore). */
export type Trade = {
  type: "trade";
  resource: "fish" | "wood" | "stone" | "silver_ore" | "grapes" | "olives";
};

/** take back the last human action and the bot moves after it (games with one human) */
export type UndoRequest = {
  op: "undo";
  /** echoed in the response */
  id?: string | number | null;
  /** the game id new_game returned */
  game: string;
  /** the acting seat (trusted callers) */
  seat?: number;
  /** a human seat's secret: acts and sees as that seat only */
  token?: string;
  /** the status.version the client last saw: another one is refused (stale) and nothing changes */
  expect?: number;
};

export type UndoResponse = {
  ok: true;
  op: "undo";
  /** echoed in the response */
  id?: string | number | null;
  status: {
    game: string;
    /** what the deciding seat does now */
    phase: "setup_bonus" | "place" | "order" | "trade_window" | "mason" | "architect" | "market" | "wharf" | "rector_draw" | "rector_keep" | "end_trade" | "over";
    /** the deciding seat, null at the end */
    seat: number | null;
    turn_seat: number;
    over: boolean;
    scores: number[];
    actions: number;
    seats: string[];
    /** each seat's name, if given */
    names?: (string | null)[];
    edition?: "1st" | "2nd";
    /** whether undo is possible now (never once the game is over) */
    undo: boolean;
    /** how many changes the game has seen: +1 for each action (the bots' too) and each undo */
    version: number;
    winners?: number[];
    result?: {
      [key: string]: number;
    }[];
  };
  undone: number;
  /** always empty: the game went back (redraw from a view) */
  events: Event[];
};

/** `seat` scored `vp` from `source` (a `ragusa.core.state.VP_SOURCES` name); `reason` explains. */
export type VPScored = {
  type: "vp_scored";
  seat: number;
  source: "mason" | "fishmonger" | "wharf" | "ships" | "walls" | "cathedral" | "bonus";
  vp: number;
  reason: string;
};

/** what one seat may know, with its legal actions when it decides and why it decides now */
export type ViewRequest = {
  op: "view";
  /** echoed in the response */
  id?: string | number | null;
  /** the game id new_game returned */
  game: string;
  /** the acting seat (trusted callers) */
  seat?: number;
  /** a human seat's secret: acts and sees as that seat only */
  token?: string;
  /** the language of the answer's text (log, explanations); default en */
  lang?: "en" | "fr" | "pl";
  /** also say what each legal action does (explain), in the asked language; default false (faster) */
  explain?: boolean;
  /** also replay the actions from this number on (steps) and say what changed */
  since?: number;
};

export type ViewResponse = {
  ok: true;
  op: "view";
  /** echoed in the response */
  id?: string | number | null;
  status: {
    game: string;
    /** what the deciding seat does now */
    phase: "setup_bonus" | "place" | "order" | "trade_window" | "mason" | "architect" | "market" | "wharf" | "rector_draw" | "rector_keep" | "end_trade" | "over";
    /** the deciding seat, null at the end */
    seat: number | null;
    turn_seat: number;
    over: boolean;
    scores: number[];
    actions: number;
    seats: string[];
    /** each seat's name, if given */
    names?: (string | null)[];
    edition?: "1st" | "2nd";
    /** whether undo is possible now (never once the game is over) */
    undo: boolean;
    /** how many changes the game has seen: +1 for each action (the bots' too) and each undo */
    version: number;
    winners?: number[];
    result?: {
      [key: string]: number;
    }[];
  };
  view: PlayerView;
  legal: {
    text: string;
    action: Action;
    /** with explain: what the action does, with its numbers, in the asked language */
    explain?: string;
    /** the fish the action trades away, when it does */
    fish?: number;
  }[];
  /** why the seat decides now (empty when it does not) */
  why?: string;
  /** with since: the first action replayed */
  since?: number;
  /** each action since 'since': who took it, its log lines, what changed, the seat's view after it */
  steps?: {
    seat: number;
    /** the step's events, the viewer's share */
    events: Event[];
    log: string[];
    /** spots whose house changed, walls and towers built, market slots whose ship changed */
    changed: {
      houses: string[];
      walls: string[];
      towers: string[];
      slots: number[];
    };
    view: PlayerView;
  }[];
  /** spots whose house changed, walls and towers built, market slots whose ship changed */
  changed?: {
    houses: string[];
    walls: string[];
    towers: string[];
    slots: number[];
  };
};

export type WallBuilt = {
  type: "wall_built";
  seat: number;
  segment: string;
  vp: number;
};

/** A wall segment of the city wall ring: the spots at its ends and the hexes it separates. */
export type WallData = {
  id: string;
  spots: [string, string];
  hexes: [string, string];
};

/** The city wall ring, clockwise from `start` (the Silversmith's top corner). */
export type WallRingData = {
  start: string;
  spots: string[];
  walls: WallData[];
};

/** Any request of the protocol. */
export type Request = PositionRequest | InfoRequest | NewGameRequest | LegalRequest | ApplyRequest | ViewRequest | LogRequest | UndoRequest | RecordRequest | AnalyseRequest | StopRequest | ReplayRequest;

/** Any response of the protocol. */
export type Response = InfoResponse | NewGameResponse | PositionResponse | LegalResponse | ApplyResponse | ViewResponse | LogResponse | UndoResponse | RecordResponse | AnalyseResponse | StopResponse | ReplayResponse | ErrorResponse;

/** The response to each op, when it succeeds. */
export interface Responses {
  position: PositionResponse;
  info: InfoResponse;
  new_game: NewGameResponse;
  legal: LegalResponse;
  apply: ApplyResponse;
  view: ViewResponse;
  log: LogResponse;
  undo: UndoResponse;
  record: RecordResponse;
  analyse: AnalyseResponse;
  stop: StopResponse;
  replay: ReplayResponse;
}

/** Whose decision it is, the scores, and at the end the result. */
export type Status = NewGameResponse["status"];

/** Options of `loadRagusa`. */
export interface LoadOptions {
  /** make game ids, seat tokens and default seeds reproducible (as `ragusa engine --seed`) */
  seed?: number;
  /** keep the games as text (`dump()` writes it; "" for none yet) instead of `ragusa engine`'s store */
  saved?: string;
  /** where the export's files are (default: the folder of ragusa.mjs) */
  baseURL?: string | URL;
  /** false: start Python itself instead of from the export's memory snapshot (wheels/snapshot.gz) */
  snapshot?: boolean;
  /** false: compile the modules as they are imported instead of using wheels/bytecode.zip */
  bytecode?: boolean;
  /** true: run the engine in a worker of its own (a Web Worker in a page, a worker_threads Worker in Node.js) */
  worker?: boolean;
}

/** The answer to a request: the op's response, or an error. */
export type AnswerTo<R extends Request> = Responses[R["op"]] | ErrorResponse;

/** The success shape of an answer (what `if (answer.ok)` narrows it to). */
export type Success<A> = Exclude<A, ErrorResponse>;

/** The request type of an op. */
export type RequestOf<Op extends Request["op"]> = Extract<Request, { op: Op }>;

/** A request with no field its op does not have: a misspelled field (`playrs`) is a type error. */
export type Strict<R extends Request> = R & { [K in Exclude<keyof R, keyof RequestOf<R["op"]>>]: never };

/** The engine, running in Pyodide: it answers exactly as `ragusa engine` does. */
export interface Ragusa {
  /** the ragusa version of the wheels */
  readonly version: string;
  /** the Pyodide instance the engine runs in */
  readonly pyodide: unknown;
  /** the answer to one request (its fields checked against its op's: a misspelled one does not compile) */
  request<R extends Request>(message: Strict<R>): Promise<AnswerTo<R>>;
  /** the answer line to one request line, as `ragusa engine` prints it (null for a blank line) */
  requestLine(line: string): Promise<string | null>;
  /** the games as text, for `loadRagusa({ saved })` (only with `saved`) */
  dump(): string;
  /** replace the games with those `dump()` wrote (only with `saved`) */
  restore(saved: string): void;
}

/** The engine in a worker of its own (`loadRagusa({ worker: true })`): the same answers, through postMessage. */
export interface RagusaWorker extends Omit<Ragusa, "pyodide" | "dump" | "restore"> {
  /** null: Pyodide runs in the worker */
  readonly pyodide: null;
  /** the worker (a Web Worker, or a worker_threads Worker in Node.js) */
  readonly worker: unknown;
  /** the games as text, for `loadRagusa({ saved })` (only with `saved`) */
  dump(): Promise<string>;
  /** replace the games with those `dump()` wrote (only with `saved`) */
  restore(saved: string): Promise<void>;
  /** stop the worker (a request still waiting is refused) */
  terminate(): void;
}

/** Start the engine: Pyodide, the wheels, a session store; in a worker with `worker: true`. */
export function loadRagusa(options: LoadOptions & { worker: true }): Promise<RagusaWorker>;
export function loadRagusa(options?: LoadOptions & { worker?: false }): Promise<Ragusa>;
export function loadRagusa(options?: LoadOptions): Promise<Ragusa | RagusaWorker>;
