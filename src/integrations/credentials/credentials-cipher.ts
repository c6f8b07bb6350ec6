import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";

const FORMAT = "v1";

/**
 * AES-256-GCM with a random 12-byte nonce per value. The credentials' workspace and id are bound in
 * as associated data, so a ciphertext copied onto another row does not decrypt.
 */
export class CredentialsCipher {
  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new Error("The credentials key must be 32 bytes");
  }

  encrypt(data: unknown, binding: { workspaceId: string; id: string }): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv("aes-256-gcm", this.key, iv);
    cipher.setAAD(aad(binding));
    const ciphertext = Buffer.concat([cipher.update(JSON.stringify(data), "utf8"), cipher.final()]);
    return `${FORMAT}:${Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString("base64")}`;
  }

  /** Throws when the text was not encrypted by this key for this row. */
  decrypt(text: string, binding: { workspaceId: string; id: string }): unknown {
    const [format, payload] = text.split(":");
    if (format !== FORMAT || !payload) throw new Error("Unknown credentials format");
    const bytes = Buffer.from(payload, "base64");
    const decipher = createDecipheriv("aes-256-gcm", this.key, bytes.subarray(0, 12));
    decipher.setAAD(aad(binding));
    decipher.setAuthTag(bytes.subarray(12, 28));
    return JSON.parse(Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString("utf8"));
  }
}

const aad = ({ workspaceId, id }: { workspaceId: string; id: string }) => Buffer.from(`${workspaceId}/${id}`, "utf8");
