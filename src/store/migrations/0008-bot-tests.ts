import type { Kysely } from "kysely";

/**
 * A bot's conversation tests (docs/testing-bots.md): one YAML text per bot, kept apart from the bot
 * row so that listing and loading bots never reads it. Gone with the bot.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("botTests")
    .addColumn("botId", "text", (c) => c.primaryKey().references("bots.id").onDelete("cascade"))
    .addColumn("yaml", "text", (c) => c.notNull())
    .addColumn("updatedAt", "text", (c) => c.notNull())
    .execute();
}
