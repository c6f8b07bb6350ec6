import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { openStore, type Store } from "../../src/store/connect.js";

let dataDir: string;
let store: Store | undefined;
afterEach(async () => {
  await store?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const databaseBytes = () => fs.statSync(path.join(dataDir, "parley.db")).size;

async function writeFiveMegabytes(db: Store["db"]) {
  await sql`create table filler (text text)`.execute(db);
  for (let i = 0; i < 50; i++)
    await sql`insert into filler select ${"x".repeat(1000)} from (select 1 from json_each(${JSON.stringify(Array(100).fill(0))}))`.execute(
      db,
    );
}

describe("WAL checkpoints on a worker thread", () => {
  it("copies committed pages into the database file without a commit doing it", async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "parley-wal-"));
    store = await openStore({ dataDir, backgroundCheckpoints: true });
    const before = databaseBytes();
    await writeFiveMegabytes(store.db);
    // The commits themselves leave everything in the log: their own threshold is 64 MiB away.
    expect(await sql`pragma wal_autocheckpoint`.execute(store.db)).toMatchObject({
      rows: [{ wal_autocheckpoint: 16_384 }],
    });
    let grown = 0;
    for (let i = 0; i < 60 && grown < 5_000_000; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      grown = databaseBytes() - before;
    }
    expect(grown).toBeGreaterThan(5_000_000);
  });

  it("leaves checkpoints to SQLite itself where nothing asked for the worker (the command line)", async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "parley-wal-"));
    store = await openStore({ dataDir });
    // The migrations' pages start in the log: fold them in first, so the writes below cross the threshold from empty.
    await sql`pragma wal_checkpoint(TRUNCATE)`.execute(store.db);
    const before = databaseBytes();
    await writeFiveMegabytes(store.db);
    // SQLite's default threshold (1000 pages) was crossed: a commit checkpointed on this thread.
    expect(await sql`pragma wal_autocheckpoint`.execute(store.db)).toMatchObject({
      rows: [{ wal_autocheckpoint: 1000 }],
    });
    expect(databaseBytes() - before).toBeGreaterThan(3_000_000);
  });
});
