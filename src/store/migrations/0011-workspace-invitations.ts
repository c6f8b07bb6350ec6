import type { Kysely } from "kysely";

/**
 * Pending invitations to a workspace. The invited user exists already (without a password): the link
 * they get is a password setup link, and setting the password turns their invitations into memberships.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("workspaceInvitations")
    .addColumn("workspaceId", "text", (c) => c.notNull().references("workspaces.id").onDelete("cascade"))
    .addColumn("userId", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("role", "text", (c) => c.notNull())
    .addColumn("createdAt", "text", (c) => c.notNull())
    .addColumn("expiresAt", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("workspaceInvitations_pk", ["workspaceId", "userId"])
    .execute();
  await db.schema.createIndex("workspaceInvitations_userId").on("workspaceInvitations").column("userId").execute();
}
