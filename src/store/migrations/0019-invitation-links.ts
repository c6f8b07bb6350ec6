import type { Kysely } from "kysely";

/** A setup link lives a day; an invitation's lived a week (members.ts before this migration). */
const SETUP_LINK_LIFETIME_MS = 24 * 3_600_000;

/**
 * Invitations with links of their own (issue 31). Before, an invitation's link was a password setup
 * link of the invited account, and setting the password accepted every invitation the account had:
 * whoever saw one link (any inviter) could take the account and every workspace that invited it.
 *
 * - `tokenHash`: the hash of the link mailed to the invited address; it accepts this invitation only.
 * - `shownTokenHash`: the hash of a second link to the same invitation, shown to the inviting admin
 *   when the invited account belonged to no other workspace then (null otherwise). It sets a password
 *   only while the account still belongs to no other workspace; the mailed link always may.
 *
 * Invitations made before have no token: the admin invites again for a link that works. Their old
 * links (unused setup tokens with an invitation's week-long lifetime) are deleted, so they set no password.
 */
/** The table this migration reads, as it is at this point. */
type SetupTokens = {
  passwordSetupTokens: { id: string; createdAt: string; expiresAt: string; usedAt: string | null };
};

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of ["tokenHash", "shownTokenHash"]) {
    await db.schema.alterTable("workspaceInvitations").addColumn(column, "text").execute();
    await db.schema
      .createIndex(`workspaceInvitations_${column}`)
      .on("workspaceInvitations")
      .column(column)
      .unique()
      .execute();
  }
  await forgetInvitationSetupLinks(db as Kysely<SetupTokens>);
}

/** Deletes the unused setup tokens that were invitation links (they lived a week; a setup link lives a day). */
export async function forgetInvitationSetupLinks(db: Kysely<SetupTokens>): Promise<number> {
  const unused = await db
    .selectFrom("passwordSetupTokens")
    .select(["id", "createdAt", "expiresAt"])
    .where("usedAt", "is", null)
    .execute();
  const invitationLinks = unused
    .filter((row) => Date.parse(row.expiresAt) - Date.parse(row.createdAt) > SETUP_LINK_LIFETIME_MS + 3_600_000)
    .map((row) => row.id);
  if (invitationLinks.length > 0)
    await db.deleteFrom("passwordSetupTokens").where("id", "in", invitationLinks).execute();
  return invitationLinks.length;
}
