import type { FastifyReply, FastifyRequest } from "fastify";

/** The builder's sign-in cookie; its value is 32 random bytes, stored server-side only as a hash. */
export const SESSION_COOKIE = "parley_session";

/** The value of one cookie of the request, or undefined. Malformed pairs are skipped, never fatal. */
export function readCookie(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const pair of header.split(";")) {
    const separator = pair.indexOf("=");
    if (separator < 0 || pair.slice(0, separator).trim() !== name) continue;
    const raw = pair
      .slice(separator + 1)
      .trim()
      .replace(/^"(.*)"$/, "$1");
    try {
      return decodeURIComponent(raw);
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/**
 * HTTPS seen directly or reported by a proxy. X-Forwarded-Proto is believed even without proxy
 * trust: a forged value can only make the cookie stricter (Secure), never looser.
 */
export function isHttps(request: FastifyRequest): boolean {
  if (request.protocol === "https") return true;
  const forwarded = request.headers["x-forwarded-proto"];
  const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(",")[0]?.trim().toLowerCase();
  return first === "https";
}

function sessionCookie(request: FastifyRequest, value: string, maxAgeSeconds: number): string {
  const attributes = [`${SESSION_COOKIE}=${value}`, "Path=/", "HttpOnly", "SameSite=Lax", `Max-Age=${maxAgeSeconds}`];
  if (isHttps(request)) attributes.push("Secure");
  return attributes.join("; ");
}

export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  maxAgeSeconds: number,
): void {
  reply.header("set-cookie", sessionCookie(request, token, maxAgeSeconds));
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.header("set-cookie", sessionCookie(request, "", 0));
}
