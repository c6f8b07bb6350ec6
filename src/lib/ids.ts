import { createHash, randomBytes } from "node:crypto";

const ID_LENGTH = 24;
const LETTERS = "abcdefghijklmnopqrstuvwxyz";
const ALPHABET = LETTERS + "0123456789";
// Random bytes are drawn in blocks: one system call per ~170 ids instead of one per id.
const POOL_SIZE = 4096;
let pool = randomBytes(POOL_SIZE);
let offset = 0;

/**
 * Collision-resistant random ids for every stored record: 24 characters of [a-z0-9] starting with a
 * letter (cuid2's shape), about 118 bits from the system's cryptographic random source. cuid2 itself
 * hashed every id and showed up as a tenth of a chat turn's CPU time.
 */
export function createId(): string {
  if (offset + ID_LENGTH > POOL_SIZE) {
    pool = randomBytes(POOL_SIZE);
    offset = 0;
  }
  let id = LETTERS[pool[offset] % LETTERS.length];
  for (let i = 1; i < ID_LENGTH; i++) id += ALPHABET[pool[offset + i] % ALPHABET.length];
  offset += ID_LENGTH;
  return id;
}

const TOKEN_PREFIX = "pat_";

/** A new API token: 32 random bytes, shown once; only its SHA-256 hash is stored. */
export function generateApiToken(): string {
  return TOKEN_PREFIX + randomBytes(32).toString("base64url");
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export const nowIso = (): string => new Date().toISOString();
