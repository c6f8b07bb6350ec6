import type { ExpressionBuilder } from "kysely";
import type { Database, Db, MembersTable } from "./database.js";
import { nowIso } from "../lib/ids.js";

export type PendingInvitation = { userId: string; email: string; role: MembersTable["role"]; expiresAt: string };

/** An invitation as its link finds it: whom it invites, where, and whether it is the inviter's copy. */
export type InvitationByLink = {
  workspaceId: string;
  workspaceName: string;
  userId: string;
  email: string;
  hasPassword: boolean;
  role: MembersTable["role"];
  expiresAt: string;
  /** The link is the copy shown to the inviting admin, not the one mailed to the invited address. */
  shownLink: boolean;
};

/**
 * Invitations to workspaces (migrations 0011, 0019). Each has links of its own: the one mailed to the
 * invited address (`tokenHash`) and, when the admin may see one, a copy for the admin (`shownTokenHash`).
 * A link accepts that invitation and no other, and nothing else accepts it.
 */
export class WorkspaceInvitationsRepository {
  constructor(private readonly db: Db) {}

  /** Invites a user, or renews the invitation (new role, expiry and link: the previous link stops working). */
  async upsert(
    workspaceId: string,
    userId: string,
    invitation: { role: MembersTable["role"]; expiresAt: string; tokenHash: string; shownTokenHash: string | null },
  ): Promise<void> {
    const { role, expiresAt, tokenHash, shownTokenHash } = invitation;
    await this.db
      .insertInto("workspaceInvitations")
      .values({ workspaceId, userId, role, createdAt: nowIso(), expiresAt, tokenHash, shownTokenHash })
      .onConflict((conflict) =>
        conflict.columns(["workspaceId", "userId"]).doUpdateSet({ role, expiresAt, tokenHash, shownTokenHash }),
      )
      .execute();
  }

  /** Another role for a pending invitation; its link and expiry stay. False when there is none. */
  async changeRole(workspaceId: string, userId: string, role: MembersTable["role"]): Promise<boolean> {
    const result = await this.db
      .updateTable("workspaceInvitations")
      .set({ role })
      .where("workspaceId", "=", workspaceId)
      .where("userId", "=", userId)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
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

  /** The workspaces other than `workspaceId` that have a pending invitation for the user. */
  async otherPendingCount(userId: string, workspaceId: string, now: string = nowIso()): Promise<number> {
    const rows = await this.db
      .selectFrom("workspaceInvitations")
      .select("workspaceId")
      .where("userId", "=", userId)
      .where("workspaceId", "!=", workspaceId)
      .where("expiresAt", ">", now)
      .execute();
    return rows.length;
  }

  /** The unexpired invitation a link token's hash names; undefined for an unknown, used or expired link. */
  async findByLink(tokenHash: string, now: string = nowIso()): Promise<InvitationByLink | undefined> {
    const row = await this.db
      .selectFrom("workspaceInvitations")
      .innerJoin("users", "users.id", "workspaceInvitations.userId")
      .innerJoin("workspaces", "workspaces.id", "workspaceInvitations.workspaceId")
      .select([
        "workspaceInvitations.workspaceId",
        "workspaces.name as workspaceName",
        "workspaceInvitations.userId",
        "users.email",
        "users.passwordHash",
        "workspaceInvitations.role",
        "workspaceInvitations.expiresAt",
        "workspaceInvitations.shownTokenHash",
      ])
      .where((where) =>
        where.or([
          where("workspaceInvitations.tokenHash", "=", tokenHash),
          where("workspaceInvitations.shownTokenHash", "=", tokenHash),
        ]),
      )
      .where("workspaceInvitations.expiresAt", ">", now)
      .executeTakeFirst();
    if (!row) return undefined;
    const { passwordHash, shownTokenHash, ...rest } = row;
    return { ...rest, hasPassword: passwordHash !== null, shownLink: shownTokenHash === tokenHash };
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

  /**
   * Accepts the one invitation a link names: it becomes a membership and is gone, in one transaction.
   * `passwordHash`: the password the invited person chose on the way, set only if the account still
   * has none. False when the link no longer works (used, withdrawn, renewed, expired) or the account got
   * a password meanwhile; then nothing changed.
   */
  async acceptByLink(tokenHash: string, passwordHash?: string, now: string = nowIso()): Promise<boolean> {
    return this.db
      .transaction()
      .execute(async (trx) => {
        const byLink = (where: ExpressionBuilder<Database, "workspaceInvitations">) =>
          where.or([where("tokenHash", "=", tokenHash), where("shownTokenHash", "=", tokenHash)]);
        const invitation = await trx
          .selectFrom("workspaceInvitations")
          .select(["workspaceId", "userId", "role"])
          .where(byLink)
          .where("expiresAt", ">", now)
          .executeTakeFirst();
        if (!invitation) return false;
        const taken = await trx
          .deleteFrom("workspaceInvitations")
          .where("workspaceId", "=", invitation.workspaceId)
          .where("userId", "=", invitation.userId)
          .where(byLink)
          .executeTakeFirst();
        if (Number(taken.numDeletedRows) !== 1) return false;
        if (passwordHash !== undefined) {
          const set = await trx
            .updateTable("users")
            .set({ passwordHash })
            .where("id", "=", invitation.userId)
            .where("passwordHash", "is", null)
            .executeTakeFirst();
          if (Number(set.numUpdatedRows) !== 1) throw new PasswordAlreadySet();
        }
        await trx
          .insertInto("members")
          .values({
            workspaceId: invitation.workspaceId,
            userId: invitation.userId,
            role: invitation.role,
            createdAt: now,
          })
          .onConflict((conflict) => conflict.columns(["workspaceId", "userId"]).doNothing())
          .execute();
        return true;
      })
      .catch((error: unknown) => {
        if (error instanceof PasswordAlreadySet) return false;
        throw error;
      });
  }
}

/** Rolls the acceptance back: someone set the account's password between the check and the write. */
class PasswordAlreadySet extends Error {}
