import type { Db, SessionRow } from "./database.js";

export class SessionsRepository {
  constructor(private readonly db: Db) {}

  find(id: string): Promise<SessionRow | undefined> {
    return this.db.selectFrom("sessions").selectAll().where("id", "=", id).executeTakeFirst();
  }

  async deleteExpired(now: string, limit: number): Promise<number> {
    const ids = this.db.selectFrom("sessions").select("id").where("expiresAt", "<", now).limit(limit);
    const result = await this.db.deleteFrom("sessions").where("id", "in", ids).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
