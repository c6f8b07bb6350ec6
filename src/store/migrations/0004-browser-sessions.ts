import type { Kysely } from "kysely";

/**
 * Signing in to the builder: browser sessions (cookie) and one-time links to set a password.
 * Only SHA-256 hashes of the cookie value and of the link token are stored, as for API tokens, so a
 * copy of the database signs no one in.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("browserSessions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("userId", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("tokenHash", "text", (c) => c.notNull().unique())
    .addColumn("csrfToken", "text", (c) => c.notNull())
    .addColumn("createdAt", "text", (c) => c.notNull())
    .addColumn("expiresAt", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("browserSessions_userId").on("browserSessions").column("userId").execute();
  await db.schema.createIndex("browserSessions_expiresAt").on("browserSessions").column("expiresAt").execute();

  await db.schema
    .createTable("passwordSetupTokens")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("userId", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("tokenHash", "text", (c) => c.notNull().unique())
    .addColumn("createdAt", "text", (c) => c.notNull())
    .addColumn("expiresAt", "text", (c) => c.notNull())
    .addColumn("usedAt", "text")
    .execute();
  await db.schema.createIndex("passwordSetupTokens_userId").on("passwordSetupTokens").column("userId").execute();
}
