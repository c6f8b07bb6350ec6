import type { FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { AppError } from "../errors.js";
import { messageResponseSchema } from "../schemas/common.js";
import { currentSession, signIn, signOut } from "../services/auth/browser-sessions.js";
import { LoginThrottle } from "../services/auth/login-throttle.js";
import { RedisLoginThrottle, type SignInThrottle } from "../services/auth/shared-login-throttle.js";
import type { RedisConnection } from "../integrations/redis/redis-connection.js";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "../services/auth/password-hash.js";
import { setPasswordWithLink } from "../services/auth/setup-links.js";
import type { AppContext } from "../services/context.js";
import { normalizeEmail } from "../lib/email.js";
import { defineRoute } from "./route.js";
import { clearSessionCookie, isFromOwnOrigin, sessionCookieOf, setSessionCookie } from "./session-cookie.js";

const signedInSchema = z.object({
  user: z.object({ id: z.string(), email: z.string() }),
  /** Send it back in `x-csrf-token` on every write made with the cookie. */
  csrfToken: z.string(),
});

export const newPasswordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, { error: `Password must be at least ${PASSWORD_MIN_LENGTH} characters long` })
  .max(PASSWORD_MAX_LENGTH, { error: `Password must be at most ${PASSWORD_MAX_LENGTH} characters long` });

/** Answers that carry the CSRF token must never be kept by a cache. */
const noStore = (reply: FastifyReply) => reply.header("cache-control", "no-store");

/** Signing in to the builder with e-mail and password; the session lives in an HttpOnly cookie. */
export function authRoutes(ctx: AppContext, redis?: RedisConnection) {
  const tags = ["Sign-in"];
  // With REDIS_URL every instance shares one budget; otherwise each counts its own.
  const throttle: SignInThrottle = redis
    ? new RedisLoginThrottle(redis, ctx.config.protection.redisPrefix)
    : new LoginThrottle();
  const sessionToken = (request: FastifyRequest) => sessionCookieOf(request, ctx.config.publicUrl);
  return [
    defineRoute({
      method: "POST",
      url: "/api/auth/login",
      summary: "Sign in with e-mail and password (sets the parley_session cookie)",
      tags,
      auth: "none",
      body: z.object({
        email: z.string().trim().min(1).max(320),
        password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
      }),
      response: signedInSchema,
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
        let session;
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
      method: "POST",
      url: "/api/auth/logout",
      summary: "Sign out: the session is deleted and the cookie cleared",
      tags,
      // No CSRF check: SameSite=Lax keeps other sites' posts cookie-less, and the worst a forged
      // sign-out could do is sign someone out.
      auth: "none",
      response: messageResponseSchema,
      handler: async ({ request, reply }) => {
        await signOut(ctx, sessionToken(request));
        clearSessionCookie(request, reply);
        return { message: "success" };
      },
    }),
    defineRoute({
      method: "GET",
      url: "/api/auth/me",
      summary: "The signed-in user and the session's CSRF token (401 when not signed in)",
      tags,
      auth: "none",
      response: signedInSchema,
      handler: async ({ request, reply }) => {
        const session = await currentSession(ctx, sessionToken(request));
        if (!session) throw new AppError("UNAUTHORIZED", "Not signed in");
        noStore(reply);
        return session;
      },
    }),
    defineRoute({
      method: "POST",
      url: "/api/auth/password",
      summary:
        "Set a password with a one-time setup link token (printed at first start or by `parley user setup-link`)",
      tags,
      auth: "none",
      body: z.object({ token: z.string().min(1).max(512), password: newPasswordSchema }),
      response: messageResponseSchema,
      handler: async ({ body }) => {
        await setPasswordWithLink(ctx, body.token, body.password);
        return { message: "success" };
      },
    }),
  ];
}
