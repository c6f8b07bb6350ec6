import { createHmac } from "node:crypto";

const base64url = (value: string | Buffer) => Buffer.from(value).toString("base64url");

/** A compact JWT signed with HMAC-SHA256, its header naming the key (`kid`) the receiver checks it with. */
export function signHs256(claims: Record<string, unknown>, secret: string, keyId: string): string {
  const header = base64url(JSON.stringify({ alg: "HS256", typ: "JWT", kid: keyId }));
  const payload = base64url(JSON.stringify(claims));
  const signature = createHmac("sha256", secret).update(`${header}.${payload}`).digest("base64url");
  return `${header}.${payload}.${signature}`;
}
