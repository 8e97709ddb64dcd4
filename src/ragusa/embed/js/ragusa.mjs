// ragusa.mjs: the rules of Ragusa in the browser and in Node.js 18 and newer, through Pyodide.
//
//   import { loadRagusa } from "./ragusa.mjs";
//   const ragusa = await loadRagusa();
//   const answer = await ragusa.request({ op: "new_game", players: 2, seats: ["human", "greedy"], seed: 1 });
//
// `request(message)` answers exactly as `ragusa engine` does (the same Python code runs in Pyodide).
// Every file is found relative to this module's own URL (pyodide/, wheels/), so the folder works from
// any static host; nothing is fetched from anywhere else. Written by `ragusa export-web`.

const IN_NODE = typeof process === "object" && Boolean(process.versions && process.versions.node) && typeof window === "undefined";

async function readBytes(url) {
  if (IN_NODE && url.protocol === "file:") {
    const { readFile } = await import("node:fs/promises");
    return new Uint8Array(await readFile(url));
  }
  const response = await fetch(url);
  if (!response.ok) throw new Error(`ragusa: ${url.href} answered HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

async function indexURL(url) {
  if (IN_NODE && url.protocol === "file:") {
    const { fileURLToPath } = await import("node:url");
    return fileURLToPath(url);
  }
  return url.href;
}

function notJson(error) {
  return { ok: false, error: { code: "bad_request", message: `not JSON: ${error.message}` } };
}

/**
 * Start the engine: Pyodide, then the wheels, then a session store.
 * options.seed: make game ids, tokens and default seeds reproducible (as `ragusa engine --seed`).
 * options.saved: keep games as text (dump() writes it; "" for none yet) instead of `ragusa engine`'s store.
 * options.baseURL: where the export's files are (default: this module's folder).
 * options.bytecode: false to compile the modules as they are imported (default: use wheels/bytecode.zip).
 */
export async function loadRagusa(options = {}) {
  const base = new URL(options.baseURL ?? "./", import.meta.url);
  // the wheels are read while the runtime starts
  const reading = readBytes(new URL("wheels/wheels.json", base)).then(async bytes => {
    const manifest = JSON.parse(new TextDecoder().decode(bytes));
    const names = options.bytecode === false || !manifest.bytecode ? manifest.wheels : [...manifest.wheels, manifest.bytecode];
    return [manifest, await Promise.all(names.map(name => readBytes(new URL(`wheels/${name}`, base))))];
  });
  const { loadPyodide } = await import(new URL("pyodide/pyodide.mjs", base).href);
  const pyodide = await loadPyodide({ indexURL: await indexURL(new URL("pyodide/", base)), stdout: () => {}, stderr: () => {} });
  const [manifest, archives] = await reading;
  const extractDir = pyodide.runPython("import site; site.getsitepackages()[0]");
  for (const wheel of archives.slice(0, manifest.wheels.length)) pyodide.unpackArchive(wheel, "wheel", { extractDir });
  // the modules compiled by this Python (ragusa export-web), when the export could
  if (archives.length > manifest.wheels.length) pyodide.unpackArchive(archives[archives.length - 1], "zip", { extractDir });
  const runtime = pyodide.pyimport("ragusa.embed.runtime");
  const start = saved => runtime.Engine.callKwargs({ seed: options.seed ?? undefined, saved: saved ?? undefined }); // undefined is None
  let engine = start(options.saved);
  const respond = line => engine.respond(line);
  return {
    version: manifest.version,
    pyodide,
    /** The answer line to one request line, as `ragusa engine` prints it (null for a blank line, which it skips). */
    async requestLine(line) {
      return String(line).trim() ? respond(String(line)) : null;
    },
    /** The answer to one request (an object), as `ragusa engine` gives it. */
    async request(message) {
      let line;
      try {
        line = JSON.stringify(message) ?? "null";
      } catch (error) {
        return notJson(error);
      }
      return JSON.parse(respond(line));
    },
    /** The games as text, for `loadRagusa({ saved })` (only with options.saved). */
    dump() {
      return engine.dump();
    },
    /** Replace the games with those `dump()` wrote (only with options.saved). */
    restore(saved) {
      engine = start(String(saved));
    },
  };
}
