import type { Db, MembersTable, WorkspaceRow } from "./database.js";
import { createId, nowIso } from "../lib/ids.js";

export type MemberRole = MembersTable["role"];

export class WorkspacesRepository {
  constructor(private readonly db: Db) {}

  async create(userId: string, input: { name: string; icon?: string | null }): Promise<WorkspaceRow> {
    const now = nowIso();
    const row: WorkspaceRow = {
      id: createId(),
      name: input.name,
      icon: input.icon ?? null,
      plan: "FREE",
      paymentId: null,
      isSuspended: 0,
      isPastDue: 0,
      isVerified: 0,
      createdAt: now,
      updatedAt: now,
    };
    await this.db.transaction().execute(async (trx) => {
      await trx.insertInto("workspaces").values(row).execute();
      await trx.insertInto("members").values({ workspaceId: row.id, userId, role: "ADMIN", createdAt: now }).execute();
    });
    return row;
  }

  listForUser(userId: string): Promise<WorkspaceRow[]> {
    return this.db
      .selectFrom("workspaces")
      .innerJoin("members", "members.workspaceId", "workspaces.id")
      .selectAll("workspaces")
      .where("members.userId", "=", userId)
      .orderBy("workspaces.createdAt")
      .orderBy("workspaces.id")
      .execute();
  }

  async update(workspaceId: string, patch: { name?: string; icon?: string | null }): Promise<void> {
    await this.db
      .updateTable("workspaces")
      .set({ ...patch, updatedAt: nowIso() })
      .where("id", "=", workspaceId)
      .execute();
  }

  /** Members with their e-mail, oldest first (the creator comes first). */
  listMembers(workspaceId: string): Promise<{ userId: string; email: string; role: MemberRole }[]> {
    return this.db
      .selectFrom("members")
      .innerJoin("users", "users.id", "members.userId")
      .select(["members.userId", "users.email", "members.role"])
      .where("members.workspaceId", "=", workspaceId)
      .orderBy("members.createdAt")
      .orderBy("users.email")
      .execute();
  }

  /** The workspace and the caller's role in it, or undefined when the caller is not a member. */
  async findForMember(workspaceId: string, userId: string): Promise<(WorkspaceRow & { role: MemberRole }) | undefined> {
    return this.db
      .selectFrom("workspaces")
      .innerJoin("members", "members.workspaceId", "workspaces.id")
      .selectAll("workspaces")
      .select("members.role")
      .where("workspaces.id", "=", workspaceId)
      .where("members.userId", "=", userId)
      .executeTakeFirst();
  }

  /** Adds a member, or changes the role of one who is already there. */
  async addMember(workspaceId: string, userId: string, role: MemberRole): Promise<void> {
    await this.db
      .insertInto("members")
      .values({ workspaceId, userId, role, createdAt: nowIso() })
      .onConflict((conflict) => conflict.columns(["workspaceId", "userId"]).doUpdateSet({ role }))
      .execute();
  }

  /**
   * Changes a member's role, or removes them (`role` null), unless that would leave the workspace
   * without an admin. Checked and written in one transaction so two admins demoting each other cannot
   * both succeed.
   */
  async changeMember(
    workspaceId: string,
    userId: string,
    role: MemberRole | null,
  ): Promise<"changed" | "not-member" | "last-admin"> {
    return this.db.transaction().execute(async (trx) => {
      const member = await trx
        .selectFrom("members")
        .select("role")
        .where("workspaceId", "=", workspaceId)
        .where("userId", "=", userId)
        .executeTakeFirst();
      if (!member) return "not-member";
      if (member.role === "ADMIN" && role !== "ADMIN") {
        const admins = await trx
          .selectFrom("members")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .where("workspaceId", "=", workspaceId)
          .where("role", "=", "ADMIN")
          .executeTakeFirstOrThrow();
        if (Number(admins.n) <= 1) return "last-admin";
      }
      if (role === null)
        await trx.deleteFrom("members").where("workspaceId", "=", workspaceId).where("userId", "=", userId).execute();
      else
        await trx
          .updateTable("members")
          .set({ role })
          .where("workspaceId", "=", workspaceId)
          .where("userId", "=", userId)
          .execute();
      return "changed";
    });
  }
}
