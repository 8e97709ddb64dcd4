// ragusa-worker.mjs: the engine of `loadRagusa({ worker: true })`, in a worker of its own (a module Web
// Worker in a page, a worker_threads Worker in Node.js). It answers the messages ragusa.mjs posts:
// {id, op: "load", options} first (loadRagusa in this worker: Pyodide, the wheels, the store), then
// {id, op: "line", line}, {id, op: "dump"} and {id, op: "restore", saved}; each reply is {id, ok, value}
// or {id, ok: false, error}. Written by `ragusa export-web`.
import { loadRagusa } from "./ragusa.mjs";

const IN_NODE = typeof process === "object" && Boolean(process.versions && process.versions.node) && typeof window === "undefined";
let engine = null;

async function answer({ id, op, ...fields }) {
  try {
    if (op === "load") {
      engine = await loadRagusa({ ...fields.options, worker: false });
      return { id, ok: true, value: engine.version };
    }
    if (engine === null) throw new Error("the engine is not loaded");
    if (op === "line") return { id, ok: true, value: await engine.requestLine(fields.line) };
    if (op === "dump") return { id, ok: true, value: engine.dump() };
    if (op === "restore") return { id, ok: true, value: engine.restore(fields.saved) ?? null };
    throw new Error(`unknown message ${JSON.stringify(op)}`);
  } catch (error) {
    return { id, ok: false, error: String(error && error.message ? error.message : error) };
  }
}

// messages are answered in the order they came: the engine is one Python thread
let queue = Promise.resolve();
const receive = (message, post) => { queue = queue.then(() => answer(message)).then(post); };

if (IN_NODE) {
  const { parentPort } = await import("node:worker_threads");
  parentPort.on("message", message => receive(message, reply => parentPort.postMessage(reply)));
} else {
  self.addEventListener("message", event => receive(event.data, reply => self.postMessage(reply)));
}
