import type { Kysely } from "kysely";

/**
 * Issue 31 items 8, 10 and 12.
 *
 * - `sessions.previewUserId`: the builder user who started a preview (null: an anonymous preview, or a
 *   live chat). A test call to a wait-for-webhook block resumes only its caller's previews, and only
 *   its starter may replace a preview by naming its id.
 * - `bots.customDomainToken` / `bots.customDomainVerifiedAt`: the HTTP challenge a bot's custom domain
 *   answers before it is served, and when it did. Domains claimed before this migration are unproven:
 *   they stop being served until verified (or allowed by the operator).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("sessions").addColumn("previewUserId", "text").execute();
  await db.schema.alterTable("bots").addColumn("customDomainToken", "text").execute();
  await db.schema.alterTable("bots").addColumn("customDomainVerifiedAt", "text").execute();
}
