import type { FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "../errors.js";
import { currentSession, signIn, signOut } from "../services/auth/browser-sessions.js";
import { LoginThrottle } from "../services/auth/login-throttle.js";
import { RedisLoginThrottle, type SignInThrottle } from "../services/auth/shared-login-throttle.js";
import type { RedisConnection } from "../integrations/redis/redis-connection.js";
import { inspectSetupLink, setPasswordWithLink } from "../services/auth/setup-links.js";
import { acceptInvitation, inspectInvitation } from "../services/invitations.js";
import type { AppContext } from "../services/context.js";
import { normalizeEmail } from "../lib/email.js";
import { apiRoutes } from "../schemas/api-routes.js";
import { defineRoute } from "./route.js";
import { clearSessionCookie, isFromOwnOrigin, sessionCookieOf, setSessionCookie } from "./session-cookie.js";

/** Answers that carry the CSRF token must never be kept by a cache. */
const noStore = (reply: FastifyReply) => reply.header("cache-control", "no-store");

/** Signing in to the builder with e-mail and password; the session lives in an HttpOnly cookie. */
export function authRoutes(ctx: AppContext, redis?: RedisConnection) {
  // With REDIS_URL every instance shares one budget; otherwise each counts its own.
  const throttle: SignInThrottle = redis
    ? new RedisLoginThrottle(redis, ctx.config.protection.redisPrefix)
    : new LoginThrottle();
  const sessionToken = (request: FastifyRequest) => sessionCookieOf(request, ctx.config.publicUrl);
  return [
    defineRoute({
      ...apiRoutes.login,
      handler: async ({ body, request, reply }) => {
        // A page of another origin (a bot's chat frame, an embed's host) must not sign the browser in to an account of its choosing.
        if (!isFromOwnOrigin(request, ctx.config.publicUrl))
          throw new AppError("FORBIDDEN", "Sign in from the builder's own pages");
        // Per address and account: behind a proxy that is not trusted every visitor shares one address,
        // and one person's typos must not lock everyone else out.
        const throttleKey = `${request.ip}\u0000${normalizeEmail(body.email)}`;
        const retryAfter = await throttle.retryAfter(throttleKey);
        if (retryAfter !== undefined)
          throw new AppError(
            "TOO_MANY_REQUESTS",
            `Too many failed sign-ins for this account from this address. Retry in ${retryAfter} seconds.`,
            {
              headers: { "retry-after": String(retryAfter) },
            },
          );
        let session: Awaited<ReturnType<typeof signIn>>;
        try {
          session = await signIn(ctx, body.email, body.password);
        } catch (error) {
          if (error instanceof AppError && error.code === "UNAUTHORIZED") await throttle.recordFailure(throttleKey);
          throw error;
        }
        await throttle.recordSuccess(throttleKey);
        setSessionCookie(request, reply, session.token, session.maxAgeSeconds);
        noStore(reply);
        return { user: session.user, csrfToken: session.csrfToken };
      },
    }),
    defineRoute({
      ...apiRoutes.logout,
      handler: async ({ request, reply }) => {
        await signOut(ctx, sessionToken(request));
        clearSessionCookie(request, reply);
        return { message: "success" };
      },
    }),
    defineRoute({
      ...apiRoutes.me,
      handler: async ({ request, reply }) => {
        const session = await currentSession(ctx, sessionToken(request));
        if (!session) throw new AppError("UNAUTHORIZED", "Not signed in");
        noStore(reply);
        return session;
      },
    }),
    defineRoute({
      ...apiRoutes.getSetupLink,
      handler: async ({ query, reply }) => {
        noStore(reply);
        return inspectSetupLink(ctx, query.token);
      },
    }),
    defineRoute({
      ...apiRoutes.getInvitation,
      handler: async ({ query, reply }) => {
        noStore(reply);
        return inspectInvitation(ctx, query.token);
      },
    }),
    defineRoute({
      ...apiRoutes.acceptInvitation,
      handler: ({ caller, body }) => acceptInvitation(ctx, caller, body),
    }),
    defineRoute({
      ...apiRoutes.setPassword,
      handler: async ({ body }) => {
        await setPasswordWithLink(ctx, body.token, body.password);
        return { message: "success" };
      },
    }),
  ];
}
