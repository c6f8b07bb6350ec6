// Parley's benchmark: the real server on a fresh database, driven by a separate load-generator
// process, compared with a bare Fastify route measured the same way in the same run.
//
//   npm run bench              20 s per scenario, then RSS growth over 100 000 conversations
//   npm run bench -- --quick   5 s per scenario, then RSS growth over 10 000 conversations
//   npm run bench -- results   the results-at-scale benchmark (bench/results-bench.mjs)
//   npm run bench -- knowledge retrieval quality of a running server (bench/knowledge/bench.mjs)
// With DATABASE_URL set, the chat scenarios run again on PostgreSQL, and once more with two instances
// sharing that database. Each run ends with the targets, met or not.
import { execFile, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { freshPostgresSchema } from "./bench-server.mjs";
import { answers, benchBot } from "./bot.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
if (args.includes("results")) {
  await import("./results-bench.mjs");
  process.exit(0);
}
if (args.includes("knowledge")) {
  await import("./knowledge/bench.mjs");
  process.exit(0);
}
const quick = args.includes("--quick");
const durationMs = quick ? 5_000 : 20_000;
const warmupMs = quick ? 1_000 : 3_000;
const rssConversations = quick ? 10_000 : 100_000;
const connections = 64;
// Each scenario and the bare route alternate in three rounds of a third of the duration each.
const roundMs = Math.round(durationMs / 3);
const roundWarmupMs = Math.max(500, Math.round(warmupMs / 3));
const run = promisify(execFile);

/** A child process; an `undefined` in `env` removes that variable (the embedded run must not inherit DATABASE_URL). */
function startChild(args, env = {}) {
  const merged = Object.fromEntries(
    Object.entries({ ...process.env, ...env }).filter(([, value]) => value !== undefined),
  );
  const child = spawn(process.execPath, args, { cwd: root, env: merged });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  return { child, output: () => output };
}

async function waitFor(read, pattern, what) {
  for (let i = 0; i < 300; i++) {
    const match = pattern.exec(read());
    if (match) return match;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what} did not start:\n${read()}`);
}

async function load(options) {
  const { stdout } = await run(
    process.execPath,
    [path.join(root, "bench/load.mjs"), JSON.stringify({ durationMs, warmupMs, connections, ...options })],
    {
      maxBuffer: 1 << 20,
    },
  );
  return JSON.parse(stdout);
}

const median = (values) => {
  const known = values.filter((value) => value !== undefined).sort((a, b) => a - b);
  return known.length ? known[Math.floor(known.length / 2)] : undefined;
};

/** The ceiling server runs for the whole benchmark, so that it can be measured between the scenarios. */
const ceilingServer = startChild(["bench/ceiling-server.mjs", "420"]);
const ceilingInfo = JSON.parse((await waitFor(ceilingServer.output, /^\{.*\}$/m, "the ceiling server"))[0]);
const ceilingRound = () =>
  load({
    baseUrl: `http://127.0.0.1:${ceilingInfo.port}`,
    scenario: "ceiling",
    durationMs: roundMs,
    warmupMs: roundWarmupMs,
    cpu: { pids: [ceilingServer.child.pid] },
  });
const ceilingRounds = [];

/**
 * A scenario measured as three rounds alternating with three rounds of the bare route (ABABAB): the
 * machine's load moves both alike, so the ratio of their CPU per request holds still where throughput
 * does not. Every figure is the median of its three rounds.
 */
async function measured(options) {
  const rounds = [];
  const ceilings = [];
  for (let round = 0; round < 3; round++) {
    ceilings.push(await ceilingRound());
    rounds.push(await load({ ...options, durationMs: roundMs, warmupMs: roundWarmupMs }));
  }
  ceilingRounds.push(...ceilings);
  const figure = (list, read) => median(list.map(read));
  const ceiling = {
    rps: figure(ceilings, (r) => r.rps),
    cpuMsPerRequest: figure(ceilings, (r) => r.cpuMsPerRequest?.server),
  };
  const result = {
    scenario: rounds[0].scenario,
    ...(options.rate ? { offeredRps: options.rate, dropped: figure(rounds, (r) => r.dropped) } : {}),
    requests: rounds.reduce((total, r) => total + r.requests, 0),
    rps: figure(rounds, (r) => r.rps),
    p50: figure(rounds, (r) => r.p50),
    p99: figure(rounds, (r) => r.p99),
    errors: rounds.reduce((total, r) => total + r.errors, 0),
    firstError: rounds.find((r) => r.firstError)?.firstError,
    cpuMsPerRequest: {
      server: figure(rounds, (r) => r.cpuMsPerRequest?.server),
      serverMainThread: figure(rounds, (r) => r.cpuMsPerRequest?.serverMainThread),
      postgres: figure(rounds, (r) => r.cpuMsPerRequest?.postgres),
      loadGenerator: figure(rounds, (r) => r.cpuMsPerRequest?.loadGenerator),
    },
    ceiling,
  };
  result.ratioToCeiling = Number((result.rps / ceiling.rps).toFixed(3));
  result.cpuToCeiling = ceiling.cpuMsPerRequest
    ? Number((result.cpuMsPerRequest.server / ceiling.cpuMsPerRequest).toFixed(2))
    : undefined;
  return result;
}

const rssMb = (pid) => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))[1]) / 1024;

async function api(base, token, method, url, body) {
  const response = await fetch(base + url, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  return response.json();
}

/** One conversation before the load: the figures must be those of the flow working, not of an error path. */
async function checkConversation(base, publicId) {
  const post = async (url, body) =>
    (
      await fetch(base + url, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      })
    ).json();
  const start = await post(`/v1/bots/${publicId}/startChat`, {});
  const texts = [];
  let reply = start;
  while (reply.input) {
    reply = await post(`/v1/sessions/${start.sessionId}/continueChat`, { message: answers[reply.input.id] });
    texts.push(...reply.messages.map((message) => JSON.stringify(message.content)));
  }
  const expected = [
    "Twice your age is 72",
    "Great choice: Pro",
    "Thanks Ada, we will write to ada@example.com about the Pro plan",
  ];
  const missing = expected.filter((text) => !texts.some((seen) => seen.includes(text)));
  if (missing.length > 0)
    throw new Error(
      `the benchmark bot did not answer as expected (missing ${missing.join(", ")}):\n${texts.join("\n")}`,
    );
}

/** A Parley instance on its own data folder; the first on a database prints the first token. */
async function startParley(env, { firstToken = true } = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "parley-bench-"));
  const server = startChild(["bin/parley.js", "start"], {
    PORT: "0",
    LOG_LEVEL: "warn",
    PARLEY_DATA_DIR: dataDir,
    PARLEY_RATE_LIMIT_START_PER_MINUTE: "0",
    PARLEY_RATE_LIMIT_CONTINUE_PER_MINUTE: "0",
    PARLEY_RATE_LIMIT_CONTINUE_PER_IP_PER_MINUTE: "0",
    ...env,
  });
  const stop = async () => {
    server.child.kill("SIGTERM");
    await new Promise((r) => server.child.once("exit", r));
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const [, url] = await waitFor(server.output, /Parley is running at (http:\/\/\S+)/, "Parley");
    const token = firstToken ? (await waitFor(server.output, /^ {2}(pat_\S+)$/m, "the first token"))[1] : undefined;
    return { base: `${url}/api`, token, pid: server.child.pid, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

async function publishBenchBot(base, token) {
  const { workspaces } = await api(base, token, "GET", "/v1/workspaces");
  const { bot } = await api(base, token, "POST", "/v1/bots", { workspaceId: workspaces[0].id, bot: benchBot() });
  const { publicId } = await api(base, token, "POST", `/v1/bots/${bot.id}/publish`);
  await checkConversation(base, publicId);
  return { publicId, botId: bot.id, token };
}

const ms = (value) => (value === undefined ? "    -" : value.toFixed(3));

function printFigures(label, name, figures) {
  const offered = figures.offeredRps
    ? ` (offered ${figures.offeredRps}/s${figures.dropped ? `, ${figures.dropped} dropped` : ""})`
    : "";
  const cpu = figures.cpuMsPerRequest;
  console.log(
    `${label.padEnd(8)} ${name.padEnd(17)} ${String(figures.rps).padStart(6)} req/s  p50 ${figures.p50.toFixed(2).padStart(7)} ms  p99 ${figures.p99.toFixed(2).padStart(8)} ms  CPU/req ${ms(cpu.server)} ms (${String(figures.cpuToCeiling ?? "-").padStart(5)}× bare ${ms(figures.ceiling.cpuMsPerRequest)})${cpu.postgres === undefined ? "" : `  PostgreSQL ${ms(cpu.postgres)} ms`}  ${(figures.ratioToCeiling * 100).toFixed(1).padStart(5)} % of bare req/s${offered}${figures.errors ? `  ${figures.errors} errors (${figures.firstError})` : ""}`,
  );
}

async function benchParley(label, env, postgres) {
  const instance = await startParley(env);
  const { base } = instance;
  const cpu = { pids: [instance.pid], ...(postgres ? { postgres } : {}) };
  try {
    const common = { baseUrl: base, ...(await publishBenchBot(base, instance.token)) };

    await load({ ...common, scenario: "conversations", durationMs: warmupMs * 2, warmupMs: 0 });
    const scenarios = {};
    for (const scenario of ["startChat", "continueChat", "turns", "previewStartChat", "getBot", "resultsPage"]) {
      scenarios[scenario] = await measured({ ...common, scenario, cpu });
      printFigures(label, scenario, scenarios[scenario]);
    }
    // Latency below saturation: the closed loop above only shows it at saturation.
    for (const share of [0.3, 0.6]) {
      const name = `turns at ${share * 100} %`;
      scenarios[name] = await measured({
        ...common,
        scenario: "turns",
        rate: Math.max(1, Math.round(scenarios.turns.rps * share)),
        cpu,
      });
      printFigures(label, name, scenarios[name]);
    }
    // Memory: after every scenario has run (the heap has grown to its working size), a tenth of the
    // conversations as warm-up, then the full count; what grows between the two readings would be a leak.
    const conversations = async (count) => {
      let done = 0;
      while (done < count)
        done += (
          await load({
            ...common,
            scenario: "conversations",
            durationMs: 600_000,
            warmupMs: 0,
            conversations: count - done,
          })
        ).completedConversations;
      return done;
    };
    await conversations(rssConversations / 10);
    const rssAfterWarmup = rssMb(instance.pid);
    const measuredCount = await conversations(rssConversations);
    const rssAfter = rssMb(instance.pid);
    console.log(
      `${label.padEnd(8)} RSS after warm-up ${rssAfterWarmup.toFixed(1)} MB, after ${measuredCount} more conversations ${rssAfter.toFixed(1)} MB (${rssAfter >= rssAfterWarmup ? "+" : ""}${(rssAfter - rssAfterWarmup).toFixed(1)} MB)`,
    );
    return {
      scenarios,
      memory: { rssAfterWarmupMb: rssAfterWarmup, rssAfterMb: rssAfter, conversations: measuredCount },
    };
  } finally {
    await instance.stop();
  }
}

/** Two instances on one PostgreSQL database, the visitors spread over both: chat turns per second. */
async function benchTwoInstances(databaseUrl, postgres) {
  const first = await startParley({ DATABASE_URL: databaseUrl });
  try {
    const second = await startParley({ DATABASE_URL: databaseUrl }, { firstToken: false });
    try {
      const common = { baseUrls: [first.base, second.base], ...(await publishBenchBot(first.base, first.token)) };
      await load({ ...common, scenario: "conversations", durationMs: warmupMs * 2, warmupMs: 0 });
      const turns = await measured({ ...common, scenario: "turns", cpu: { pids: [first.pid, second.pid], postgres } });
      printFigures("pg ×2", "turns", turns);
      return { turns };
    } finally {
      await second.stop();
    }
  } finally {
    await first.stop();
  }
}

/** The targets of issue #36, each with the figure it compares and whether this run meets it. */
function targets(report) {
  const sqlite = report.runs.sqlite.scenarios;
  const rows = [
    ["chat turn's server CPU ≤ 3× a bare request's (embedded), ×", sqlite.turns.cpuToCeiling, 3, "max"],
    // By CPU per request (bare ÷ page): throughput ratios move with the neighbours' load.
    [
      "results page of 100 ≥ 5 % of the bare route, by CPU per request",
      sqlite.resultsPage.cpuToCeiling ? Number((1 / sqlite.resultsPage.cpuToCeiling).toFixed(3)) : undefined,
      0.05,
    ],
    ["p99 ≤ 10 ms at 60 % of saturation (embedded), in ms", sqlite["turns at 60 %"].p99, 10, "max"],
    [
      `RSS growth over ${report.runs.sqlite.memory.conversations} conversations ≤ 50 MB (embedded), MB`,
      Number((report.runs.sqlite.memory.rssAfterMb - report.runs.sqlite.memory.rssAfterWarmupMb).toFixed(1)),
      50,
      "max",
    ],
  ];
  const postgres = report.runs.postgres?.scenarios;
  if (postgres)
    rows.push(
      [
        "Parley's CPU per turn on PostgreSQL ≤ 1.3× the embedded database's, ×",
        Number((postgres.turns.cpuMsPerRequest.server / sqlite.turns.cpuMsPerRequest.server).toFixed(2)),
        1.3,
        "max",
      ],
      ["PostgreSQL's own CPU per turn, ms (reported)", postgres.turns.cpuMsPerRequest.postgres, undefined],
    );
  const two = report.runs.postgresTwoInstances;
  if (two && postgres)
    rows.push([
      "two instances ÷ one on PostgreSQL, turns/s (2 cores: overhead, not scaling)",
      Number((two.turns.rps / postgres.turns.rps).toFixed(3)),
      undefined,
    ]);
  return rows.map(([target, value, limit, kind]) => ({
    target,
    value,
    met: limit === undefined || value === undefined ? undefined : kind === "max" ? value <= limit : value >= limit,
  }));
}

console.log(
  `bare Fastify route, ${ceilingInfo.bytes}-byte JSON, measured between the rounds of every scenario (${connections} connections, ${os.cpus().length} cores); each figure is the median of three rounds`,
);
const report = { date: new Date().toISOString(), quick, connections, durationMs, roundMs, runs: {} };
try {
  report.runs.sqlite = await benchParley("sqlite", { DATABASE_URL: undefined });
  if (process.env.DATABASE_URL) {
    // Parley's connections carry a name of their own, so that PostgreSQL's CPU counts only its backends.
    const applicationName = `parley-bench-${process.pid}`;
    const postgresCpu = { url: process.env.DATABASE_URL, applicationName };
    const schema = await freshPostgresSchema(process.env.DATABASE_URL, applicationName);
    try {
      report.runs.postgres = await benchParley("postgres", { DATABASE_URL: schema.url }, postgresCpu);
    } finally {
      await schema.drop();
    }
    const shared = await freshPostgresSchema(process.env.DATABASE_URL, applicationName);
    try {
      report.runs.postgresTwoInstances = await benchTwoInstances(shared.url, postgresCpu);
    } finally {
      await shared.drop();
    }
  }
} finally {
  ceilingServer.child.kill();
}
const ceilingCpu = ceilingRounds.map((r) => r.cpuMsPerRequest?.server).filter((value) => value !== undefined);
report.ceiling = {
  rounds: ceilingRounds.length,
  rps: {
    min: Math.min(...ceilingRounds.map((r) => r.rps)),
    median: median(ceilingRounds.map((r) => r.rps)),
    max: Math.max(...ceilingRounds.map((r) => r.rps)),
  },
  cpuMsPerRequest: { min: Math.min(...ceilingCpu), median: median(ceilingCpu), max: Math.max(...ceilingCpu) },
};
console.log(
  `bare     over ${ceilingRounds.length} rounds: ${report.ceiling.rps.min}–${report.ceiling.rps.max} req/s, ${ms(report.ceiling.cpuMsPerRequest.min)}–${ms(report.ceiling.cpuMsPerRequest.max)} ms CPU per request`,
);
report.targets = targets(report);
for (const { target, value, met } of report.targets)
  console.log(`target   ${target}: ${value}${met === undefined ? "" : met ? "  met" : "  NOT met"}`);
fs.mkdirSync(path.join(root, "bench/results"), { recursive: true });
const file = path.join(root, "bench/results", `chat-${report.date.replace(/[:.]/g, "-")}.json`);
fs.writeFileSync(file, JSON.stringify(report, null, 2));
console.log(`figures written to ${path.relative(root, file)}`);
