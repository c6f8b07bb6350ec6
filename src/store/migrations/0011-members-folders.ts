import type { Kysely } from "kysely";

/**
 * Folders of bots, and pending invitations to a workspace.
 *
 * A folder lives in one workspace, inside another folder or at the top (`parentFolderId` null); bots
 * point at theirs with `bots.folderId`. Deleting a folder moves its bots and sub-folders to its parent
 * (the service does it, in one transaction), so no foreign key cascades here.
 *
 * Invitations: the invited user exists already (without a password); the link
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

  await db.schema
    .createTable("folders")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("workspaceId", "text", (c) => c.notNull().references("workspaces.id").onDelete("cascade"))
    .addColumn("parentFolderId", "text")
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("createdAt", "text", (c) => c.notNull())
    .addColumn("updatedAt", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("folders_workspaceId").on("folders").column("workspaceId").execute();
}
