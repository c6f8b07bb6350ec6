// Profiles the server under one load scenario: node --cpu-prof on a fresh embedded database, then
// prints where the server's own time went (self time by function and by package).
//   node bench/profile.mjs [scenario=continueChat] [seconds=10]
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { runLoad, startBenchServer } from "./bench-server.mjs";

const [scenario = "continueChat", seconds = "10"] = process.argv.slice(2);
const profileDir = fs.mkdtempSync(path.join(os.tmpdir(), "parley-profile-"));
// On PostgreSQL when DATABASE_URL names a database (a fresh one: the first start must print a token).
const server = await startBenchServer({
  nodeArgs: ["--cpu-prof", `--cpu-prof-dir=${profileDir}`],
  env: { DATABASE_URL: process.env.DATABASE_URL ?? "" },
});
const load = (loadScenario, loadSeconds) =>
  runLoad({
    ...server.target,
    scenario: loadScenario,
    durationMs: Number(loadSeconds) * 1000,
    warmupMs: 1000,
    connections: 64,
  });
// The results page lists what conversations left: as in `npm run bench`, where it runs after the chat
// scenarios, it is profiled over the results of 10 s of turns (outside the profiled window).
if (scenario === "resultsPage") await load("turns", 10);
// The profile's clock is the monotonic one every process shares: only samples taken while the load ran
// count, so that start-up (module loading, the first bot parse) and the idle wait after it do not.
const loadStartedUs = Number(process.hrtime.bigint() / 1000n);
const figures = await load(scenario, seconds);
const loadEndedUs = Number(process.hrtime.bigint() / 1000n);
console.log(JSON.stringify(figures));
// SIGINT: the profile is written as the server exits.
await server.stop("SIGINT");
if (process.env.SHOW_SERVER_OUTPUT) console.log(server.output());

const file = fs.readdirSync(profileDir).find((name) => name.endsWith(".cpuprofile"));
const profile = JSON.parse(fs.readFileSync(path.join(profileDir, file), "utf8"));
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const self = new Map();
let sampledAt = profile.startTime;
let idle = 0;
for (let i = 0; i < profile.samples.length; i++) {
  sampledAt += profile.timeDeltas[i] ?? 0;
  // The first second of the load is its warm-up (the load generator does not count it either).
  if (sampledAt < loadStartedUs + 1_000_000 || sampledAt > loadEndedUs) continue;
  const node = byId.get(profile.samples[i]);
  // Idle time is the server waiting (for the load generator, or the chat thread): not the server's cost.
  if (node.callFrame.functionName === "(idle)") {
    idle += profile.timeDeltas[i] ?? 0;
    continue;
  }
  self.set(node, (self.get(node) ?? 0) + (profile.timeDeltas[i] ?? 0));
}
const total = [...self.values()].reduce((a, b) => a + b, 0);
const place = ({ callFrame: { url: where } }) => {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(where);
  return pkg ? pkg[1] : where.startsWith("node:") ? "node" : where.includes("/dist/") ? "parley" : where || "(native)";
};
const sum = (key) => {
  const totals = new Map();
  for (const [node, time] of self) totals.set(key(node), (totals.get(key(node)) ?? 0) + time);
  return [...totals].sort((a, b) => b[1] - a[1]);
};
const show = (title, rows, count) => {
  console.log(`\n${title}`);
  for (const [name, time] of rows.slice(0, count))
    console.log(`${((time / total) * 100).toFixed(1).padStart(5)} %  ${name}`);
};
// Inclusive time: each sample counts once for every distinct function on its stack.
const parent = new Map();
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node);
const label = (node) =>
  `${node.callFrame.functionName || "(anonymous)"} ${place(node)}:${node.callFrame.lineNumber + 1}`;
const inclusive = new Map();
for (const [node, time] of self) {
  const seen = new Set();
  for (let at = node; at; at = parent.get(at.id)) seen.add(label(at));
  for (const name of seen) inclusive.set(name, (inclusive.get(name) ?? 0) + time);
}
console.log(
  `\nbusy ${((total / (total + idle)) * 100).toFixed(1)} % of the measured window (the shares below are of the busy time)`,
);
// Layers of a chat turn: inclusive time of the functions that stand for them (a sample counts once per row).
const layers = [
  // Fastify runs the rest of a request from the callbacks of its body parser and hooks, so their
  // inclusive time holds the handler too: only functions that do one thing are listed.
  ["routing (find-my-way find)", /^find find-my-way/],
  ["JSON body nesting check (jsonDepth)", /^jsonDepth parley/],
  ["input validation (zod: params, body)", /^parseInput parley/],
  ["chat service (continueChat, startPublicChat)", /^(continueChat|startPublicChat|startLiveChat) parley/],
  ["  session read (findSession, to the chat thread and back)", /^findSession parley/],
  ["  session state JSON.parse + check", /^loadSessionState parley/],
  ["  engine (continueSession / startSession)", /^(continueSession|startSession) parley/],
  ["  session state JSON.stringify (storedState)", /^storedState parley/],
  ["  turn write (to the chat thread, PostgreSQL statement)", /^writeTurn parley/],
  ["reply serialisation (Fastify serialize)", /^serialize fastify/],
  ["response check (PARLEY_CHECK_RESPONSES)", /^checkResponse parley/],
  ["request id (randomUUID)", /^genReqId parley/],
  ["socket writes (writev)", /^writev /],
  ["logging (pino)", / pino:/],
  ["Kysely (query building, compiling)", / kysely:/],
  ["messages to and from the chat thread (postMessage, structured clone)", /^postMessage /],
  ["garbage collector", /^\(garbage collector\)/],
];
const layerTimes = layers.map(([name, pattern]) => {
  let time = 0;
  for (const [label, value] of inclusive) if (pattern.test(label)) time = Math.max(time, value);
  return [name, time];
});
show("layers (inclusive, the largest matching function)", layerTimes, layers.length);
show("self time by package", sum(place), 15);
show(
  "inclusive time",
  [...inclusive].sort((a, b) => b[1] - a[1]),
  Number(process.env.INCLUSIVE_ROWS ?? 30),
);
show(
  "self time by function",
  sum((node) => `${node.callFrame.functionName || "(anonymous)"} ${place(node)}:${node.callFrame.lineNumber + 1}`),
  40,
);
