// Parley's benchmark: the real server on a fresh database, driven by a separate load-generator
// process, compared with a bare Fastify route measured the same way in the same run.
//
//   npm run bench              20 s per scenario, RSS after 100 000 conversations
//   npm run bench -- --quick   5 s per scenario, RSS after 10 000 conversations
//   npm run bench -- results   the results-at-scale benchmark (bench/results-bench.mjs)
// With DATABASE_URL set, the chat scenarios run again on PostgreSQL.
import { execFile, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import pg from "pg";
import { benchBot } from "./bot.mjs";

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

function startChild(args, env = {}) {
  const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, ...env } });
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
  const { stdout } = await run(process.execPath, [path.join(root, "bench/load.mjs"), JSON.stringify({ durationMs, warmupMs, connections, ...options })], {
    maxBuffer: 1 << 20,
  });
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

async function freshPostgresSchema(base) {
  const schema = `bench_${Date.now().toString(36)}`;
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  await client.query(`create schema "${schema}"`);
  await client.end();
  const url = new URL(base);
  url.searchParams.set("options", `-c search_path=${schema}`);
  return { url: url.toString(), drop: async () => {
    const c = new pg.Client({ connectionString: base });
    await c.connect();
    await c.query(`drop schema "${schema}" cascade`);
    await c.end();
  } };
}

async function benchParley(label, env, ceilingRps) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "parley-bench-"));
  const server = startChild(["bin/parley.js", "start"], {
    PORT: "0", LOG_LEVEL: "warn", PARLEY_DATA_DIR: dataDir,
    PARLEY_RATE_LIMIT_START_PER_MINUTE: "0", PARLEY_RATE_LIMIT_CONTINUE_PER_MINUTE: "0",
    PARLEY_RATE_LIMIT_CONTINUE_PER_IP_PER_MINUTE: "0", ...env,
  });
  try {
    const [, url] = await waitFor(server.output, /Parley is running at (http:\/\/\S+)/, "Parley");
    const [, token] = await waitFor(server.output, /^ {2}(pat_\S+)$/m, "the first token");
    const base = `${url}/api`;
    const { workspaces } = await api(base, token, "GET", "/v1/workspaces");
    const { bot } = await api(base, token, "POST", "/v1/bots", { workspaceId: workspaces[0].id, bot: benchBot() });
    const { publicId } = await api(base, token, "POST", `/v1/bots/${bot.id}/publish`);
    const common = { baseUrl: base, publicId, botId: bot.id, token };

    const warm = await load({ ...common, scenario: "conversations", durationMs: warmupMs * 2, warmupMs: 0 });
    const rssAfterWarmup = rssMb(server.child.pid);
    const scenarios = {};
    for (const scenario of ["startChat", "continueChat", "previewStartChat", "getBot", "resultsPage"]) {
      const figures = await load({ ...common, scenario });
      scenarios[scenario] = { ...figures, ratioToCeiling: Number((figures.rps / ceilingRps).toFixed(3)) };
      console.log(
        `${label.padEnd(8)} ${scenario.padEnd(17)} ${String(figures.rps).padStart(7)} req/s  p50 ${figures.p50.toFixed(2).padStart(6)} ms  p99 ${figures.p99.toFixed(2).padStart(6)} ms  ${(figures.rps / ceilingRps * 100).toFixed(1).padStart(5)} % of ceiling${figures.errors ? `  ${figures.errors} errors (${figures.firstError})` : ""}`,
      );
    }
    // Memory: keep whole conversations going until the target count, then compare with after warm-up.
    let conversations = warm.completedConversations + scenarios.continueChat.completedConversations;
    while (conversations < rssConversations) {
      const more = await load({ ...common, scenario: "conversations", durationMs: 600_000, warmupMs: 0, conversations: rssConversations - conversations });
      conversations += more.completedConversations;
    }
    const rssAfter = rssMb(server.child.pid);
    console.log(`${label.padEnd(8)} RSS after warm-up ${rssAfterWarmup.toFixed(1)} MB, after ${conversations} conversations ${rssAfter.toFixed(1)} MB (+${(rssAfter - rssAfterWarmup).toFixed(1)} MB)`);
    return { scenarios, memory: { rssAfterWarmupMb: rssAfterWarmup, rssAfterMb: rssAfter, conversations } };
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
console.log(`ceiling  bare Fastify, ${ceilingInfo.bytes}-byte JSON: ${ceiling.rps} req/s  p50 ${ceiling.p50} ms  p99 ${ceiling.p99} ms (${connections} connections, ${os.cpus().length} cores)`);

const report = { date: new Date().toISOString(), quick, connections, durationMs, ceiling, runs: {} };
report.runs.sqlite = await benchParley("sqlite", {}, ceiling.rps);
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
