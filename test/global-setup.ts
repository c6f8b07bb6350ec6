import { execFileSync } from "node:child_process";
import pg from "pg";
import { SHARED_SCHEMA_PREFIX } from "./helpers/shared-schema.js";

/**
 * The tests that start server processes run the real built binary, so build it once before the suite:
 * the container image's flavour, with the npm dependencies bundled too (`scripts/build.mjs
 * --bundle-dependencies`). A process of it is ready on about half the CPU of one that loads each
 * dependency's files from node_modules, and dozens are started per run. PARLEY_TEST_BUNDLE_DEPENDENCIES=0
 * builds the flavour of `npm start` instead. The run gets an id, which names the
 * PostgreSQL schemas of the workers' shared servers: the workers end without closing them, so the run
 * drops its own at the end (and no other run's, which may be going on beside it).
 */
export default function setup() {
  const flags = process.env.PARLEY_TEST_BUNDLE_DEPENDENCIES === "0" ? [] : ["--bundle-dependencies"];
  execFileSync(process.execPath, ["scripts/build.mjs", ...flags], { stdio: "inherit" });
  const runId = `${process.pid}_${Date.now().toString(36)}`;
  process.env.PARLEY_TEST_RUN_ID = runId;
  return async function teardown() {
    if (!process.env.DATABASE_URL) return;
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    try {
      const { rows } = await client.query<{ name: string }>(
        "select nspname as name from pg_namespace where starts_with(nspname, $1)",
        [`${SHARED_SCHEMA_PREFIX}${runId}_`],
      );
      for (const { name } of rows) await client.query(`drop schema if exists "${name}" cascade`);
    } finally {
      await client.end();
    }
  };
}
