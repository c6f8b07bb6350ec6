import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config.js";
import { deleteExpiredSessions } from "../../src/services/chat/session-cleanup.js";
import { type AppContext, createContext } from "../../src/services/context.js";
import { deleteSessionUploads } from "../../src/services/files/upload-records.js";
import { openStore, type Store } from "../../src/store/connect.js";
import { createTestDatabase } from "../helpers/test-database.js";

const onPostgres = Boolean(process.env.DATABASE_URL);
const EXPIRED = 1300;

/** Issue 26: the session clean-up runs on every instance, and each expired session is handled by one. */
describe.runIf(onPostgres)("session clean-up on two instances sharing one PostgreSQL database", () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  const stores: Store[] = [];
  const instances: AppContext[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    for (let i = 0; i < 2; i++) {
      const config = loadConfig({ DATABASE_URL: database.databaseUrl, PARLEY_DATA_DIR: database.dataDir });
      const store = await openStore({ databaseUrl: database.databaseUrl, dataDir: database.dataDir });
      stores.push(store);
      instances.push(createContext(config, store));
    }
  });
  afterAll(async () => {
    for (const ctx of instances) await ctx.files.close();
    for (const store of stores) await store.close();
    await database?.drop();
  });

  it("deletes each expired preview session and its upload once, whichever instance claims it", async () => {
    const [a] = instances;
    const past = new Date(Date.now() - 3_600_000).toISOString();
    const rows = Array.from({ length: EXPIRED }, (_, i) => ({
      id: `s${String(i).padStart(5, "0")}`,
      botId: null,
      botVersionId: null,
      previewDocument: "{}",
      resultId: null,
      state: "{}",
      revision: 0,
      createdAt: past,
      updatedAt: past,
      expiresAt: past,
    }));
    for (let i = 0; i < rows.length; i += 500)
      await a.store.db
        .insertInto("sessions")
        .values(rows.slice(i, i + 500))
        .execute();
    const live = { ...rows[0], id: "still-open", expiresAt: new Date(Date.now() + 3_600_000).toISOString() };
    await a.store.db.insertInto("sessions").values(live).execute();
    // One preview upload per session, stored in the shared database with its record.
    for (const row of rows.slice(0, 40)) {
      const folder = `${row.id}aaaaaaaaaaaaaaaaaaa`;
      await a.files.put(`${folder}/a.png`, [Buffer.from("png")]);
      await a.files.put(`.sessions/${row.id}/${folder}`, [Buffer.from('{"size":3,"waitKey":"w"}')]);
    }

    // Each instance records the sessions it claims; a slow file deletion keeps the claims overlapping.
    const claimed: string[][] = [[], []];
    const deleted = await Promise.all(
      instances.map((ctx, i) =>
        ctx.sessions.deleteExpiredBatch(new Date().toISOString(), 500, async (sessions) => {
          claimed[i].push(...sessions.map((session) => session.id));
          await deleteSessionUploads(
            ctx,
            sessions.map((session) => session.id),
          );
          await new Promise((resolve) => setTimeout(resolve, 300));
        }),
      ),
    );
    expect(claimed[0].length).toBe(500);
    expect(claimed[1].length).toBe(500);
    expect(claimed[0].filter((id) => claimed[1].includes(id))).toEqual([]);
    expect(deleted).toEqual([500, 500]);

    // The scheduled clean-up, on both at once, finishes the rest: every session counted exactly once.
    const rest = await Promise.all(instances.map((ctx) => deleteExpiredSessions(ctx)));
    expect(rest[0] + rest[1]).toBe(EXPIRED - 1000);
    const left = await a.store.db.selectFrom("sessions").select("id").execute();
    expect(left).toEqual([{ id: "still-open" }]);
    const files = await a.store.db.selectFrom("storedFiles").select("key").execute();
    expect(files).toEqual([]);
  });
});
