import type { Db } from "./database.js";
import { createId, generateApiToken, hashToken, nowIso } from "../lib/ids.js";
import { normalizeEmail } from "../lib/email.js";

export type TokenInfo = {
  id: string;
  name: string;
  email: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
};
export type OwnTokenInfo = Omit<TokenInfo, "email">;
export type UserRecord = { id: string; email: string; passwordHash: string | null };
/** Who is calling: through an API token (`tokenId`) or a signed-in browser (`browserSessionId`). */
export type Caller = { userId: string; tokenId?: string; browserSessionId?: string };

// lastUsedAt is informative only: refreshing it at most once a minute keeps reads read-only.
const LAST_USED_RESOLUTION_MS = 60_000;

export class UsersRepository {
  constructor(private readonly db: Db) {}

  async count(): Promise<number> {
    const row = await this.db
      .selectFrom("users")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  findById(id: string): Promise<UserRecord | undefined> {
    return this.db.selectFrom("users").select(["id", "email", "passwordHash"]).where("id", "=", id).executeTakeFirst();
  }

  findByEmail(email: string): Promise<UserRecord | undefined> {
    return this.db
      .selectFrom("users")
      .select(["id", "email", "passwordHash"])
      .where("email", "=", normalizeEmail(email))
      .executeTakeFirst();
  }

  async setPasswordHash(userId: string, passwordHash: string): Promise<void> {
    await this.db.updateTable("users").set({ passwordHash }).where("id", "=", userId).execute();
  }

  async findOrCreateByEmail(email: string): Promise<{ id: string; email: string; created: boolean }> {
    const normalized = normalizeEmail(email);
    const existing = await this.db
      .selectFrom("users")
      .select(["id", "email"])
      .where("email", "=", normalized)
      .executeTakeFirst();
    if (existing) return { ...existing, created: false };
    const id = createId();
    await this.db
      .insertInto("users")
      .values({ id, email: normalized, name: null, passwordHash: null, createdAt: nowIso() })
      .execute();
    return { id, email: normalized, created: true };
  }

  /** Creates a token and returns it in clear, the only time it is ever visible. */
  async createToken(userId: string, name: string): Promise<{ id: string; token: string; createdAt: string }> {
    const token = generateApiToken();
    const id = createId();
    const createdAt = nowIso();
    await this.db
      .insertInto("apiTokens")
      .values({ id, userId, name, tokenHash: hashToken(token), createdAt, lastUsedAt: null, revokedAt: null })
      .execute();
    return { id, token, createdAt };
  }

  /** One user's tokens, revoked ones included (the builder shows when each was revoked). */
  listTokensOf(userId: string): Promise<OwnTokenInfo[]> {
    return this.db
      .selectFrom("apiTokens")
      .select(["id", "name", "createdAt", "lastUsedAt", "revokedAt"])
      .where("userId", "=", userId)
      .orderBy("createdAt")
      .orderBy("id")
      .execute();
  }

  /** Revokes a token of this user; false when the user has no such token (revoking twice is not an error). */
  async revokeTokenOf(userId: string, id: string): Promise<boolean> {
    const owned = await this.db
      .selectFrom("apiTokens")
      .select("id")
      .where("id", "=", id)
      .where("userId", "=", userId)
      .executeTakeFirst();
    if (!owned) return false;
    await this.db
      .updateTable("apiTokens")
      .set({ revokedAt: nowIso() })
      .where("id", "=", id)
      .where("revokedAt", "is", null)
      .execute();
    return true;
  }

  /** Revokes every token of a user that is still valid; answers how many. */
  async revokeAllTokensOf(userId: string): Promise<number> {
    const result = await this.db
      .updateTable("apiTokens")
      .set({ revokedAt: nowIso() })
      .where("userId", "=", userId)
      .where("revokedAt", "is", null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  async listTokens(): Promise<TokenInfo[]> {
    return this.db
      .selectFrom("apiTokens")
      .innerJoin("users", "users.id", "apiTokens.userId")
      .select([
        "apiTokens.id",
        "apiTokens.name",
        "users.email",
        "apiTokens.createdAt",
        "apiTokens.lastUsedAt",
        "apiTokens.revokedAt",
      ])
      .orderBy("apiTokens.createdAt")
      .execute();
  }

  async revokeToken(id: string): Promise<boolean> {
    const result = await this.db
      .updateTable("apiTokens")
      .set({ revokedAt: nowIso() })
      .where("id", "=", id)
      .where("revokedAt", "is", null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async authenticate(token: string): Promise<Caller | undefined> {
    const row = await this.db
      .selectFrom("apiTokens")
      .select(["id", "userId", "lastUsedAt", "revokedAt"])
      .where("tokenHash", "=", hashToken(token))
      .executeTakeFirst();
    if (!row || row.revokedAt) return undefined;
    const now = Date.now();
    if (!row.lastUsedAt || now - Date.parse(row.lastUsedAt) > LAST_USED_RESOLUTION_MS)
      await this.db
        .updateTable("apiTokens")
        .set({ lastUsedAt: new Date(now).toISOString() })
        .where("id", "=", row.id)
        .execute();
    return { userId: row.userId, tokenId: row.id };
  }
}
