import type { Db } from "./database.js";
import { createId, hashToken, nowIso } from "../lib/ids.js";

export type BrowserSession = { id: string; userId: string; csrfToken: string; expiresAt: string };

/** Signed-in browsers. The cookie value is looked up by its hash; an expired row counts as absent. */
export class BrowserSessionsRepository {
  constructor(private readonly db: Db) {}

  async create(session: {
    userId: string;
    token: string;
    csrfToken: string;
    expiresAt: string;
  }): Promise<BrowserSession> {
    const id = createId();
    await this.db
      .insertInto("browserSessions")
      .values({
        id,
        userId: session.userId,
        tokenHash: hashToken(session.token),
        csrfToken: session.csrfToken,
        createdAt: nowIso(),
        expiresAt: session.expiresAt,
      })
      .execute();
    return { id, userId: session.userId, csrfToken: session.csrfToken, expiresAt: session.expiresAt };
  }

  findByToken(token: string, now: string = nowIso()): Promise<BrowserSession | undefined> {
    return this.db
      .selectFrom("browserSessions")
      .select(["id", "userId", "csrfToken", "expiresAt"])
      .where("tokenHash", "=", hashToken(token))
      .where("expiresAt", ">", now)
      .executeTakeFirst();
  }

  async deleteByToken(token: string): Promise<void> {
    await this.db.deleteFrom("browserSessions").where("tokenHash", "=", hashToken(token)).execute();
  }

  /** After a password change every browser signed in with the old password is signed out. */
  async deleteForUser(userId: string): Promise<void> {
    await this.db.deleteFrom("browserSessions").where("userId", "=", userId).execute();
  }

  async deleteExpired(now: string = nowIso()): Promise<void> {
    await this.db.deleteFrom("browserSessions").where("expiresAt", "<=", now).execute();
  }
}
