// Parley's benchmark: the real server on a fresh database, driven by a separate load-generator
// process, compared with a bare Fastify route measured the same way in the same run.
//
//   npm run bench              20 s per scenario, then RSS growth over 100 000 conversations
//   npm run bench -- --quick   5 s per scenario, then RSS growth over 10 000 conversations
//   npm run bench -- results   the results-at-scale benchmark (bench/results-bench.mjs)
// With DATABASE_URL set, the chat scenarios run again on PostgreSQL.
import { execFile, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import pg from "pg";
import { answers, benchBot } from "./bot.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
if (args.includes("results")) {
  await import("./results-bench.mjs");
  process.exit(0);
}
const quick = args.includes("--quick");
const durationMs = quick ? 5_000 : 20_000;
const warmupMs = quick ? 1_000 : 3_000;
const rssConversations = quick ? 10_000 : 100_000;
const connections = 64;
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

async function freshPostgresSchema(base) {
  const schema = `bench_${Date.now().toString(36)}`;
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  await client.query(`create schema "${schema}"`);
  await client.end();
  const url = new URL(base);
  url.searchParams.set("options", `-c search_path=${schema}`);
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop schema "${schema}" cascade`);
      await c.end();
    },
  };
}

async function benchParley(label, env, ceilingRps) {
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
  try {
    const [, url] = await waitFor(server.output, /Parley is running at (http:\/\/\S+)/, "Parley");
    const [, token] = await waitFor(server.output, /^ {2}(pat_\S+)$/m, "the first token");
    const base = `${url}/api`;
    const { workspaces } = await api(base, token, "GET", "/v1/workspaces");
    const { bot } = await api(base, token, "POST", "/v1/bots", { workspaceId: workspaces[0].id, bot: benchBot() });
    const { publicId } = await api(base, token, "POST", `/v1/bots/${bot.id}/publish`);
    const common = { baseUrl: base, publicId, botId: bot.id, token };
    await checkConversation(base, publicId);

    await load({ ...common, scenario: "conversations", durationMs: warmupMs * 2, warmupMs: 0 });
    const scenarios = {};
    for (const scenario of ["startChat", "continueChat", "previewStartChat", "getBot", "resultsPage"]) {
      const figures = await load({ ...common, scenario });
      scenarios[scenario] = { ...figures, ratioToCeiling: Number((figures.rps / ceilingRps).toFixed(3)) };
      console.log(
        `${label.padEnd(8)} ${scenario.padEnd(17)} ${String(figures.rps).padStart(7)} req/s  p50 ${figures.p50.toFixed(2).padStart(6)} ms  p99 ${figures.p99.toFixed(2).padStart(6)} ms  ${((figures.rps / ceilingRps) * 100).toFixed(1).padStart(5)} % of ceiling${figures.errors ? `  ${figures.errors} errors (${figures.firstError})` : ""}`,
      );
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
    const rssAfterWarmup = rssMb(server.child.pid);
    const measured = await conversations(rssConversations);
    const rssAfter = rssMb(server.child.pid);
    console.log(
      `${label.padEnd(8)} RSS after warm-up ${rssAfterWarmup.toFixed(1)} MB, after ${measured} more conversations ${rssAfter.toFixed(1)} MB (${rssAfter >= rssAfterWarmup ? "+" : ""}${(rssAfter - rssAfterWarmup).toFixed(1)} MB)`,
    );
    return { scenarios, memory: { rssAfterWarmupMb: rssAfterWarmup, rssAfterMb: rssAfter, conversations: measured } };
  } finally {
    server.child.kill("SIGTERM");
    await new Promise((r) => server.child.once("exit", r));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const ceilingServer = startChild(["bench/ceiling-server.mjs", "420"]);
const ceilingInfo = JSON.parse((await waitFor(ceilingServer.output, /^\{.*\}$/m, "the ceiling server"))[0]);
const ceiling = await load({ baseUrl: `http://127.0.0.1:${ceilingInfo.port}`, scenario: "ceiling" });
ceilingServer.child.kill();
console.log(
  `ceiling  bare Fastify, ${ceilingInfo.bytes}-byte JSON: ${ceiling.rps} req/s  p50 ${ceiling.p50} ms  p99 ${ceiling.p99} ms (${connections} connections, ${os.cpus().length} cores)`,
);

const report = { date: new Date().toISOString(), quick, connections, durationMs, ceiling, runs: {} };
report.runs.sqlite = await benchParley("sqlite", { DATABASE_URL: undefined }, ceiling.rps);
if (process.env.DATABASE_URL) {
  const schema = await freshPostgresSchema(process.env.DATABASE_URL);
  try {
    report.runs.postgres = await benchParley("postgres", { DATABASE_URL: schema.url }, ceiling.rps);
  } finally {
    await schema.drop();
  }
}
fs.mkdirSync(path.join(root, "bench/results"), { recursive: true });
const file = path.join(root, "bench/results", `chat-${report.date.replace(/[:.]/g, "-")}.json`);
fs.writeFileSync(file, JSON.stringify(report, null, 2));
console.log(`figures written to ${path.relative(root, file)}`);
