import { sql } from "kysely";
import fs from "node:fs";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { openStore } from "../../src/store/connect.js";
import { createTestDatabase } from "../helpers/test-database.js";

/**
 * Several Parleys (or test workers) share one PostgreSQL database, each in its own schema. A schema
 * dropped by one of them while another migrates must not fail the other's migration: the migrator
 * looks at its own schema only. Without that, startup failed now and then with 'schema "t_…" does
 * not exist', naming the schema another client had just dropped.
 */
const migrationFiles = fs.readdirSync("src/store/migrations").filter((name) => /^\d{4}-.*\.ts$/.test(name)).length;

describe.runIf(process.env.DATABASE_URL)("migrations beside other schemas", () => {
  it("migrate to the latest while other clients create and drop their schemas", async () => {
    const churn = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await churn.connect();
    let stop = false;
    let dropped = 0;
    // Schemas with tables, so that the catalog has columns of theirs to look at when they go.
    const churning = (async () => {
      for (let round = 0; !stop; round++) {
        const names = Array.from({ length: 10 }, (_, i) => `churn_${process.pid}_${round}_${i}`);
        for (const name of names)
          await churn.query(`create schema "${name}"; create table "${name}".t (id serial primary key, v text)`);
        for (const name of names) await churn.query(`drop schema "${name}" cascade`);
        dropped += names.length;
      }
    })();
    try {
      for (let run = 0; run < 3; run++) {
        const database = await createTestDatabase();
        const store = await openStore({ databaseUrl: database.databaseUrl, dataDir: database.dataDir });
        const { rows } = await sql<{ count: string }>`select count(*) from parley_migrations`.execute(store.db);
        expect(Number(rows[0]?.count)).toBe(migrationFiles);
        await store.close();
        await database.drop();
      }
    } finally {
      stop = true;
      await churning;
      await churn.end();
    }
    expect(dropped).toBeGreaterThan(0);
  });
});
