import type { Db } from "./database.js";
import { createId, hashToken, nowIso } from "../lib/ids.js";

export type PreviewGrant = { userId: string; botId: string; expiresAt: string };

/** Preview tokens, looked up by their hash; an expired row counts as absent. */
export class PreviewTokensRepository {
  constructor(private readonly db: Db) {}

  async create(grant: PreviewGrant & { token: string }): Promise<void> {
    await this.db
      .insertInto("previewTokens")
      .values({
        id: createId(),
        userId: grant.userId,
        botId: grant.botId,
        tokenHash: hashToken(grant.token),
        createdAt: nowIso(),
        expiresAt: grant.expiresAt,
      })
      .execute();
  }

  find(token: string, now: string = nowIso()): Promise<PreviewGrant | undefined> {
    return this.db
      .selectFrom("previewTokens")
      .select(["userId", "botId", "expiresAt"])
      .where("tokenHash", "=", hashToken(token))
      .where("expiresAt", ">", now)
      .executeTakeFirst();
  }

  async deleteExpired(now: string = nowIso()): Promise<void> {
    await this.db.deleteFrom("previewTokens").where("expiresAt", "<=", now).execute();
  }
}
