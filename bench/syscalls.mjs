// System calls per request of the server process (all its threads), a chat turn against the bare
// route, counted by `strace -c -f` (Debian's strace) while the load generator drives each. Counts,
// not times: tracing slows the server down, the calls a request makes stay the same.
//   node bench/syscalls.mjs            (after node scripts/build.mjs)
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { runLoad, startBenchServer, startCeiling } from "./bench-server.mjs";

const load = (options) => runLoad({ warmupMs: 500, connections: 64, ...options });

/** The calls of `pid` while `options` run, per request answered: [name, calls per request], most first. */
async function traced(pid, options) {
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "parley-strace-")), "calls.txt");
  const strace = spawn("strace", ["-c", "-f", "-p", String(pid), "-o", out]);
  await new Promise((resolve) => setTimeout(resolve, 500));
  const started = Date.now();
  const result = await load(options);
  strace.kill("SIGINT");
  await new Promise((resolve) => strace.once("exit", resolve));
  // Traced for the warm-up too: count every request answered while strace ran, at the measured rate.
  const requests = Math.round(result.rps * ((Date.now() - started) / 1000));
  const rows = fs
    .readFileSync(out, "utf8")
    .split("\n")
    .map((line) => line.trim().split(/\s+/))
    .filter((fields) => /^\d+$/.test(fields[3] ?? "") && /^[a-z_0-9]+$/.test(fields.at(-1)));
  return rows.map((fields) => [fields.at(-1), Number(fields[3]) / requests]).sort((a, b) => b[1] - a[1]);
}

const server = await startBenchServer();
await load({ ...server.target, scenario: "turns", durationMs: 3000 });
const turns = await traced(server.child.pid, { ...server.target, scenario: "turns", durationMs: 4000 });
await server.stop();

const ceiling = await startCeiling();
const bare = { baseUrl: ceiling.baseUrl, scenario: "ceiling" };
await load({ ...bare, durationMs: 2000 });
const bareCalls = await traced(ceiling.child.pid, { ...bare, durationMs: 4000 });
ceiling.stop();

for (const [name, calls] of [
  ["chat turn", turns],
  ["bare route", bareCalls],
]) {
  console.log(`${name}: ${calls.find(([call]) => call === "total")?.[1].toFixed(2)} system calls per request`);
  for (const [call, perRequest] of calls.filter(([call]) => call !== "total").slice(0, 10))
    console.log(`  ${call.padEnd(14)} ${perRequest.toFixed(2)}`);
}
