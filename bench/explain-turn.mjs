// Every statement a chat turn sends to PostgreSQL, with its plan: a server in this process on a fresh
// schema runs one conversation of the benchmark bot (after some others, so that the tables are not
// empty); each statement of it is explained afterwards (ANALYZE, BUFFERS, in a transaction rolled back).
// A turn's write then finds its session moved on (its revision, or the session ended): the plan is
// the one it ran with, the row counts of its session part are those of a lost race.
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node bench/explain-turn.mjs
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "esbuild";
import pg from "pg";
import { answers, benchBot } from "./bot.mjs";
import { freshPostgresSchema } from "./bench-server.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const outdir = path.join(root, "node_modules", ".cache", "parley-bench");
await build({
  stdin: {
    contents: ['export { startServer } from "./src/server.ts";', 'export { loadConfig } from "./src/config.ts";'].join(
      "\n",
    ),
    resolveDir: root,
    loader: "ts",
  },
  outfile: path.join(outdir, "parley-explain.mjs"),
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  logLevel: "warning",
});
const parley = await import(pathToFileURL(path.join(outdir, "parley-explain.mjs")).href);

const database = await freshPostgresSchema(process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test");
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "parley-explain-"));
const server = await parley.startServer(
  parley.loadConfig({
    PORT: "0",
    PARLEY_DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    DATABASE_URL: database.url,
    PARLEY_RATE_LIMIT_START_PER_MINUTE: "0",
    PARLEY_RATE_LIMIT_CONTINUE_PER_MINUTE: "0",
    PARLEY_RATE_LIMIT_CONTINUE_PER_IP_PER_MINUTE: "0",
  }),
  { logger: false },
);
const explainer = new pg.Client({ connectionString: database.url });
await explainer.connect();

// Every query of the server's clients passes here; while `recording` names a request, it is explained first.
let recording;
const seen = [];
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (config, values, callback) {
  if (this !== explainer && recording && typeof config !== "function") {
    const text = typeof config === "string" ? config : config.text;
    const params = typeof config === "string" ? values : config.values;
    if (text && !/^(begin|commit|rollback)/i.test(text.trim())) seen.push({ request: recording, text, params });
  }
  return query.call(this, config, values, callback);
};

async function explainAll() {
  for (const statement of seen) {
    await explainer.query("begin");
    try {
      const { rows } = await explainer.query(
        `explain (analyze, buffers, costs off, timing off, summary off) ${statement.text}`,
        statement.params,
      );
      statement.plan = rows.map((row) => row["QUERY PLAN"]);
    } catch (error) {
      statement.plan = [`(could not explain: ${error.message})`];
    } finally {
      await explainer.query("rollback");
    }
  }
}

try {
  const { ctx } = server;
  const user = await ctx.users.findOrCreateByEmail("bench@parley.local");
  const workspace = await ctx.workspaces.create(user.id, { name: "Bench" });
  const { token } = await ctx.users.createToken(user.id, "bench");
  const api = `${server.url}/api/v1`;
  const call = async (method, route, body, headers = {}) =>
    (
      await fetch(api + route, {
        method,
        headers: { ...headers, ...(body ? { "content-type": "application/json" } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      })
    ).json();
  const bearer = { authorization: `Bearer ${token}` };
  const { bot } = await call("POST", "/bots", { workspaceId: workspace.id, bot: benchBot() }, bearer);
  const { publicId } = await call("POST", `/bots/${bot.id}/publish`, undefined, bearer);
  const conversation = async (label) => {
    recording = label && "startChat";
    const start = await call("POST", `/bots/${publicId}/startChat`, {});
    let input = start.input;
    let turn = 0;
    while (input) {
      recording = label && `continueChat ${++turn} (${input.id})`;
      input = (await call("POST", `/sessions/${start.sessionId}/continueChat`, { message: answers[input.id] })).input;
    }
    recording = undefined;
  };
  for (let i = 0; i < 300; i++) await conversation(undefined);
  await conversation("measured");
  await explainAll();
  const byRequest = new Map();
  for (const statement of seen)
    byRequest.set(statement.request, [...(byRequest.get(statement.request) ?? []), statement]);
  for (const [request, statements] of byRequest) {
    console.log(`\n## ${request}: ${statements.length} statement${statements.length === 1 ? "" : "s"}`);
    for (const statement of statements) {
      console.log(`\n${statement.text.replace(/\s+/g, " ").slice(0, 300)}`);
      for (const line of statement.plan) console.log(`    ${line}`);
    }
  }
} finally {
  pg.Client.prototype.query = query;
  await explainer.end();
  await server.close();
  await database.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
