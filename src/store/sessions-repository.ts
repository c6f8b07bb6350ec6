import { PostgresAdapter } from "kysely";
import type { Db, SessionRow } from "./database.js";

export type ExpiredSession = { id: string; botVersionId: string | null };

export class SessionsRepository {
  constructor(private readonly db: Db) {}

  find(id: string): Promise<SessionRow | undefined> {
    return this.db.selectFrom("sessions").selectAll().where("id", "=", id).executeTakeFirst();
  }

  /** Sessions of a result that have not expired (finished live sessions are deleted, so they do not count). */
  async countOpenForResult(resultId: string, now: string): Promise<number> {
    const row = await this.db
      .selectFrom("sessions")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("resultId", "=", resultId)
      .where((eb) => eb.or([eb("expiresAt", "is", null), eb("expiresAt", ">=", now)]))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async deleteExpired(now: string, limit: number): Promise<number> {
    const ids = this.db.selectFrom("sessions").select("id").where("expiresAt", "<", now).limit(limit);
    const result = await this.db.deleteFrom("sessions").where("id", "in", ids).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** The result's newest session (a result may have had several: a restarted chat keeps its result). */
  latestForResult(resultId: string): Promise<SessionRow | undefined> {
    return this.db
      .selectFrom("sessions")
      .selectAll()
      .where("resultId", "=", resultId)
      .orderBy("updatedAt", "desc")
      .orderBy("id", "desc")
      .limit(1)
      .executeTakeFirst();
  }

  /** A bot's newest preview sessions (no published version), most recently answered first. */
  latestPreviews(botId: string, userId: string, limit: number): Promise<SessionRow[]> {
    return this.db
      .selectFrom("sessions")
      .selectAll()
      .where("botId", "=", botId)
      .where("botVersionId", "is", null)
      .where("previewUserId", "=", userId)
      .orderBy("updatedAt", "desc")
      .orderBy("id", "desc")
      .limit(limit)
      .execute();
  }

  /**
   * Claims up to `limit` expired sessions, runs `beforeDelete` on them (their files) and deletes them;
   * answers how many this call deleted. On PostgreSQL the claim is `FOR UPDATE SKIP LOCKED` in one
   * transaction: instances cleaning up at the same moment take disjoint batches, so each expired
   * session is handled by exactly one of them. SQLite has one process, and its write lock is not held
   * while files are deleted.
   */
  async deleteExpiredBatch(
    now: string,
    limit: number,
    beforeDelete: (sessions: ExpiredSession[]) => Promise<void>,
  ): Promise<number> {
    if (!(this.db.getExecutor().adapter instanceof PostgresAdapter)) {
      const expiring = await this.expiring(this.db, now, limit).execute();
      return this.deleteClaimed(this.db, expiring, beforeDelete);
    }
    return this.db.transaction().execute(async (trx) => {
      const expiring = await this.expiring(trx, now, limit).forUpdate().skipLocked().execute();
      return this.deleteClaimed(trx, expiring, beforeDelete);
    });
  }

  private expiring(db: Db, now: string, limit: number) {
    return db.selectFrom("sessions").select(["id", "botVersionId"]).where("expiresAt", "<", now).limit(limit);
  }

  private async deleteClaimed(
    db: Db,
    expiring: ExpiredSession[],
    beforeDelete: (sessions: ExpiredSession[]) => Promise<void>,
  ): Promise<number> {
    if (expiring.length === 0) return 0;
    await beforeDelete(expiring);
    const result = await db
      .deleteFrom("sessions")
      .where(
        "id",
        "in",
        expiring.map((session) => session.id),
      )
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
