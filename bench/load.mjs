// The load generator, run as its own process so that it never shares an event loop with the server.
// Usage: node bench/load.mjs '<json options>'; prints one JSON line of figures.
import http from "node:http";
import { answers } from "./bot.mjs";

const options = JSON.parse(process.argv[2]);
const { baseUrl, scenario, durationMs, warmupMs, connections } = options;
const target = new URL(baseUrl);
const agent = new http.Agent({ keepAlive: true, maxSockets: connections });

function request(method, path, body, headers = {}) {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        agent,
        host: target.hostname,
        port: target.port,
        method,
        path: target.pathname.replace(/\/$/, "") + path,
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

/** Times one request; only requests of the measured kind, after the warm-up, are counted. */
async function timed(counted, method, path, body, headers) {
  const started = process.hrtime.bigint();
  const response = await request(method, path, body, headers);
  const elapsed = Number(process.hrtime.bigint() - started) / 1e6;
  if (response.status !== 200) {
    errors++;
    firstError ??= `${response.status} ${path}: ${response.text.slice(0, 200)}`;
  }
  if (counted && measuring) latencies.push(elapsed);
  return response;
}

/** One visitor's whole conversation: start, then answer every input until the bot is done. */
async function conversation(countContinue) {
  const start = JSON.parse((await timed(!countContinue, "POST", `/v1/bots/${options.publicId}/startChat`, {})).text);
  let input = start.input;
  while (input) {
    const reply = await timed(countContinue, "POST", `/v1/sessions/${start.sessionId}/continueChat`, {
      message: answers[input.id] ?? "x",
    });
    input = reply.status === 200 ? JSON.parse(reply.text).input : undefined;
  }
  completedConversations++;
}

const scenarios = {
  ceiling: () => timed(true, "POST", "/ceiling", { message: "Ada" }),
  startChat: () => timed(true, "POST", `/v1/bots/${options.publicId}/startChat`, {}),
  continueChat: () => conversation(true),
  conversations: () => conversation(false),
  previewStartChat: () =>
    timed(
      true,
      "POST",
      `/v1/bots/${options.botId}/preview/startChat`,
      {},
      { authorization: `Bearer ${options.token}` },
    ),
  getBot: () =>
    timed(true, "GET", `/v1/bots/${options.botId}`, undefined, { authorization: `Bearer ${options.token}` }),
  resultsPage: () =>
    timed(true, "GET", `/v1/bots/${options.botId}/results?limit=100&timeFilter=allTime`, undefined, {
      authorization: `Bearer ${options.token}`,
    }),
};

const run = scenarios[scenario];
const stopAt = Date.now() + warmupMs + durationMs;
const stopAfterConversations = options.conversations ?? Infinity;
setTimeout(() => (measuring = true), warmupMs);
const measureStart = Date.now() + warmupMs;
await Promise.all(
  Array.from({ length: connections }, async () => {
    while (Date.now() < stopAt && completedConversations < stopAfterConversations) await run();
  }),
);
const measuredMs = Math.max(1, Math.min(Date.now(), stopAt) - measureStart);
latencies.sort((a, b) => a - b);
const at = (q) => (latencies.length ? latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] : 0);
process.stdout.write(
  `${JSON.stringify({
    scenario,
    requests: latencies.length,
    rps: Math.round((latencies.length / measuredMs) * 1000),
    p50: Number(at(0.5).toFixed(2)),
    p99: Number(at(0.99).toFixed(2)),
    errors,
    firstError,
    completedConversations,
  })}\n`,
);
agent.destroy();
