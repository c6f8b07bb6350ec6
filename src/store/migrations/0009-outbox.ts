import type { Kysely } from "kysely";

/**
 * The outbox: work a chat turn (or another write) asks for, stored in the same transaction, done
 * after commit by the background runner, at least once. `dueAt` is when it may next be tried; a
 * claimed item's `dueAt` moves past its lease, so an item whose worker died is tried again then.
 * `targetId` says whose it is (a webhook's deliveries). Each attempt is kept in `outboxAttempts`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("outbox")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("payload", "text", (c) => c.notNull())
    .addColumn("resultId", "text")
    .addColumn("targetId", "text")
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull())
    .addColumn("dueAt", "text", (c) => c.notNull())
    .addColumn("createdAt", "text", (c) => c.notNull())
    .addColumn("finishedAt", "text")
    .addColumn("lastError", "text")
    .execute();
  await db.schema.createIndex("outbox_status_dueAt").on("outbox").columns(["status", "dueAt"]).execute();
  await db.schema.createIndex("outbox_targetId").on("outbox").columns(["targetId", "createdAt"]).execute();
  await db.schema
    .createTable("outboxAttempts")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("itemId", "text", (c) => c.notNull().references("outbox.id").onDelete("cascade"))
    .addColumn("attemptedAt", "text", (c) => c.notNull())
    .addColumn("ok", "integer", (c) => c.notNull())
    .addColumn("statusCode", "integer")
    .addColumn("error", "text")
    .execute();
  await db.schema.createIndex("outboxAttempts_itemId").on("outboxAttempts").column("itemId").execute();
}
