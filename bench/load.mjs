// The load generator, run as its own process so that it never shares an event loop with the server.
// Usage: node bench/load.mjs '<json options>'; prints one JSON line of figures.
//
// Closed loop (default): `connections` visitors, each sending its next request when the last one
// answered; this measures throughput at saturation. Open loop (`rate` set): requests are offered at a
// fixed rate whatever the server does, and each latency counts from the moment the request was due, so
// a server that falls behind shows it in its p99 instead of slowing the offered load down.
// `baseUrls` (several instances) spreads the visitors, or the open-loop arrivals, over the instances.
import http from "node:http";
import { answers } from "./bot.mjs";
import { cpuSnapshot, cpuSpent } from "./cpu.mjs";

const options = JSON.parse(process.argv[2]);
const { scenario, durationMs, warmupMs, connections } = options;
const targets = (options.baseUrls ?? [options.baseUrl]).map((url) => ({
  url: new URL(url),
  agent: new http.Agent({ keepAlive: true, maxSockets: options.rate ? Infinity : connections }),
}));

function request(target, method, path, body, headers = {}) {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        agent: target.agent,
        host: target.url.hostname,
        port: target.url.port,
        method,
        path: target.url.pathname.replace(/\/$/, "") + path,
        headers: {
          ...(payload ? { "content-type": "application/json", "content-length": Buffer.byteLength(payload) } : {}),
          ...headers,
        },
      },
      (res) => {
        const chunks = [];
        res.on("data", (chunk) => chunks.push(chunk));
        res.on("end", () => resolve({ status: res.statusCode, text: Buffer.concat(chunks).toString() }));
      },
    );
    req.on("error", reject);
    if (payload) req.write(payload);
    req.end();
  });
}

const latencies = [];
let measuring = false;
let errors = 0;
let completedConversations = 0;
let firstError;

/**
 * Times one request; only requests of the measured kind, after the warm-up, are counted. `dueAt` (open
 * loop) is when the request should have left: the latency counts from then.
 */
async function timed(target, counted, method, path, body, headers, dueAt) {
  const started = dueAt ?? process.hrtime.bigint();
  const response = await request(target, method, path, body, headers);
  const elapsed = Number(process.hrtime.bigint() - started) / 1e6;
  if (response.status !== 200) {
    errors++;
    firstError ??= `${response.status} ${path}: ${response.text.slice(0, 200)}`;
  }
  if (counted && measuring) latencies.push(elapsed);
  return response;
}

const startPath = `/v1/bots/${options.publicId}/startChat`;
const continuePath = (sessionId) => `/v1/sessions/${sessionId}/continueChat`;

/** One visitor's whole conversation: start, then answer every input until the bot is done. */
async function conversation(target, count) {
  const start = JSON.parse((await timed(target, count.start, "POST", startPath, {})).text);
  let input = start.input;
  while (input) {
    const reply = await timed(target, count.continue, "POST", continuePath(start.sessionId), {
      message: answers[input.id] ?? "x",
    });
    input = reply.status === 200 ? JSON.parse(reply.text).input : undefined;
  }
  completedConversations++;
}

const bearer = { authorization: `Bearer ${options.token}` };
const scenarios = {
  ceiling: (target) => timed(target, true, "POST", "/ceiling", { message: "Ada" }),
  startChat: (target) => timed(target, true, "POST", startPath, {}),
  continueChat: (target) => conversation(target, { continue: true }),
  /** Every chat turn, starts and answers together: what a visitor's conversation costs per request. */
  turns: (target) => conversation(target, { start: true, continue: true }),
  conversations: (target) => conversation(target, {}),
  previewStartChat: (target) => timed(target, true, "POST", `/v1/bots/${options.botId}/preview/startChat`, {}, bearer),
  getBot: (target) => timed(target, true, "GET", `/v1/bots/${options.botId}`, undefined, bearer),
  resultsPage: (target) =>
    timed(target, true, "GET", `/v1/bots/${options.botId}/results?limit=100&timeFilter=allTime`, undefined, bearer),
};

/**
 * Open loop over chat turns: each arrival is the next turn of a conversation waiting for one (its
 * answer), or a new conversation's start when none is waiting.
 */
async function openLoopTurns(rate, stopAt) {
  const waiting = [];
  const inFlight = new Set();
  let offered = 0;
  let dropped = 0;
  const began = process.hrtime.bigint();
  const intervalNs = 1e9 / rate;
  const arrive = (dueAt, target) => {
    const next = waiting.shift();
    const turn = next
      ? timed(target, true, "POST", continuePath(next.sessionId), { message: answers[next.inputId] ?? "x" }, {}, dueAt)
      : timed(target, true, "POST", startPath, {}, {}, dueAt);
    const tracked = turn
      .then((response) => {
        if (response.status !== 200) return;
        const reply = JSON.parse(response.text);
        const sessionId = next?.sessionId ?? reply.sessionId;
        if (reply.input) waiting.push({ sessionId, inputId: reply.input.id });
        else completedConversations++;
      })
      .catch((error) => {
        errors++;
        firstError ??= String(error);
      })
      .finally(() => inFlight.delete(tracked));
    inFlight.add(tracked);
  };
  while (Date.now() < stopAt) {
    const due = Math.floor(Number(process.hrtime.bigint() - began) / intervalNs);
    for (; offered < due; offered++) {
      // Past this many requests in flight the server is not keeping up at all; counting them as dropped
      // keeps the generator from exhausting its own memory and still shows the overload.
      if (inFlight.size >= 20_000) {
        dropped++;
        continue;
      }
      arrive(began + BigInt(Math.round(offered * intervalNs)), targets[offered % targets.length]);
    }
    await new Promise((resolve) => setImmediate(resolve));
  }
  await Promise.all(inFlight);
  return dropped;
}

const stopAt = Date.now() + warmupMs + durationMs;
const stopAfterConversations = options.conversations ?? Infinity;
// CPU time is read over the measured window only (after the warm-up, until the stop time): the
// requests answered in that window are the ones it is divided by.
let cpuAtStart;
let cpu;
let requestsInWindow = 0;
setTimeout(async () => {
  cpuAtStart = await cpuSnapshot(options.cpu ?? {});
  measuring = true;
}, warmupMs);
const windowEnd = setTimeout(
  async () => {
    requestsInWindow = latencies.length;
    if (cpuAtStart) cpu = await cpuSpent(options.cpu ?? {}, cpuAtStart);
  },
  Math.max(0, stopAt - Date.now()),
);
const measureStart = Date.now() + warmupMs;
let dropped = 0;
if (options.rate) dropped = await openLoopTurns(options.rate, stopAt);
else
  await Promise.all(
    Array.from({ length: connections }, async (_, visitor) => {
      const target = targets[visitor % targets.length];
      while (Date.now() < stopAt && completedConversations < stopAfterConversations) await scenarios[scenario](target);
    }),
  );
const measuredMs = Math.max(1, Math.min(Date.now(), stopAt) - measureStart);
if (options.conversations === undefined) {
  // The window's end may still be owed its reading (a scenario that stopped early has none).
  while (cpuAtStart && !cpu && Date.now() < stopAt + 5_000) await new Promise((resolve) => setTimeout(resolve, 10));
} else clearTimeout(windowEnd);
const perRequestMs = (seconds) =>
  requestsInWindow > 0 && seconds !== undefined ? Number(((seconds * 1000) / requestsInWindow).toFixed(4)) : undefined;
latencies.sort((a, b) => a - b);
const at = (q) => (latencies.length ? latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] : 0);
process.stdout.write(
  `${JSON.stringify({
    scenario: options.rate ? "openLoopTurns" : scenario,
    ...(options.rate ? { offeredRps: options.rate, dropped } : {}),
    requests: latencies.length,
    rps: Math.round((latencies.length / measuredMs) * 1000),
    p50: Number(at(0.5).toFixed(2)),
    p99: Number(at(0.99).toFixed(2)),
    errors,
    firstError,
    completedConversations,
    ...(cpu
      ? {
          cpuMsPerRequest: {
            server: perRequestMs(cpu.server),
            serverMainThread: perRequestMs(cpu.serverMainThread),
            postgres: perRequestMs(cpu.postgres),
            loadGenerator: perRequestMs(cpu.loadGenerator),
          },
          cpuWindowMs: cpu.windowMs,
          requestsInWindow,
        }
      : {}),
  })}\n`,
);
for (const target of targets) target.agent.destroy();
