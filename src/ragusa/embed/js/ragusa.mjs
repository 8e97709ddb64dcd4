// ragusa.mjs: the rules of Ragusa in the browser and in Node.js 18 and newer, through Pyodide.
//
//   import { loadRagusa } from "./ragusa.mjs";
//   const ragusa = await loadRagusa();
//   const answer = await ragusa.request({ op: "new_game", players: 2, seats: ["human", "greedy"], seed: 1 });
//
// `request(message)` answers exactly as `ragusa engine` does (the same Python code runs in Pyodide).
// `loadRagusa({ worker: true })` runs the engine in a worker of its own (ragusa-worker.mjs: a Web Worker in
// a page, a worker_threads Worker in Node.js), so a bot that searches never holds the caller's thread.
// Every file is found relative to this module's own URL (pyodide/, wheels/; `baseURL` to say where else),
// so the folder works from any static host; nothing is fetched from anywhere else. Written by
// `ragusa export-web`, which also makes the folder an npm package (package.json).

const IN_NODE = typeof process === "object" && Boolean(process.versions && process.versions.node) && typeof window === "undefined";

// Node.js's own modules, by a name no bundler resolves (a page never loads them)
const nodeModule = name => import(/* @vite-ignore */ /* webpackIgnore: true */ `node:${name}`);

async function readBytes(url) {
  if (IN_NODE && url.protocol === "file:") {
    const { readFile } = await nodeModule("fs/promises");
    return new Uint8Array(await readFile(url));
  }
  const response = await fetch(url);  // a page, a Web Worker, or Node.js from an http(s) address
  if (!response.ok) throw new Error(`ragusa: ${url.href} answered HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

async function indexURL(url) {
  if (IN_NODE && url.protocol === "file:") {
    const { fileURLToPath } = await nodeModule("url");
    return fileURLToPath(url);
  }
  return url.href;
}

function notJson(error) {
  return { ok: false, error: { code: "bad_request", message: `not JSON: ${error.message}` } };
}

/** `request` and `requestLine` of an engine whose `send(line)` gives (or resolves to) the answer line. */
function requests(send) {
  return {
    /** The answer line to one request line, as `ragusa engine` prints it (null for a blank line, which it skips). */
    async requestLine(line) {
      return String(line).trim() ? send(String(line)) : null;
    },
    /** The answer to one request (an object), as `ragusa engine` gives it. */
    async request(message) {
      let line;
      try {
        line = JSON.stringify(message) ?? "null";
      } catch (error) {
        return notJson(error);
      }
      return JSON.parse(await send(line));
    },
  };
}

// wheels/snapshot.gz, unpacked; a host that serves a .gz file as gzip-encoded (Vite's servers do) has
// the browser unpack it already, and the bytes come without the gzip header
async function gunzip(bytes) {
  if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) return bytes;
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/**
 * Start the engine: Pyodide (from the export's memory snapshot, when it has one), then the wheels,
 * then a session store.
 * options.seed: make game ids, tokens and default seeds reproducible (as `ragusa engine --seed`).
 * options.saved: keep games as text (dump() writes it; "" for none yet) instead of `ragusa engine`'s store.
 * options.baseURL: where the export's files are (default: this module's folder).
 * options.snapshot: false to start Python itself instead of from wheels/snapshot.gz.
 * options.bytecode: false to compile the modules as they are imported (default: use wheels/bytecode.zip).
 * options.worker: true to run the engine in a worker (see inWorker): the same answers through postMessage.
 */
export async function loadRagusa(options = {}) {
  const base = new URL(options.baseURL ?? "./", import.meta.url);
  if (options.worker) return inWorker(base, options);
  const manifest = JSON.parse(new TextDecoder().decode(await readBytes(new URL("wheels/wheels.json", base))));
  const fromSnapshot = options.snapshot !== false && Boolean(manifest.snapshot);
  const bytecode = options.bytecode !== false && Boolean(manifest.bytecode);
  // the snapshot and the wheels are read while the runtime starts
  const names = bytecode ? [...manifest.wheels, manifest.bytecode] : manifest.wheels;
  const reading = Promise.all(names.map(name => readBytes(new URL(`wheels/${name}`, base))));
  const snapshot = fromSnapshot ? readBytes(new URL(`wheels/${manifest.snapshot}`, base)).then(gunzip) : undefined;
  const { loadPyodide } = await import(/* @vite-ignore */ /* webpackIgnore: true */ new URL("pyodide/pyodide.mjs", base).href);
  const settings = { indexURL: await indexURL(new URL("pyodide/", base)), stdout: () => {}, stderr: () => {} };
  let pyodide;
  try {
    pyodide = await loadPyodide({
      ...settings,
      ...(snapshot ? { _loadSnapshot: snapshot } : {}),
      ...(options.makeSnapshot ? { _makeSnapshot: true } : {}),
    });
  } catch (failure) {
    // Pyodide's memory snapshots are experimental (its underscore options) and a snapshot can fail to
    // restore: then Python starts itself, as with snapshot: false; the answers are the same
    if (!snapshot) throw failure;
    pyodide = await loadPyodide(settings);
  }
  const archives = await reading;
  // the files, a snapshot's too: its modules are imported, but a module may still read a data file
  const extractDir = pyodide.runPython("import site; site.getsitepackages()[0]");
  for (const wheel of archives.slice(0, manifest.wheels.length)) pyodide.unpackArchive(wheel, "wheel", { extractDir });
  if (bytecode) pyodide.unpackArchive(archives[archives.length - 1], "zip", { extractDir });
  if (options.makeSnapshot) {  // for ragusa export-web: the engine imported, nothing held from JavaScript
    pyodide.runPython("import ragusa.embed.runtime");
    return { pyodide };
  }
  const runtime = pyodide.pyimport("ragusa.embed.runtime");
  const start = saved => runtime.Engine.callKwargs({ seed: options.seed ?? undefined, saved: saved ?? undefined }); // undefined is None
  let engine = start(options.saved);
  // the bound method, looked up once: a lookup per request makes a proxy per request
  let respond = engine.respond;
  return {
    version: manifest.version,
    pyodide,
    ...requests(line => respond(line)),
    /** The games as text, for `loadRagusa({ saved })` (only with options.saved). */
    dump() {
      return engine.dump();
    },
    /** Replace the games with those `dump()` wrote (only with options.saved). */
    restore(saved) {
      const [oldEngine, oldRespond] = [engine, respond];
      engine = start(String(saved));
      respond = engine.respond;
      oldRespond.destroy();
      oldEngine.destroy();
    },
  };
}

/**
 * The engine in a worker of its own: ragusa-worker.mjs beside the runtime (in a page a module Web Worker,
 * in Node.js a worker_threads Worker), started with the same options; every call goes through
 * postMessage, so the caller's thread runs on while the engine thinks. `dump` and `restore` resolve
 * when the worker has done them; `terminate()` stops the worker (a call still waiting is refused). In
 * Node.js the worker keeps the process alive only while a call waits for it.
 */
async function inWorker(base, options) {
  const url = new URL("ragusa-worker.mjs", base);
  const pending = new Map();
  let next = 0;
  let worker, listen;
  if (IN_NODE) {
    const threads = await nodeModule("worker_threads");
    worker = new threads.Worker(url);
    listen = (kind, handler) => worker.on(kind, handler);
  } else {
    worker = new Worker(url, { type: "module" });
    listen = (kind, handler) => worker.addEventListener(kind, event => handler(kind === "message" ? event.data : event));
  }
  const idle = () => { if (IN_NODE && pending.size === 0) worker.unref(); };
  let closed = null;  // why the worker answers no more
  const failAll = message => {
    closed = closed ?? message;
    for (const { reject } of pending.values()) reject(new Error(`ragusa: ${message}`));
    pending.clear();
    idle();
  };
  listen("message", ({ id, ok, value, error }) => {
    const call = pending.get(id);
    if (!call) return;
    pending.delete(id);
    idle();
    if (ok) call.resolve(value);
    else call.reject(new Error(`ragusa: ${error}`));
  });
  listen("error", event => failAll(`the worker failed: ${event.message ?? event}`));
  if (IN_NODE) listen("exit", code => failAll(`the worker stopped (exit code ${code})`));
  const call = (op, fields = {}) => new Promise((resolve, reject) => {
    if (closed !== null) return reject(new Error(`ragusa: ${closed}`));
    const id = next++;
    pending.set(id, { resolve, reject });
    if (IN_NODE) worker.ref();
    worker.postMessage({ id, op, ...fields });
  });
  const { seed, saved, snapshot, bytecode } = options;
  let version;
  try {
    version = await call("load", { options: { seed, saved, snapshot, bytecode, baseURL: base.href } });
  } catch (error) {
    worker.terminate();
    throw error;
  }
  return {
    version,
    /** null: Pyodide runs in the worker */
    pyodide: null,
    /** the worker itself (a Web Worker, or a worker_threads Worker in Node.js) */
    worker,
    ...requests(line => call("line", { line })),
    dump() {
      return call("dump");
    },
    async restore(saved) {
      await call("restore", { saved: String(saved) });
    },
    /** Stop the worker; a call still waiting is refused. */
    terminate() {
      failAll("the worker was terminated");
      worker.terminate();
    },
  };
}
