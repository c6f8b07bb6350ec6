import { createHash, randomBytes } from "node:crypto";
import { createId as cuid } from "@paralleldrive/cuid2";

/** Collision-resistant random ids (cuid2), used for every stored record. */
export const createId = (): string => cuid();

const TOKEN_PREFIX = "pat_";

/** A new API token: 32 random bytes, shown once; only its SHA-256 hash is stored. */
export function generateApiToken(): string {
  return TOKEN_PREFIX + randomBytes(32).toString("base64url");
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export const nowIso = (): string => new Date().toISOString();
