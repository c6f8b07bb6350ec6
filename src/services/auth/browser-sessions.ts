import { randomBytes, timingSafeEqual } from "node:crypto";
import { AppError } from "../../errors.js";
import type { AppContext } from "../context.js";
import { hashPassword, verifyPassword } from "./password-hash.js";

/** A sign-in lasts two weeks from the moment of signing in; the cookie expires with it. */
export const BROWSER_SESSION_LIFETIME_MS = 14 * 24 * 3_600_000;

export const WRONG_CREDENTIALS = "Wrong e-mail or password";

export type SignedInUser = { id: string; email: string };
export type SignIn = { user: SignedInUser; token: string; csrfToken: string; maxAgeSeconds: number };

const randomToken = () => randomBytes(32).toString("base64url");

/** Checks the password (same answer and cost whether or not the e-mail exists) and opens a session. */
export async function signIn(ctx: AppContext, email: string, password: string): Promise<SignIn> {
  const user = await ctx.users.findByEmail(email);
  const matches = await verifyPassword(password, user?.passwordHash, ctx.config.protection.passwordHashCost);
  if (!user || !matches) throw new AppError("UNAUTHORIZED", WRONG_CREDENTIALS);
  await ctx.browserSessions.deleteExpired();
  const token = randomToken();
  const csrfToken = randomToken();
  const expiresAt = new Date(Date.now() + BROWSER_SESSION_LIFETIME_MS).toISOString();
  await ctx.browserSessions.create({ userId: user.id, token, csrfToken, expiresAt });
  return {
    user: { id: user.id, email: user.email },
    token,
    csrfToken,
    maxAgeSeconds: BROWSER_SESSION_LIFETIME_MS / 1000,
  };
}

/** The signed-in user behind a cookie value, with the session's CSRF token; undefined when signed out. */
export async function currentSession(
  ctx: AppContext,
  token: string | undefined,
): Promise<{ user: SignedInUser; csrfToken: string } | undefined> {
  if (!token) return undefined;
  const session = await ctx.browserSessions.findByToken(token);
  const user = session && (await ctx.users.findById(session.userId));
  return session && user ? { user: { id: user.id, email: user.email }, csrfToken: session.csrfToken } : undefined;
}

export async function signOut(ctx: AppContext, token: string | undefined): Promise<void> {
  if (token) await ctx.browserSessions.deleteByToken(token);
}

/** Constant-time comparison of the header a write carries with the session's token. */
export function csrfTokenMatches(given: string | string[] | undefined, expected: string): boolean {
  if (typeof given !== "string") return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Sets a user's password and signs out every browser that used the previous one. */
export async function setPassword(ctx: AppContext, userId: string, password: string): Promise<void> {
  await ctx.users.setPasswordHash(userId, await hashPassword(password, ctx.config.protection.passwordHashCost));
  await ctx.browserSessions.deleteForUser(userId);
}
