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

function headerValue(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** The origins the builder is served from: the one this request reached, and PUBLIC_URL's (behind a proxy). */
function ownOrigins(request: FastifyRequest, publicUrl: string): string[] {
  const origins = [`${isHttps(request) ? "https" : "http"}://${request.host}`];
  try {
    origins.push(new URL(publicUrl).origin);
  } catch {
    // A PUBLIC_URL that is no URL names no origin.
  }
  return origins;
}

/**
 * Whether the browser marks the request as made by the builder's own pages. Bot content runs in
 * other origins (the sandboxed chat frame is opaque, embeds live on their host's origin), so their
 * requests say `Sec-Fetch-Site: cross-site`/`same-site` or carry another `Origin`. A request with
 * neither header is not from a browser, and a cookie it carries was put there by its own author.
 */
export function isFromOwnOrigin(request: FastifyRequest, publicUrl: string): boolean {
  const site = headerValue(request, "sec-fetch-site");
  if (site !== undefined && site !== "same-origin") return false;
  const origin = headerValue(request, "origin");
  return origin === undefined || ownOrigins(request, publicUrl).includes(origin);
}

/** The sign-in cookie, only when it may authenticate: sent by the builder's own origin (else ignored). */
export function sessionCookieOf(request: FastifyRequest, publicUrl: string): string | undefined {
  return isFromOwnOrigin(request, publicUrl) ? readCookie(request, SESSION_COOKIE) : undefined;
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
