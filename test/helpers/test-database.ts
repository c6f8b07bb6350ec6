import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { threadId } from "node:worker_threads";
import pg from "pg";
import { SHARED_SCHEMA_PREFIX } from "./shared-schema.js";

let counter = 0;

/**
 * A fresh database for a test: an embedded one in a temporary folder, or a PostgreSQL schema of its own
 * when DATABASE_URL is set. Kept apart from the test server's module, which loads the whole server: the
 * multi-process files import this one in a fresh process each, and need only the database.
 */
export async function createTestDatabase(use: "own" | "shared" = "own"): Promise<{
  dataDir: string;
  databaseUrl: string | undefined;
  drop(): Promise<void>;
}> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "parley-test-"));
  const base = process.env.DATABASE_URL;
  if (!base)
    return { dataDir, databaseUrl: undefined, drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }) };
  // Worker threads share the process id (the unit project runs two of them): the thread's id keeps the names apart.
  const worker = `${process.pid}_${threadId}`;
  const schema =
    use === "shared"
      ? `${SHARED_SCHEMA_PREFIX}${process.env.PARLEY_TEST_RUN_ID ?? "run"}_${worker}`
      : `t_${worker}_${Date.now().toString(36)}_${counter++}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create schema "${schema}"`);
  await admin.end();
  const url = new URL(base);
  url.searchParams.set("options", `-c search_path=${schema}`);
  return {
    dataDir,
    databaseUrl: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      await client.query(`drop schema if exists "${schema}" cascade`);
      await client.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
