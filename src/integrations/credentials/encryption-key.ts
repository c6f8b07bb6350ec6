import { hkdfSync, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

export const ENCRYPTION_KEY_FILE = "encryption.key";

/**
 * The 32-byte key that encrypts workspace credentials. From PARLEY_ENCRYPTION_SECRET when set (any
 * text; a key is derived from it), else from `<dataDir>/encryption.key`, created with mode 600 on the
 * first start. Several instances sharing one database must share the secret: set the variable.
 */
export function loadEncryptionKey(options: { secret: string | undefined; dataDir: string }): Buffer {
  if (options.secret) return deriveKey(options.secret);
  const file = path.join(options.dataDir, ENCRYPTION_KEY_FILE);
  return deriveKey(readOrCreateSecret(file));
}

function deriveKey(secret: string): Buffer {
  return Buffer.from(hkdfSync("sha256", secret, "parley", "credentials-encryption", 32));
}

function readOrCreateSecret(file: string): string {
  try {
    return readSecret(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  fs.mkdirSync(path.dirname(file), { recursive: true });
  try {
    // "wx": when two processes start at once, the second one reads the first one's key.
    fs.writeFileSync(file, `${randomBytes(32).toString("base64url")}\n`, { mode: 0o600, flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  return readSecret(file);
}

function readSecret(file: string): string {
  const secret = fs.readFileSync(file, "utf8").trim();
  if (!secret)
    throw new Error(
      `${file} is empty; delete it to generate a new key (credentials encrypted with the old one are lost)`,
    );
  return secret;
}
