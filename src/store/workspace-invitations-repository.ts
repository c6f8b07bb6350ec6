import type { Db, MembersTable } from "./database.js";
import { nowIso } from "../lib/ids.js";

export type PendingInvitation = { userId: string; email: string; role: MembersTable["role"]; expiresAt: string };

/** Invitations to workspaces, pending until the invited user sets a password (see migration 0011). */
export class WorkspaceInvitationsRepository {
  constructor(private readonly db: Db) {}

  /** Invites a user, or renews the invitation (new role, new expiry) when there is one already. */
  async upsert(workspaceId: string, userId: string, role: MembersTable["role"], expiresAt: string): Promise<void> {
    await this.db
      .insertInto("workspaceInvitations")
      .values({ workspaceId, userId, role, createdAt: nowIso(), expiresAt })
      .onConflict((conflict) => conflict.columns(["workspaceId", "userId"]).doUpdateSet({ role, expiresAt }))
      .execute();
  }

  /** A workspace's invitations that have not expired, oldest first. */
  listPending(workspaceId: string, now: string = nowIso()): Promise<PendingInvitation[]> {
    return this.db
      .selectFrom("workspaceInvitations")
      .innerJoin("users", "users.id", "workspaceInvitations.userId")
      .select([
        "workspaceInvitations.userId",
        "users.email",
        "workspaceInvitations.role",
        "workspaceInvitations.expiresAt",
      ])
      .where("workspaceInvitations.workspaceId", "=", workspaceId)
      .where("workspaceInvitations.expiresAt", ">", now)
      .orderBy("workspaceInvitations.createdAt")
      .orderBy("users.email")
      .execute();
  }

  /** Withdraws an invitation; false when there was none. */
  async delete(workspaceId: string, userId: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom("workspaceInvitations")
      .where("workspaceId", "=", workspaceId)
      .where("userId", "=", userId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** Turns a user's unexpired invitations into memberships, and forgets all of them. */
  async accept(userId: string, now: string = nowIso()): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const invitations = await trx
        .selectFrom("workspaceInvitations")
        .select(["workspaceId", "role"])
        .where("userId", "=", userId)
        .where("expiresAt", ">", now)
        .execute();
      for (const invitation of invitations)
        await trx
          .insertInto("members")
          .values({ workspaceId: invitation.workspaceId, userId, role: invitation.role, createdAt: now })
          .onConflict((conflict) => conflict.columns(["workspaceId", "userId"]).doNothing())
          .execute();
      await trx.deleteFrom("workspaceInvitations").where("userId", "=", userId).execute();
    });
  }
}
