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

async function gunzip(bytes) {
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
 */
export async function loadRagusa(options = {}) {
  const base = new URL(options.baseURL ?? "./", import.meta.url);
  const manifest = JSON.parse(new TextDecoder().decode(await readBytes(new URL("wheels/wheels.json", base))));
  const fromSnapshot = options.snapshot !== false && Boolean(manifest.snapshot);
  const bytecode = options.bytecode !== false && Boolean(manifest.bytecode);
  // the snapshot and the wheels are read while the runtime starts
  const names = bytecode ? [...manifest.wheels, manifest.bytecode] : manifest.wheels;
  const reading = Promise.all(names.map(name => readBytes(new URL(`wheels/${name}`, base))));
  const snapshot = fromSnapshot ? readBytes(new URL(`wheels/${manifest.snapshot}`, base)).then(gunzip) : undefined;
  const { loadPyodide } = await import(new URL("pyodide/pyodide.mjs", base).href);
  const pyodide = await loadPyodide({
    indexURL: await indexURL(new URL("pyodide/", base)),
    stdout: () => {},
    stderr: () => {},
    ...(snapshot ? { _loadSnapshot: snapshot } : {}),
    ...(options.makeSnapshot ? { _makeSnapshot: true } : {}),
  });
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
