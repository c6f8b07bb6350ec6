import type { Caller } from "../../store/users-repository.js";
import type { AppContext } from "../context.js";

/** The caller behind an API token; undefined when the token is unknown or revoked. */
export function callerByApiToken(ctx: AppContext, token: string): Promise<Caller | undefined> {
  return ctx.users.authenticate(token);
}

/** The builder session behind a cookie value, with its CSRF token; undefined when signed out or expired. */
export async function browserSessionByCookie(
  ctx: AppContext,
  cookie: string,
): Promise<{ caller: Caller; csrfToken: string } | undefined> {
  const session = await ctx.browserSessions.findByToken(cookie);
  return session
    ? { caller: { userId: session.userId, browserSessionId: session.id }, csrfToken: session.csrfToken }
    : undefined;
}
