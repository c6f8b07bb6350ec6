// Results at scale: seeds a fresh database with one bot holding BENCH_RESULTS results (default one
// million, with their answers) and times the listing, the analytics and the CSV export over real
// HTTP. Runs on the embedded database, then on PostgreSQL too when DATABASE_URL is set.
//
//   node bench/results-bench.mjs            (or `npm run bench -- results` once wired)
//   BENCH_RESULTS=100000 BENCH_RUNS=100 DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node bench/results-bench.mjs
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "esbuild";
import SqliteDatabase from "better-sqlite3";
import pg from "pg";
import { freshPostgresSchema } from "./bench-server.mjs";
import { NOISE, SIZE, benchBot, expectedCounts, seedPostgres, seedSqlite } from "./results-seed.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const RUNS = Number(process.env.BENCH_RUNS ?? 200);

/** The server and the cursor encoder, bundled from the sources as the build does (no compile step to remember). */
async function loadParley() {
  const outdir = path.join(root, "node_modules", ".cache", "parley-bench");
  await build({
    stdin: {
      contents: [
        'export { startServer } from "./src/server.ts";',
        'export { loadConfig } from "./src/config.ts";',
        'export { encodeCursor } from "./src/services/results/cursor.ts";',
      ].join("\n"),
      resolveDir: root,
      loader: "ts",
    },
    outfile: path.join(outdir, "parley.mjs"),
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    logLevel: "warning",
  });
  // The worker threads' scripts (the chat thread, the WAL checkpointer), which the bundle looks for
  // beside itself, as dist/cli/main.js does: `npm run bench` builds them first.
  const built = path.join(root, "dist", "cli");
  if (!fs.existsSync(built)) throw new Error("build first: node scripts/build.mjs (npm run bench does)");
  for (const name of fs.readdirSync(built).filter((file) => file.endsWith("-worker.js")))
    fs.copyFileSync(path.join(built, name), path.join(outdir, name));
  return import(pathToFileURL(path.join(outdir, "parley.mjs")).href);
}

/** The plans of the hot queries, as the repository writes them, to show they stay on their indexes. */
async function plans(engine, target, botId, workspaceId, keyset) {
  const since = new Date(Date.now() - 30 * 24 * 3600 * 1000).toISOString();
  const queries = {
    "page after a cursor": [
      `select * from "results" where "botId" = $1 and "hasStarted" = 1 and "isArchived" = 0 and "isStaging" = 0 and "createdAt" <= $2 and ("createdAt" < $2 or "id" < $3) order by "createdAt" desc, "id" desc limit 101`,
      [botId, keyset.createdAt, keyset.id],
    ],
    "analytics counts, 30 days": [
      `select count(*) as "views", sum("hasStarted") as "starts", sum("isCompleted") as "completions" from "results" where "botId" = $1 and "isArchived" = 0 and "isStaging" = 0 and "createdAt" >= $2`,
      [botId, since],
    ],
    "analytics drop-offs, 30 days": [
      `select "lastInputBlockId", count(*) as "total" from "results" where "botId" = $1 and "isArchived" = 0 and "isStaging" = 0 and "hasStarted" = 1 and "isCompleted" = 0 and "lastInputBlockId" is not null and "createdAt" >= $2 group by "lastInputBlockId"`,
      [botId, since],
    ],
    "analytics hand-off times, 30 days": [
      `select "handoffs"."requestedAt", "handoffs"."takenAt", "handoffs"."firstReplyAt" from "handoffs" inner join "results" on "results"."id" = "handoffs"."resultId" where "handoffs"."workspaceId" = $1 and "results"."botId" = $2 and "results"."isStaging" = 0 and "results"."createdAt" >= $3`,
      [workspaceId, botId, since],
    ],
    "analytics drop-offs, all time": [
      `select "lastInputBlockId", count(*) as "total" from "results" where "botId" = $1 and "isArchived" = 0 and "isStaging" = 0 and "hasStarted" = 1 and "isCompleted" = 0 and "lastInputBlockId" is not null group by "lastInputBlockId"`,
      [botId],
    ],
  };
  const lines = [];
  if (engine === "sqlite") {
    const db = new SqliteDatabase(target, { readonly: true });
    for (const [name, [text, values]] of Object.entries(queries)) {
      const bound = [...text.matchAll(/\$(\d+)/g)].map((match) => values[Number(match[1]) - 1]);
      const plan = db.prepare(`explain query plan ${text.replace(/\$\d+/g, "?")}`).all(...bound);
      lines.push(`${name}: ${plan.map((row) => row.detail).join("; ")}`);
    }
    db.close();
  } else {
    const client = new pg.Client({ connectionString: target });
    await client.connect();
    for (const [name, [text, values]] of Object.entries(queries)) {
      const { rows } = await client.query(`explain (costs off) ${text}`, values);
      lines.push(`${name}: ${rows.map((row) => row["QUERY PLAN"].trim()).join("; ")}`);
    }
    await client.end();
  }
  return lines;
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function timeRequests(label, url, token, runs, check) {
  const get = async () => {
    const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    const body = await response.json();
    if (response.status !== 200) throw new Error(`${label}: ${response.status} ${JSON.stringify(body)}`);
    return body;
  };
  for (let i = 0; i < Math.min(20, runs); i++) check(await get());
  const times = [];
  for (let i = 0; i < runs; i++) {
    const started = process.hrtime.bigint();
    await get();
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  times.sort((a, b) => a - b);
  return { label, runs, p50: percentile(times, 50), p99: percentile(times, 99) };
}

/** Streams the whole export, reading as a client would, and samples the process memory meanwhile. */
async function timeExport(url, token) {
  const baseline = process.memoryUsage();
  let peakRss = baseline.rss;
  let peakHeap = baseline.heapUsed;
  const sampler = setInterval(() => {
    const usage = process.memoryUsage();
    peakRss = Math.max(peakRss, usage.rss);
    peakHeap = Math.max(peakHeap, usage.heapUsed);
  }, 50);
  const started = process.hrtime.bigint();
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  let bytes = 0;
  let lines = 0;
  for await (const chunk of response.body) {
    bytes += chunk.length;
    for (const byte of chunk) if (byte === 10) lines++;
  }
  clearInterval(sampler);
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  return {
    rows: lines - 1,
    megabytes: bytes / 1e6,
    seconds,
    baselineRssMb: baseline.rss / 1e6,
    peakRssMb: peakRss / 1e6,
    peakHeapMb: peakHeap / 1e6,
  };
}

async function listingKeyset(store, botId, offset) {
  const row = await store.db
    .selectFrom("results")
    .select(["createdAt", "id"])
    .where("botId", "=", botId)
    .where("hasStarted", "=", 1)
    .where("isArchived", "=", 0)
    .orderBy("createdAt", "desc")
    .orderBy("id", "desc")
    .offset(offset)
    .limit(1)
    .executeTakeFirstOrThrow();
  return row;
}

async function runEngine(parley, engine, databaseUrl) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "parley-bench-"));
  const pgDb = databaseUrl ? await freshPostgresSchema(databaseUrl) : undefined;
  const config = parley.loadConfig({
    PORT: "0",
    PARLEY_DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
  });
  const server = await parley.startServer(config, { logger: false });
  try {
    const { ctx } = server;
    const user = await ctx.users.findOrCreateByEmail("bench@parley.local");
    const workspace = await ctx.workspaces.create(user.id, { name: "Bench" });
    const { token } = await ctx.users.createToken(user.id, "bench");
    const api = `${server.url}/api/v1`;
    const createBot = async () => {
      const response = await fetch(`${api}/bots`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify({ workspaceId: workspace.id, bot: benchBot() }),
      });
      return (await response.json()).bot.id;
    };
    const botId = await createBot();
    const noiseBotId = await createBot();

    const end = Date.now() - 60_000;
    const started = Date.now();
    const answers = pgDb
      ? await seedPostgres(pgDb.url, botId, noiseBotId, end)
      : seedSqlite(path.join(dataDir, "parley.db"), botId, noiseBotId, end);
    const seedSeconds = (Date.now() - started) / 1000;
    console.log(
      `[${engine}] seeded ${SIZE.toLocaleString("en")} results (+${NOISE.toLocaleString("en")} of another bot) and ${answers.toLocaleString("en")} answers in ${seedSeconds.toFixed(1)} s`,
    );

    const listed = Number(
      (
        await ctx.store.db
          .selectFrom("results")
          .select((eb) => eb.fn.countAll().as("n"))
          .where("botId", "=", botId)
          .where("hasStarted", "=", 1)
          .where("isArchived", "=", 0)
          .executeTakeFirstOrThrow()
      ).n,
    );
    const page = (cursorRow) =>
      `${api}/bots/${botId}/results?limit=100&timeFilter=allTime${cursorRow ? `&cursor=${parley.encodeCursor(cursorRow)}` : ""}`;
    const middle = await listingKeyset(ctx.store, botId, Math.floor(listed / 2));
    const last = await listingKeyset(ctx.store, botId, listed - 101);
    const full = (body) => {
      if (body.results.length !== 100) throw new Error(`expected a page of 100, got ${body.results.length}`);
    };
    const measures = [
      await timeRequests("page of 100, start", page(), token, RUNS, full),
      await timeRequests("page of 100, middle", page(middle), token, RUNS, full),
      await timeRequests("page of 100, end", page(last), token, RUNS, (body) => {
        full(body);
        if (body.nextCursor) throw new Error("the end page has a nextCursor");
      }),
      await timeRequests("analytics, last7Days", `${api}/bots/${botId}/analytics`, token, RUNS, () => {}),
      await timeRequests(
        "analytics, last30Days",
        `${api}/bots/${botId}/analytics?timeFilter=last30Days`,
        token,
        RUNS,
        () => {},
      ),
      await timeRequests(
        "analytics, allTime",
        `${api}/bots/${botId}/analytics?timeFilter=allTime`,
        token,
        Math.max(10, Math.floor(RUNS / 4)),
        (body) => {
          const expected = expectedCounts();
          if (
            body.views !== expected.views ||
            body.starts !== expected.starts ||
            body.completions !== expected.completions
          )
            throw new Error(`analytics ${JSON.stringify(body)} differ from ${JSON.stringify(expected)}`);
        },
      ),
    ];
    const queryPlans = await plans(
      engine,
      pgDb ? pgDb.url : path.join(dataDir, "parley.db"),
      botId,
      workspace.id,
      middle,
    );
    const exported = await timeExport(`${api}/bots/${botId}/results/export?format=csv&timeFilter=allTime`, token);
    if (exported.rows !== listed) throw new Error(`export wrote ${exported.rows} rows, ${listed} expected`);
    return { engine, size: SIZE, listed, seedSeconds, measures, exported, queryPlans };
  } finally {
    await server.close();
    await pgDb?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function report(run) {
  console.log(
    `\n[${run.engine}] ${run.size.toLocaleString("en")} results on one bot, ${run.listed.toLocaleString("en")} listed (started, not archived)`,
  );
  console.log("  measure                   runs     p50 ms     p99 ms");
  for (const m of run.measures)
    console.log(
      `  ${m.label.padEnd(24)} ${String(m.runs).padStart(5)} ${m.p50.toFixed(2).padStart(10)} ${m.p99.toFixed(2).padStart(10)}`,
    );
  for (const line of run.queryPlans) console.log(`  plan, ${line}`);
  const e = run.exported;
  console.log(
    `  CSV export: ${e.rows.toLocaleString("en")} rows, ${e.megabytes.toFixed(1)} MB in ${e.seconds.toFixed(1)} s (${Math.round(e.rows / e.seconds).toLocaleString("en")} rows/s); ` +
      `process RSS ${e.baselineRssMb.toFixed(0)} MB before, ${e.peakRssMb.toFixed(0)} MB peak; heap peak ${e.peakHeapMb.toFixed(0)} MB`,
  );
}

const parley = await loadParley();
const engines = [["sqlite", undefined], ...(process.env.DATABASE_URL ? [["postgres", process.env.DATABASE_URL]] : [])];
const runs = [];
for (const [engine, url] of engines) {
  const run = await runEngine(parley, engine, url);
  report(run);
  runs.push(run);
}
const outDir = path.join(root, "bench", "results");
fs.mkdirSync(outDir, { recursive: true });
fs.writeFileSync(
  path.join(outDir, `results-bench-${new Date().toISOString().replace(/[:.]/g, "-")}.json`),
  JSON.stringify({ node: process.version, cpus: os.cpus().length, runs }, null, 2),
);
