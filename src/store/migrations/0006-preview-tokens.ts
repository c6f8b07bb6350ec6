import type { Kysely } from "kysely";

/**
 * Short-lived tokens that let the builder's sandboxed preview frame start previews of one bot for
 * one member. Stored as SHA-256 hashes, like every other token, and gone with their user or bot.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("previewTokens")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("userId", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("botId", "text", (c) => c.notNull().references("bots.id").onDelete("cascade"))
    .addColumn("tokenHash", "text", (c) => c.notNull().unique())
    .addColumn("createdAt", "text", (c) => c.notNull())
    .addColumn("expiresAt", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("previewTokens_expiresAt").on("previewTokens").column("expiresAt").execute();
}
