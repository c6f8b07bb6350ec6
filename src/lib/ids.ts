import { createHash, randomBytes } from "node:crypto";

const ID_LENGTH = 24;
const TIME_LENGTH = 8;
const RANDOM_LENGTH = ID_LENGTH - TIME_LENGTH;
const ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyz";
// Random bytes are drawn in blocks: one system call per ~170 ids instead of one per id.
const POOL_SIZE = 4096;
let pool = randomBytes(POOL_SIZE);
let offset = 0;

/**
 * Ids for every stored record: 24 characters of [a-z0-9] (cuid2's shape): the creation time in
 * milliseconds (8 base-36 digits, which start with a letter until 2059) followed by 16 characters,
 * about 82 bits, from the system's cryptographic random source. Leading with the time keeps the rows
 * a chat writes at the same moment next to each other in every index keyed by id: a turn then dirties
 * a few pages instead of one random page per index, and the commit writes that much less. The random
 * part alone keeps session and result ids unguessable.
 */
export function createId(): string {
  if (offset + RANDOM_LENGTH > POOL_SIZE) {
    pool = randomBytes(POOL_SIZE);
    offset = 0;
  }
  let id = Date.now().toString(36).padStart(TIME_LENGTH, "0");
  for (let i = 0; i < RANDOM_LENGTH; i++) id += ALPHABET[pool[offset + i] % ALPHABET.length];
  offset += RANDOM_LENGTH;
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
