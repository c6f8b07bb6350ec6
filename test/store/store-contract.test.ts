import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openStore, type Store } from "../../src/store/connect.js";
import { createChatRepository } from "../../src/store/chat/create-chat-repository.js";
import { OutboxRepository } from "../../src/store/outbox-repository.js";
import { UsersRepository } from "../../src/store/users-repository.js";
import { WorkspacesRepository } from "../../src/store/workspaces-repository.js";
import { createTestDatabase } from "../helpers/test-database.js";

/**
 * What every repository promises on either database: run once on the embedded database (npm test) and
 * once on PostgreSQL (npm run test:pg sets DATABASE_URL), each time on a store migrated from empty.
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

describe(`the store on ${process.env.DATABASE_URL ? "PostgreSQL" : "the embedded database"}`, () => {
  it("migrates an empty database to the current schema, and opening it again changes nothing", async () => {
    expect(store.dialect).toBe(process.env.DATABASE_URL ? "postgres" : "sqlite");
    expect(await new UsersRepository(store.db).count()).toBe(0);
    const again = await openStore({ databaseUrl: database.databaseUrl, dataDir: database.dataDir });
    try {
      expect(await new UsersRepository(again.db).count()).toBe(0);
    } finally {
      await again.close();
    }
  });

  it("finds or creates users by e-mail, and keeps one account per address", async () => {
    const users = new UsersRepository(store.db);
    const first = await users.findOrCreateByEmail("ada@example.com");
    expect(first).toMatchObject({ email: "ada@example.com", created: true });
    expect(await users.findOrCreateByEmail("ada@example.com")).toEqual({ ...first, created: false });
    expect((await users.findByEmail("ada@example.com"))?.id).toBe(first.id);
  });

  it("creates a workspace with its creator as owner, and lists it for its members only", async () => {
    const users = new UsersRepository(store.db);
    const workspaces = new WorkspacesRepository(store.db);
    const owner = await users.findOrCreateByEmail("owner@example.com");
    const other = await users.findOrCreateByEmail("other@example.com");
    const workspace = await workspaces.create(owner.id, { name: "Team" });
    expect((await workspaces.listForUser(owner.id)).map((row) => row.name)).toEqual(["Team"]);
    expect(await workspaces.listForUser(other.id)).toEqual([]);
    expect(await workspaces.listMembers(workspace.id)).toEqual([
      { userId: owner.id, email: "owner@example.com", role: "ADMIN" },
    ]);
  });

  it("finds a live bot by its public id for a visitor's start, never an archived one", async () => {
    const owner = await new UsersRepository(store.db).findOrCreateByEmail("publisher@example.com");
    const workspace = await new WorkspacesRepository(store.db).create(owner.id, { name: "Published" });
    const now = "2026-01-01T00:00:00.000Z";
    const bot = (id: string, publicId: string, isArchived: 0 | 1) => ({
      id,
      workspaceId: workspace.id,
      name: `Bot ${id}`,
      version: "6",
      document: "{}",
      publicId,
      publishedVersionId: `${id}-v1`,
      isArchived,
      createdAt: now,
      updatedAt: now,
    });
    await store.db
      .insertInto("bots")
      .values([bot("live", "live-public", 0), bot("archived", "archived-public", 1)] as never)
      .execute();
    const chat = createChatRepository(store);
    const [live, archived, unknown] = await Promise.all([
      chat.findLiveBot("live-public"),
      chat.findLiveBot("archived-public"),
      chat.findLiveBot("nobody"),
    ]);
    expect(live).toEqual({
      id: "live",
      name: "Bot live",
      workspaceId: workspace.id,
      publishedVersionId: "live-v1",
      isClosed: 0,
    });
    expect(archived).toBeUndefined();
    expect(unknown).toBeUndefined();
  });

  it("claims each due outbox item once, oldest first, leasing it and counting the attempt", async () => {
    const outbox = new OutboxRepository(store.db, store.dialect);
    const item = (id: string, dueAt: string) => ({
      id,
      kind: "webhook",
      payload: "{}",
      resultId: null,
      targetId: null,
      status: "pending" as const,
      attempts: 0,
      dueAt,
      createdAt: "2026-01-01T00:00:00.000Z",
      finishedAt: null,
      lastError: null,
    });
    await outbox.enqueue([
      item("later", "2026-01-01T00:02:00.000Z"),
      item("first", "2026-01-01T00:00:00.000Z"),
      item("future", "2026-01-02T00:00:00.000Z"),
    ]);
    const lease = "2026-01-01T00:10:00.000Z";
    const claimed = await outbox.claimDue("2026-01-01T00:05:00.000Z", lease, 10);
    expect(claimed.map((row) => [row.id, row.attempts, row.dueAt]).sort()).toEqual([
      ["first", 1, lease],
      ["later", 1, lease],
    ]);
    // Leased: not due again before the lease ends.
    expect(await outbox.claimDue("2026-01-01T00:06:00.000Z", lease, 10)).toEqual([]);
    expect((await outbox.claimDue("2026-01-01T00:05:00.000Z", lease, 1)).length).toBe(0);
  });

  it("claims an item only once when two claims race for it", async () => {
    const outbox = new OutboxRepository(store.db, store.dialect);
    await outbox.enqueue([
      {
        id: "raced",
        kind: "webhook",
        payload: "{}",
        resultId: null,
        targetId: null,
        status: "pending",
        attempts: 0,
        dueAt: "2026-02-01T00:00:00.000Z",
        createdAt: "2026-02-01T00:00:00.000Z",
        finishedAt: null,
        lastError: null,
      },
    ]);
    const now = "2026-02-01T00:01:00.000Z";
    const lease = "2026-02-01T00:11:00.000Z";
    const [a, b] = await Promise.all([outbox.claimDue(now, lease, 10), outbox.claimDue(now, lease, 10)]);
    expect([...a, ...b].filter((row) => row.id === "raced").length).toBe(1);
  });
});
