import type { Db } from "./database.js";
import { createId, hashToken, nowIso } from "../lib/ids.js";

/** One-time links that let a user set a password; stored hashed, valid until used or expired. */
export class PasswordSetupRepository {
  constructor(private readonly db: Db) {}

  async create(userId: string, token: string, expiresAt: string): Promise<void> {
    await this.db
      .insertInto("passwordSetupTokens")
      .values({ id: createId(), userId, tokenHash: hashToken(token), createdAt: nowIso(), expiresAt, usedAt: null })
      .execute();
  }

  /** A link's state without using it, with the e-mail of its account; undefined for an unknown token. */
  async inspect(
    token: string,
    now: string = nowIso(),
  ): Promise<{ state: "valid" | "used" | "expired"; email: string } | undefined> {
    const row = await this.db
      .selectFrom("passwordSetupTokens")
      .innerJoin("users", "users.id", "passwordSetupTokens.userId")
      .select(["passwordSetupTokens.usedAt", "passwordSetupTokens.expiresAt", "users.email"])
      .where("passwordSetupTokens.tokenHash", "=", hashToken(token))
      .executeTakeFirst();
    if (!row) return undefined;
    const state = row.usedAt !== null ? "used" : row.expiresAt > now ? "valid" : "expired";
    return { state, email: row.email };
  }

  /**
   * Marks the token used and returns its user, or undefined when it is unknown, used or expired.
   * The conditional update makes two concurrent uses of one link succeed at most once.
   */
  async consume(token: string, now: string = nowIso()): Promise<string | undefined> {
    const row = await this.db
      .selectFrom("passwordSetupTokens")
      .select(["id", "userId"])
      .where("tokenHash", "=", hashToken(token))
      .where("usedAt", "is", null)
      .where("expiresAt", ">", now)
      .executeTakeFirst();
    if (!row) return undefined;
    const result = await this.db
      .updateTable("passwordSetupTokens")
      .set({ usedAt: now })
      .where("id", "=", row.id)
      .where("usedAt", "is", null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0 ? row.userId : undefined;
  }
}
