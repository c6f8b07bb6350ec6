import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PasswordSetupRepository } from "../../src/store/password-setup-repository.js";
import { openStore, type Store } from "../../src/store/connect.js";
import { forgetInvitationSetupLinks } from "../../src/store/migrations/0019-invitation-links.js";
import { UsersRepository } from "../../src/store/users-repository.js";
import { createTestDatabase } from "../helpers/test-database.js";

/**
 * Migration 0019: before it, an invitation's link was a week-long password setup link of the invited
 * account, shown to whoever invited it. Those links must stop setting passwords; a day-long setup link
 * (first start, `parley user setup-link`) keeps working. On the embedded database, or on PostgreSQL when
 * DATABASE_URL is set.
 */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let store: Store;
beforeAll(async () => {
  database = await createTestDatabase();
  store = await openStore({ databaseUrl: database.databaseUrl, dataDir: database.dataDir });
});
afterAll(async () => {
  await store?.close();
  await database?.drop();
});

describe("migration 0019", () => {
  it("deletes the unused week-long setup links that invitations made, and keeps day-long ones", async () => {
    const users = new UsersRepository(store.db);
    const links = new PasswordSetupRepository(store.db);
    const invited = await users.findOrCreateByEmail("invited@example.com");
    const hour = 3_600_000;
    await links.create(invited.id, "invitation-link", new Date(Date.now() + 7 * 24 * hour).toISOString());
    await links.create(invited.id, "setup-link", new Date(Date.now() + 24 * hour).toISOString());
    await links.create(invited.id, "used-invitation-link", new Date(Date.now() + 7 * 24 * hour).toISOString());
    expect(await links.consume("used-invitation-link")).toBe(invited.id);

    const db = store.db as unknown as Parameters<typeof forgetInvitationSetupLinks>[0];
    expect(await forgetInvitationSetupLinks(db)).toBe(1);
    expect(await links.inspect("invitation-link")).toBeUndefined();
    expect(await links.inspect("setup-link")).toEqual({ state: "valid", email: "invited@example.com" });
    expect(await links.inspect("used-invitation-link")).toEqual({ state: "used", email: "invited@example.com" });
  });

  it("gives invitations their link columns", async () => {
    const columns = await store.db.selectFrom("workspaceInvitations").select(["tokenHash", "shownTokenHash"]).execute();
    expect(columns).toEqual([]);
  });
});
