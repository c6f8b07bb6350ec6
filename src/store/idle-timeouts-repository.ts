import type { Selectable } from "kysely";
import type { DialectName } from "./connect.js";
import type { Db, IdleTimeoutsTable } from "./database.js";

export type IdleTimeoutRow = Selectable<IdleTimeoutsTable>;

/** The idle timeouts the server fires for messaging-app sessions (migration 0017), one per session. */
export class IdleTimeoutsRepository {
  constructor(
    private readonly db: Db,
    private readonly dialect: DialectName,
  ) {}

  /** The session's one timeout, replacing the one of its previous input. */
  async schedule(row: Omit<IdleTimeoutRow, "attempts" | "dueAt">): Promise<void> {
    const values = { ...row, dueAt: row.deadline, attempts: 0 };
    await this.db
      .insertInto("idleTimeouts")
      .values(values)
      .onConflict((conflict) => conflict.column("sessionId").doUpdateSet(values))
      .execute();
  }

  async cancel(sessionId: string): Promise<void> {
    await this.db.deleteFrom("idleTimeouts").where("sessionId", "=", sessionId).execute();
  }

  /**
   * Up to `limit` due timeouts, leased until `leaseUntil` (their `dueAt` moves there) in one
   * statement. On PostgreSQL, rows another instance is claiming are skipped, never taken twice.
   */
  claimDue(now: string, leaseUntil: string, limit: number): Promise<IdleTimeoutRow[]> {
    return this.db
      .updateTable("idleTimeouts")
      .set((eb) => ({ dueAt: leaseUntil, attempts: eb("attempts", "+", 1) }))
      .where("sessionId", "in", (eb) =>
        eb
          .selectFrom("idleTimeouts")
          .select("sessionId")
          .where("dueAt", "<=", now)
          .orderBy("dueAt")
          .limit(limit)
          .$if(this.dialect === "postgres", (query) => query.forUpdate().skipLocked()),
      )
      .returningAll()
      .execute();
  }

  /** Done with this deadline; a newer one the fire's own turn scheduled (the next input) stays. */
  async finish(sessionId: string, deadline: string): Promise<void> {
    await this.db
      .deleteFrom("idleTimeouts")
      .where("sessionId", "=", sessionId)
      .where("deadline", "=", deadline)
      .execute();
  }

  /** Tries the same deadline again at `dueAt` (the contact's turn lock was taken, or the turn failed). */
  async retryAt(sessionId: string, deadline: string, dueAt: string): Promise<void> {
    await this.db
      .updateTable("idleTimeouts")
      .set({ dueAt })
      .where("sessionId", "=", sessionId)
      .where("deadline", "=", deadline)
      .execute();
  }
}
