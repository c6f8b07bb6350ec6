// A Parley server for a benchmark: a process of its own on a fresh embedded database (unless `env`
// names a DATABASE_URL), without rate limits; startBenchServer also publishes the benchmark bot.
import { execFile, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import pg from "pg";
import { benchBot } from "./bot.mjs";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/**
 * `parley start` as its own process, on a fresh embedded database unless `env` names a DATABASE_URL,
 * once it printed its address and first token. `main`: the built CLI; `nodeArgs`: Node's own options.
 */
export async function startParley({ main = "dist/cli/main.js", nodeArgs = [], env = {} } = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "parley-bench-"));
  const child = spawn(process.execPath, [...nodeArgs, main, "start"], {
    cwd: root,
    env: {
      ...process.env,
      PORT: "0",
      LOG_LEVEL: "warn",
      PARLEY_DATA_DIR: dataDir,
      DATABASE_URL: "",
      PARLEY_RATE_LIMIT_START_PER_MINUTE: "0",
      PARLEY_RATE_LIMIT_CONTINUE_PER_MINUTE: "0",
      PARLEY_RATE_LIMIT_CONTINUE_PER_IP_PER_MINUTE: "0",
      ...env,
    },
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const waitFor = async (pattern) => {
    for (let i = 0; i < 600; i++) {
      const match = pattern.exec(output);
      if (match) return match;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`the server did not start:\n${output}`);
  };
  const [, url] = await waitFor(/Parley is running at (http:\/\/\S+)/);
  const [, token] = await waitFor(/^ {2}(pat_\S+)$/m);
  return {
    child,
    output: () => output,
    url,
    token,
    async stop(signal = "SIGTERM") {
      child.kill(signal);
      await new Promise((r) => child.once("exit", r));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** One run of the load generator (bench/load.mjs, a process of its own) with these options; its figures. */
export async function runLoad(options) {
  const { stdout } = await promisify(execFile)(process.execPath, [
    path.join(root, "bench/load.mjs"),
    JSON.stringify(options),
  ]);
  return JSON.parse(stdout);
}

/** The bare Fastify route (bench/ceiling-server.mjs) answering `bytes` of JSON, once it listens. */
export async function startCeiling(bytes = 420) {
  const child = spawn(process.execPath, [path.join(root, "bench/ceiling-server.mjs"), String(bytes)]);
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  for (let i = 0; i < 300 && !/^\{.*\}$/m.test(output); i++) await new Promise((r) => setTimeout(r, 100));
  const line = /^\{.*\}$/m.exec(output);
  if (!line) throw new Error(`the ceiling server did not start:\n${output}`);
  const { port } = JSON.parse(line[0]);
  return { child, baseUrl: `http://127.0.0.1:${port}`, stop: () => child.kill() };
}

/** A server as startParley starts it, with the benchmark bot (bench/bot.mjs) published. */
export async function startBenchServer(options = {}) {
  const server = await startParley(options);
  const { token } = server;
  const baseUrl = `${server.url}/api`;
  const api = async (method, route, body) =>
    (
      await fetch(baseUrl + route, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body ? { "content-type": "application/json" } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      })
    ).json();
  const { workspaces } = await api("GET", "/v1/workspaces");
  const { bot } = await api("POST", "/v1/bots", { workspaceId: workspaces[0].id, bot: benchBot() });
  const { publicId } = await api("POST", `/v1/bots/${bot.id}/publish`);
  return {
    ...server,
    /** What bench/load.mjs needs to drive this server. */ target: { baseUrl, publicId, botId: bot.id, token },
  };
}

/** A schema of its own on the PostgreSQL of `base`; its connections named `applicationName` (the CPU figures) when given. */
export async function freshPostgresSchema(base, applicationName) {
  const schema = `bench_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  await client.query(`create schema "${schema}"`);
  await client.end();
  const url = new URL(base);
  url.searchParams.set("options", `-c search_path=${schema}`);
  if (applicationName) url.searchParams.set("application_name", applicationName);
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop schema if exists "${schema}" cascade`);
      await c.end();
    },
  };
}
