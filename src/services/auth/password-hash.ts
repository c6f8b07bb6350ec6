import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";

/**
 * Passwords are hashed with scrypt (memory-hard) and a random 16-byte salt per hash. The stored text
 * carries its parameters, `scrypt$N$r$p$salt$hash` (base64url), so they can be raised later without
 * invalidating existing hashes. N=2^15, r=8, p=3 is one of OWASP's recommended scrypt settings:
 * 32 MiB per hash. Node runs scrypt on its thread pool (4 threads), which also bounds the memory a
 * burst of sign-ins can take. `cost` is N for new hashes (PARLEY_PASSWORD_HASH_COST; the test servers
 * use the lowest, since the suite signs in hundreds of times).
 */
// The length bounds live with the request schemas (src/schemas/account.ts), which the web clients share.
export { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "../../schemas/account.js";

const PARAMS = { r: 8, p: 3 };
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;

function derive(
  password: string,
  salt: Buffer,
  params: { N: number; r: number; p: number },
  keyLength: number,
): Promise<Buffer> {
  // Room for the 128·N·r bytes scrypt needs, whatever parameters an older hash was made with.
  const options: ScryptOptions = { ...params, maxmem: 256 * params.N * params.r };
  return new Promise((resolve, reject) =>
    scrypt(password.normalize("NFKC"), salt, keyLength, options, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

export async function hashPassword(password: string, cost: number): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await derive(password, salt, { N: cost, ...PARAMS }, KEY_LENGTH);
  return ["scrypt", cost, PARAMS.r, PARAMS.p, salt.toString("base64url"), key.toString("base64url")].join("$");
}

type ParsedHash = { params: { N: number; r: number; p: number }; salt: Buffer; key: Buffer };

function parseHash(stored: string): ParsedHash | undefined {
  const [scheme, n, r, p, salt, key] = stored.split("$");
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  if (
    scheme !== "scrypt" ||
    !salt ||
    !key ||
    !Object.values(params).every((value) => Number.isInteger(value) && value > 0)
  )
    return undefined;
  const parsed = { params, salt: Buffer.from(salt, "base64url"), key: Buffer.from(key, "base64url") };
  // A damaged hash with a (nearly) empty key would match anything.
  return parsed.key.length >= 16 ? parsed : undefined;
}

/** Random salt and key with the current parameters: checking against it costs what a real check costs. */
const decoys = new Map<number, ParsedHash>();
function decoy(cost: number): ParsedHash {
  let made = decoys.get(cost);
  if (!made) {
    made = { params: { N: cost, ...PARAMS }, salt: randomBytes(SALT_LENGTH), key: randomBytes(KEY_LENGTH) };
    decoys.set(cost, made);
  }
  return made;
}

/**
 * True when `password` matches `stored`. A missing or unreadable hash is checked against a decoy of
 * the current `cost` and fails, so the answer takes the same time whether the account exists or not.
 */
export async function verifyPassword(
  password: string,
  stored: string | null | undefined,
  cost: number,
): Promise<boolean> {
  const parsed = parseHash(stored ?? "");
  const target = parsed ?? decoy(cost);
  const key = await derive(password, target.salt, target.params, target.key.length);
  return timingSafeEqual(key, target.key) && parsed !== undefined;
}
