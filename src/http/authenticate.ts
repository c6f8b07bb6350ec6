import type { FastifyRequest } from "fastify";
import { AppError } from "../errors.js";
import type { AppContext } from "../services/context.js";
import { csrfTokenMatches } from "../services/auth/browser-sessions.js";
import { browserSessionByCookie, callerByApiToken } from "../services/auth/callers.js";
import type { Caller } from "../store/users-repository.js";
import { sessionCookieOf } from "./session-cookie.js";

export const CSRF_HEADER = "x-csrf-token";
export const CSRF_REJECTED = "Missing or invalid CSRF token";

const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Resolves the caller of a management request.
 * - `Authorization: Bearer <token>`: an API token. A header that is malformed or names an unknown or
 *   revoked token → 401, so a mistyped token is never silently ignored.
 * - Otherwise the builder's `parley_session` cookie, only on requests from the builder's own origin
 *   (`isFromOwnOrigin`): bot code on the chat page, in an embed or in the preview never runs there.
 *   An unknown, expired or foreign-origin cookie counts as anonymous (the route then answers 401). Because a browser sends the cookie on its own, a
 *   cookie-authenticated write must also carry the session's CSRF token in `x-csrf-token` (→ 403).
 */
export function createAuthenticate(ctx: AppContext) {
  return async function authenticate(request: FastifyRequest): Promise<Caller | undefined> {
    const header = request.headers.authorization;
    if (header !== undefined) {
      const match = /^Bearer ([A-Za-z0-9_\-.~+/=]{1,512})$/.exec(header.trim());
      if (!match) throw new AppError("UNAUTHORIZED", 'Authorization header must be "Bearer <token>"');
      const caller = await callerByApiToken(ctx, match[1]);
      if (!caller) throw new AppError("UNAUTHORIZED", "Unknown or revoked API token");
      return caller;
    }
    const cookie = sessionCookieOf(request, ctx.config.publicUrl);
    if (!cookie) return undefined;
    const session = await browserSessionByCookie(ctx, cookie);
    if (!session) return undefined;
    if (WRITE_METHODS.has(request.method) && !csrfTokenMatches(request.headers[CSRF_HEADER], session.csrfToken))
      throw new AppError("CSRF_TOKEN_INVALID", CSRF_REJECTED);
    return session.caller;
  };
}
