import { createHmac, randomBytes } from "node:crypto";

/** Standard Webhooks secrets: `whsec_` and base64 of random bytes (the spec asks for 24 to 64). */
export function createWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString("base64")}`;
}

/**
 * The headers of one delivery attempt, per the Standard Webhooks specification: `webhook-id` (the
 * same on every attempt of one message, receivers de-duplicate on it), `webhook-timestamp` (unix
 * seconds of this attempt) and `webhook-signature`: `v1,` + base64 HMAC-SHA256, keyed with the
 * secret's base64-decoded part after `whsec_`, of `id.timestamp.body`.
 */
export function signedHeaders(secret: string, id: string, timestamp: number, body: string): Record<string, string> {
  const key = Buffer.from(secret.replace(/^whsec_/, ""), "base64");
  const signature = createHmac("sha256", key).update(`${id}.${timestamp}.${body}`).digest("base64");
  return {
    "webhook-id": id,
    "webhook-timestamp": String(timestamp),
    "webhook-signature": `v1,${signature}`,
  };
}
