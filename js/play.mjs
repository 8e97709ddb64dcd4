// Play seeded games through the protocol and print the transcript: every request line and its answer line.
//
//   node js/play.mjs module SITE/ragusa.mjs [--no-snapshot] [--worker]
//                                                             the rules in Pyodide (ragusa export-web), started
//                                                             from the export's snapshot or not, in this thread
//                                                             or in a worker (loadRagusa({ worker: true }))
//   node js/play.mjs engine COMMAND [ARGS...]                 a process speaking JSON lines (ragusa engine --seed 1, a bundle)
//
// The games and requests are those of transcript.mjs; the transcript goes to stdout as JSON lines,
// {"request": LINE, "answer": LINE}.
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { pathToFileURL } from "node:url";
import { resolve } from "node:path";
import { transcript } from "./transcript.mjs";

/** `send` over a child process's stdin/stdout, one line each way. */
export function processSender(command, args) {
  const child = spawn(command, args, { stdio: ["pipe", "pipe", "inherit"] });
  const lines = createInterface({ input: child.stdout });
  const waiting = [];
  lines.on("line", line => waiting.shift()(line));
  const send = line => new Promise(resolveLine => {
    waiting.push(resolveLine);
    child.stdin.write(line + "\n");
  });
  return { send, close: () => child.stdin.end() };
}

async function main(argv) {
  const [mode, ...rest] = argv;
  let send, close = () => {};
  if (mode === "module") {
    const { loadRagusa } = await import(pathToFileURL(resolve(rest[0])).href);
    const flags = rest.slice(1);
    const ragusa = await loadRagusa({ seed: 1, snapshot: !flags.includes("--no-snapshot"), worker: flags.includes("--worker") });
    send = line => ragusa.requestLine(line);
  } else if (mode === "engine") {
    ({ send, close } = processSender(rest[0], rest.slice(1)));
  } else {
    console.error("usage: node js/play.mjs module SITE/ragusa.mjs [--no-snapshot] [--worker] | engine COMMAND [ARGS...]");
    return 2;
  }
  for (const entry of await transcript(send)) process.stdout.write(JSON.stringify(entry) + "\n");
  close();
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) process.exitCode = await main(process.argv.slice(2));
