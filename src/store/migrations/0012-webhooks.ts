import type { Kysely } from "kysely";

/**
 * Outbound result webhooks: a bot's subscriptions. `events` is a JSON array of event types; `secret`
 * is `whsec_<base64>` (Standard Webhooks), shown once when created. A webhook whose deliveries kept
 * failing until the outbox gave up is disabled (`enabled` 0) with the reason; re-enabling clears it.
 * Its deliveries are outbox items whose `targetId` is the webhook's id (indexed since 0009).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("webhooks")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("botId", "text", (c) => c.notNull().references("bots.id").onDelete("cascade"))
    .addColumn("url", "text", (c) => c.notNull())
    .addColumn("events", "text", (c) => c.notNull())
    .addColumn("secret", "text", (c) => c.notNull())
    .addColumn("enabled", "integer", (c) => c.notNull())
    .addColumn("disabledReason", "text")
    .addColumn("disabledAt", "text")
    .addColumn("createdAt", "text", (c) => c.notNull())
    .addColumn("updatedAt", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("webhooks_botId").on("webhooks").column("botId").execute();
}
