import type { Db, SessionRow } from "./database.js";

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
  latestPreviews(botId: string, limit: number): Promise<SessionRow[]> {
    return this.db
      .selectFrom("sessions")
      .selectAll()
      .where("botId", "=", botId)
      .where("botVersionId", "is", null)
      .orderBy("updatedAt", "desc")
      .orderBy("id", "desc")
      .limit(limit)
      .execute();
  }
}
