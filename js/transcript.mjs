// The transcript of seeded games through the protocol: every request line and its answer line.
//
// The requests depend only on the answers (the deciding seat's legal actions), so two engines that answer
// alike give the same transcript, line for line. No Node.js API: it runs in a page too.

// every op, both editions, a solo game, the strict option, bots of each deterministic kind, errors too
export const GAMES = [
  { players: 3, seats: ["human", "greedy", "random"], seed: 7, edition: "2nd" },
  { players: 2, seats: ["random", "human"], seed: 11, edition: "1st", options: { strict: true } },
  { players: 1, seats: ["human"], seed: 5, edition: "2nd" },
];

/** The requests of one game, each chosen from the previous answer; `send(line)` resolves to the answer line. */
export async function playGame(send, game, index, out) {
  const ask = async request => {
    const line = JSON.stringify(request);
    const answer = await send(line);
    out.push({ request: line, answer });
    return JSON.parse(answer);
  };
  const started = await ask({ op: "new_game", id: index, ...game });
  const id = started.status.game;
  const seat = started.status.seats.indexOf("human");
  let status = started.status;
  // malformed documents: the answer names the JSON path and what is wrong (no jsonschema needed)
  if (index === 0) await ask({ op: "apply", game: id, seat, action: { type: "buy_ship", slot: "2" } });
  for (let turn = 0; !status.over && turn < 2000; turn++) {
    const legal = await ask({ op: "legal", game: id });
    const options = legal.legal;
    const choice = options[(turn * 7 + 3) % options.length];
    // every tenth decision by notation, the others as JSON; now and then a look at the view and the log
    const action = turn % 10 === 0 ? choice.text : choice.action;
    const applied = await ask({ op: "apply", game: id, seat, action });
    status = applied.status;
    if (turn % 25 === 0) {
      await ask({ op: "view", game: id, seat });
      await ask({ op: "log", game: id, since: Math.max(0, status.actions - 3) });
    }
    if (turn === 1) {
      await ask({ op: "undo", game: id });
      status = (await ask({ op: "apply", game: id, seat, action: choice.action })).status;
    }
  }
  const record = await ask({ op: "record", game: id });
  await ask({ op: "replay", record: record.record, seat: 0 });
  if (index === 0) await ask({ op: "replay", record: { ...record.record, seed: "seven" }, seat: 0 });
  await ask({ op: "view", game: id, seat });
}

/** The whole transcript: the vocabulary, a few malformed requests, then every game of GAMES. */
export async function transcript(send) {
  const out = [];
  const raw = async line => out.push({ request: line, answer: await send(line) });
  await raw(JSON.stringify({ op: "info" }));
  await raw("{not json");
  await raw(JSON.stringify({ op: "fly" }));
  await raw(JSON.stringify({ op: "new_game", players: 2, seats: ["human", "robot"] }));
  await raw(JSON.stringify({ op: "apply", game: "nope", action: "pass" }));
  for (const [index, game] of GAMES.entries()) await playGame(send, game, index, out);
  return out;
}
