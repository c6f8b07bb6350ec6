import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { build } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../helpers/test-database.js";

const run = promisify(execFile);
const FILE_BYTES = 40 * 1024 * 1024;
/**
 * What streaming holds does not grow with the file (measured: ~4 MB writing, 7–12 MB reading, alike for
 * 5 MB and 40 MB files): the pg connections' buffers and hex-encoded rows. Holding the file would exceed it.
 */
const HELD_BOUND = 16 * 1024 * 1024;

/** Issue 26: a file goes into PostgreSQL and back out as a stream, never whole in memory. */
describe.runIf(Boolean(process.env.DATABASE_URL))("a 40 MB file through the PostgreSQL storage", () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let script: string;
  beforeAll(async () => {
    database = await createTestDatabase();
    // Inside the project (dist/ is ignored), so that the child finds its packages from there.
    fs.mkdirSync("dist", { recursive: true });
    script = path.join(fs.mkdtempSync(path.resolve("dist", "memory-child-")), "child.mjs");
    await build({
      entryPoints: [path.join(import.meta.dirname, "postgres-memory-child.ts")],
      outfile: script,
      bundle: true,
      platform: "node",
      format: "esm",
      target: "node20",
      packages: "external",
      logLevel: "warning",
    });
  });
  afterAll(async () => {
    await database?.drop();
    if (script) fs.rmSync(path.dirname(script), { recursive: true, force: true });
  });

  it("keeps the memory it holds far below the file's size, writing and reading", async () => {
    const { stdout } = await run(process.execPath, ["--expose-gc", script, String(FILE_BYTES)], {
      env: { ...process.env, DATABASE_URL: database.databaseUrl, PARLEY_DATA_DIR: database.dataDir },
      timeout: 240_000,
    });
    const report = JSON.parse(stdout) as {
      size: number;
      digest: string;
      expected: string;
      writePeak: number;
      readPeak: number;
    };
    expect(report.size).toBe(FILE_BYTES);
    expect(report.digest).toBe(report.expected);
    expect(report.writePeak).toBeLessThan(HELD_BOUND);
    expect(report.readPeak).toBeLessThan(HELD_BOUND);
  }, 300_000);
});
