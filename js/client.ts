// A small TypeScript client of ragusa.mjs, type-checked against ragusa.d.ts in CI (`npx tsc -p js`).
// It plays one seeded game to the end: the deciding seat takes its first legal action.
import { loadRagusa, type Action, type AnswerTo, type NewGameRequest, type Request, type Status } from "ragusa";

function expectOk<R extends Request>(answer: AnswerTo<R>): Exclude<AnswerTo<R>, { ok: false }> {
  if (!answer.ok) throw new Error(`${answer.error.code}: ${answer.error.message}${answer.error.rule ? ` [${answer.error.rule}]` : ""}`);
  return answer as Exclude<AnswerTo<R>, { ok: false }>;
}

export async function playOne(seed: number): Promise<number[]> {
  const ragusa = await loadRagusa({ seed: 1 });
  const start: NewGameRequest = { op: "new_game", players: 2, seats: ["human", "greedy"], seed };
  const started = expectOk(await ragusa.request(start));
  const game: string = started.status.game;
  let status: Status = started.status;
  while (!status.over) {
    const legal = expectOk(await ragusa.request({ op: "legal", game }));
    const first: Action = legal.legal[0].action;
    status = expectOk(await ragusa.request({ op: "apply", game, seat: 0, action: first })).status;
  }
  const view = expectOk(await ragusa.request({ op: "view", game, seat: 0 }));
  return view.view.players.map(player => player.vp.reduce((a, b) => a + b, 0));
}

// The engine in a worker: the same requests and answers; dump and restore resolve when the worker is done.
export async function savedInWorker(): Promise<string> {
  const ragusa = await loadRagusa({ saved: "", worker: true });
  const started = expectOk(await ragusa.request({ op: "new_game", players: 2, seats: ["human", "hard"], seed: 3 }));
  const saved: string = await ragusa.dump();
  ragusa.terminate();
  return `${started.status.game}: ${saved.length}`;
}
